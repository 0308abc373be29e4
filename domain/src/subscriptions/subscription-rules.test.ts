import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATES, SMS_SEGMENT_CHARS, smsEncoding } from '../alerts/sms-template';
import {
  maskAddress,
  maskEmail,
  maskPhone,
  phoneToInternational,
  SMS_WAY_OUT_EXAMPLE,
  smsTemplateSubscriberExample,
  smsWayOut,
  smsWithWayOut,
  warningKindOfAlert,
} from './subscription-rules';
import { SubscribeBodySchema } from './subscriptions.schemas';

describe('subscription rules (#24)', () => {
  it('one form per phone number, whatever way it was typed', () => {
    for (const typed of ['0912345678', '+84912345678', '84912345678', '0912 345 678'.replace(/ /g, '')])
      expect(phoneToInternational(typed)).toBe('84912345678');
  });

  it('masks phones, e-mails and push endpoints', () => {
    expect(maskPhone('84912345678')).toBe('0912***678');
    expect(maskPhone('0912345678')).toBe('0912***678');
    expect(maskPhone('123')).toBe('***');
    expect(maskEmail('dan.thon@example.vn')).toBe('d***@example.vn');
    expect(maskEmail('nonsense')).toBe('***');
    expect(maskAddress('push', 'https://fcm.googleapis.com/fcm/send/abc:def')).toBe('fcm.googleapis.com/…');
    expect(maskAddress('zalo', '84912345678')).toBe('0912***678');
  });

  it('a water level or rise is a flood warning, rain is heavy rain, a silent station is nobody’s', () => {
    expect(warningKindOfAlert('WATER_LEVEL')).toBe('flood');
    expect(warningKindOfAlert('WATER_RISE')).toBe('flood');
    expect(warningKindOfAlert('RAIN_24H')).toBe('heavy_rain');
    expect(warningKindOfAlert('RAIN_INTENSITY')).toBe('heavy_rain');
    expect(warningKindOfAlert('STATION_SILENT')).toBeNull();
  });

  it('an SMS with its way out stays one GSM-7 segment: the text gives way, never the link', () => {
    const link = 'https://canhbao.bache.vn/h/7ps.AbCdEfGhIj';
    expect(smsWayOut(link)).toBe(' Huy DK: canhbao.bache.vn/h/7ps.AbCdEfGhIj');
    // A text that takes its room (make shortens itself to the limit it is given).
    const fitted = smsWithWayOut((limit) => 'x'.repeat(limit), link);
    expect(fitted.length).toBe(SMS_SEGMENT_CHARS);
    // A text that ignores its limit is cut at a word's end, marked '..'.
    const long = 'Canh bao lu tren song Ba Che '.repeat(8);
    const cut = smsWithWayOut(() => long, link);
    expect(cut.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    expect(cut).toMatch(/\w\.\. Huy DK: canhbao\.bache\.vn\/h\/7ps\.AbCdEfGhIj$/);
    // Accents are folded: one GSM-7 segment.
    expect(smsEncoding(smsWithWayOut(() => 'Cảnh báo lũ: Trạm thuỷ văn Đồn Đạc', link))).toBe('GSM-7');
  });

  it('the template editor’s subscriber example: the way out kept, a long name shortened and said so', () => {
    const short = smsTemplateSubscriberExample('LU %s %.2f m');
    expect(short.text.endsWith(SMS_WAY_OUT_EXAMPLE)).toBe(true);
    expect(short.nameCut).toBe(false);
    for (const template of Object.values(DEFAULT_SMS_TEMPLATES)) {
      const ex = smsTemplateSubscriberExample(template);
      expect(ex.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
      expect(ex.text.endsWith(SMS_WAY_OUT_EXAMPLE)).toBe(true);
    }
    // The editor's example station is longer than any real one: with the way out its name is shortened.
    expect(smsTemplateSubscriberExample(DEFAULT_SMS_TEMPLATES.FLOOD_WARNING).nameCut).toBe(true);
  });

  it('the sign-up names the missing field of each chosen channel', () => {
    const base = { communes: ['06970'], kinds: ['flood'], altcha: 'x' };
    const issues = (body: object) =>
      SubscribeBodySchema.safeParse({ ...base, ...body }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ channels: [] })).toEqual([['channels', 'Chọn ít nhất một cách nhận cảnh báo']]);
    expect(issues({ channels: ['sms', 'email'] })).toEqual([
      ['phone', 'Nhập số điện thoại để nhận SMS hoặc Zalo'],
      ['email', 'Nhập địa chỉ thư điện tử'],
    ]);
    expect(issues({ channels: ['zalo'], phone: '0912345678' })).toEqual([
      ['zaloConsent', 'Cần đồng ý nhận tin qua Zalo'],
    ]);
    expect(issues({ channels: ['push'] })).toEqual([['push', 'Trình duyệt chưa cho phép nhận thông báo']]);
    expect(issues({ channels: ['sms'], phone: '0912345678', communes: [] })?.[0]?.[0]).toBe('communes');
    expect(SubscribeBodySchema.parse({ ...base, channels: ['sms'], phone: '0912 345 678' }).phone).toBe('0912345678');
  });
});

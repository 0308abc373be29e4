import { describe, expect, it } from 'vitest';
import { SmsTemplateBodySchema } from './sms.schemas';
import {
  alertCancelMessage,
  alertEscalationMessage,
  DEFAULT_SMS_TEMPLATES,
  fillSmsTemplate,
  formatSmsTemplate,
  isValidSmsTemplate,
  SMS_SEGMENT_CHARS,
  smsEncoding,
  smsHistoryLabels,
  smsLength,
  smsSegments,
  smsTemplateExample,
  toGsm7,
} from './sms-template';

describe('SMS template rule', () => {
  it('needs %s and one of %f or %.2f', () => {
    expect(isValidSmsTemplate('Tram %s: %f mm')).toBe(true);
    expect(isValidSmsTemplate('Tram %s cap %d: %.2f m')).toBe(true);
    expect(isValidSmsTemplate('Tram %s len %.0f cm/gio')).toBe(true);
    expect(isValidSmsTemplate('Tram %s cap %d')).toBe(false);
    expect(isValidSmsTemplate('Muc nuoc %.2f m')).toBe(false);
    expect(isValidSmsTemplate('')).toBe(false);
  });
});

describe('formatSmsTemplate', () => {
  it('fills %s, %d, %f and %.2f with a decimal comma, and keeps %%', () => {
    expect(
      formatSmsTemplate('Tram %s dat cap %d, muc nuoc %.2f m (100%%)', { station: 'Ba Che', level: 2, value: 0.5 }),
    ).toBe('Tram Ba Che dat cap 2, muc nuoc 0,50 m (100%)');
    expect(formatSmsTemplate('%s: %f mm', { station: 'Nam Son', value: 35.25 })).toBe('Nam Son: 35,25 mm');
    expect(formatSmsTemplate('%s: %.1f mm', { station: 'X', value: 1234.56 })).toBe('X: 1234,6 mm');
    expect(formatSmsTemplate('%s: %f', { station: 'X', value: 12 })).toBe('X: 12');
    expect(formatSmsTemplate('%s cap %d', { station: 'X', value: 1 })).toBe('X cap ');
  });
});

describe('GSM-7 text', () => {
  it('strips the Vietnamese marks and đ from the whole message', () => {
    expect(toGsm7('Trạm thuỷ văn Đồn Đạc, mưa đá')).toBe('Tram thuy van Don Dac, mua da');
    expect(formatSmsTemplate('%s: %f', { station: 'Trạm đo mưa Thị trấn Ba Chẽ', value: 1 })).toBe(
      'Tram do mua Thi tran Ba Che: 1',
    );
  });

  it('the rise template reports a rate in cm/gio, not a water level', () => {
    const text = formatSmsTemplate(DEFAULT_SMS_TEMPLATES.WATER_RISE, {
      station: 'Trạm thuỷ văn Ba Chẽ',
      level: 1,
      value: 49.2,
    });
    expect(text).toContain('NUOC LEN NHANH');
    expect(text).toContain('len 49 cm/gio');
    expect(text).not.toMatch(/muc nuoc/);
  });
});

describe('history labels', () => {
  it('shows THÀNH CÔNG / ĐÃ XEM only for SUCCESS', () => {
    expect(smsHistoryLabels('SUCCESS')).toEqual({ status: 'THÀNH CÔNG', confirmation: 'ĐÃ XEM' });
    expect(smsHistoryLabels('FAILED')).toEqual({ status: 'THẤT BẠI', confirmation: 'CHƯA XEM' });
    expect(smsHistoryLabels('UNCERTAIN')).toEqual({ status: 'KHÔNG RÕ (CÓ THỂ ĐÃ GỬI)', confirmation: 'CHƯA XEM' });
  });
});

describe('e-mail text', () => {
  it('keeps the accents of the station name (no GSM-7 limit), with the same decimal comma', () => {
    expect(fillSmsTemplate('%s: %.2f m', { station: 'Trạm thuỷ văn Ba Chẽ', value: 0.5 })).toBe(
      'Trạm thuỷ văn Ba Chẽ: 0,50 m',
    );
  });
});

describe('cancel and reminder messages (#22)', () => {
  const long = 'Trạm thuỷ văn Đồn Đạc đối diện Trung tâm Y tế huyện Ba Chẽ, cầu Ba Chẽ mới, tỉnh Quảng Ninh';
  it('says "Huy canh bao" in one GSM-7 segment, shortening only the station name', () => {
    const m = alertCancelMessage('WATER_LEVEL', 'Trạm Cầu Ba Chẽ', 3);
    expect(m.sms).toBe(
      'Huy canh bao muc nuoc bao dong 3 tai Tram Cau Ba Che: so lieu do sai, da hieu chinh. Khong con canh bao nay.',
    );
    expect(m.email).toContain('Huỷ cảnh báo mực nước báo động 3 tại Trạm Cầu Ba Chẽ');
    const cut = alertCancelMessage('WATER_LEVEL', long, 3).sms;
    expect(cut.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    expect(cut).toMatch(/^Huy canh bao muc nuoc bao dong 3 tai Tram thuy van Don Dac.*\.: so lieu do sai/);
    expect(cut).toBe(toGsm7(cut));
  });

  it('reminds the on-duty list with the value now, a decimal comma, in one segment', () => {
    const m = alertEscalationMessage('WATER_LEVEL', 'Trạm Cầu Ba Chẽ', 3, 82, 15);
    expect(m.sms).toBe(
      'CHUA AI NHAN XU LY sau 15 phut: muc nuoc bao dong 3 tai Tram Cau Ba Che, hien 0,82 m. Vao he thong de xac nhan.',
    );
    expect(alertEscalationMessage('RAIN_24H', long, 2, 250, 45, 200).sms.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
  });

  it('a 24-hour rain alert says the threshold reached, with ">=" in the SMS (GSM-7 has no "≥")', () => {
    const m = alertCancelMessage('RAIN_24H', 'Trạm Nam Sơn', 1, 100);
    expect(m.email).toContain('Huỷ cảnh báo mưa lớn ≥ 100 mm/24 giờ tại Trạm Nam Sơn');
    expect(m.sms).toContain('Huy canh bao mua lon >= 100 mm/24 gio tai Tram Nam Son');
    expect(m.sms).not.toMatch(/lu quet|≥/);
    const long = 'Trạm thuỷ văn Đồn Đạc đối diện Trung tâm Y tế huyện Ba Chẽ, cầu Ba Chẽ mới, tỉnh Quảng Ninh';
    const r = alertEscalationMessage('RAIN_24H', long, 3, 412.6, 45, 400).sms;
    expect(r.length).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    expect(r).toMatch(
      /^CHUA AI NHAN XU LY sau 45 phut: mua lon >= 400 mm\/24 gio tai Tram thuy van Don Dac.*\., hien 413 mm\/24 gio\./,
    );
    // Every character is in GSM-7's basic set.
    expect(r).toMatch(/^[\x20-\x7e]*$/);
  });

  it('toGsm7 writes the signs GSM-7 lacks with its own', () => {
    expect(toGsm7('≥ 100 – “mưa” ≤ 5…')).toBe('>= 100 - "mua" <= 5...');
  });
});

describe('text that fits one SMS (#24)', () => {
  it('tells GSM-7 from UCS-2 and counts septets and segments as the network does', () => {
    expect(smsEncoding('CANH BAO LU: Tram Ba Che 3,32 m')).toBe('GSM-7');
    expect(smsEncoding('Cảnh báo lũ')).toBe('UCS-2');
    expect(smsLength('a€b')).toBe(4); // € is an extension character: escape + character
    expect(smsSegments('x'.repeat(160))).toBe(1);
    expect(smsSegments('x'.repeat(161))).toBe(2);
    expect(smsSegments('x'.repeat(307))).toBe(3);
    expect(smsSegments('ả'.repeat(70))).toBe(1);
    expect(smsSegments('ả'.repeat(71))).toBe(2);
  });

  it('every default template, filled with the longest station name, is one GSM-7 segment', () => {
    for (const [type, template] of Object.entries(DEFAULT_SMS_TEMPLATES)) {
      const example = smsTemplateExample(template);
      expect(example.encoding, type).toBe('GSM-7');
      expect(example.segments, `${type}: ${example.text}`).toBe(1);
      expect(example.text).toContain('Tram thuy van Thi tran Ba Che (cau Ba Che)');
      expect(example.text).toMatch(/215,4|215/);
    }
  });

  it('refuses a template whose example needs a second segment, saying how long it is', () => {
    const long = `${DEFAULT_SMS_TEMPLATES.FLOOD_WARNING} Lien he truc ban PCTT xa de biet them chi tiet.`;
    const r = SmsTemplateBodySchema.safeParse({ template: long });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^Tin nhắn mẫu dài \d+ ký tự, cần 2 tin; rút gọn để vừa 1 tin/);
    expect(SmsTemplateBodySchema.safeParse({ template: DEFAULT_SMS_TEMPLATES.RAIN_WARNING }).success).toBe(true);
  });

  it('shortens a station name too long for one segment, never the template’s words', () => {
    const name = `Trạm thuỷ văn ${'Khe Lạnh thượng nguồn '.repeat(4)}`;
    const sms = formatSmsTemplate(DEFAULT_SMS_TEMPLATES.FLOOD_WARNING, { station: name, level: 2, value: 3.32 });
    expect(smsSegments(sms)).toBe(1);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(/^CANH BAO LU: Tram thuy van Khe Lanh .*\. bao dong 2 \(3,32 m\)\. Ven song/);
    expect(sms.endsWith('chu dong so tan, phong tranh.')).toBe(true);
  });
});

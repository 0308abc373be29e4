import { describe, expect, it } from 'vitest';
import { SMS_SEGMENT_CHARS, smsEncoding } from '../alerts/sms-template';
import { AreaSettingsSchema, DEFAULT_AREA, unitTypeOf } from './area.schemas';
import { areaTexts, unitFullName } from './area-texts';
import { regionUnits, unitGeometries } from './region-units';

const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 21],
      [x + 0.1, 21],
      [x + 0.1, 21.1],
      [x, 21],
    ],
  ],
});

describe('the area settings (#26)', () => {
  it('the built-in default is valid and says what the portal said before', () => {
    expect(AreaSettingsSchema.parse(DEFAULT_AREA)).toEqual(DEFAULT_AREA);
    const t = areaTexts(DEFAULT_AREA);
    expect(t.portalName).toBe('Cảnh báo lũ, mưa huyện Ba Chẽ');
    expect(t.description).toBe('Cổng thông tin cảnh báo sớm lũ, mưa huyện Ba Chẽ, tỉnh Quảng Ninh');
    expect(t.capSender.vi).toBe('Cổng cảnh báo lũ, mưa huyện Ba Chẽ');
    expect(t.footerArea).toBe('Huyện Ba Chẽ');
    expect(t.owner).toBe('Ủy ban nhân dân huyện Ba Chẽ, tỉnh Quảng Ninh');
    expect(t.copyright(2026)).toBe('© 2026 Ủy ban nhân dân huyện Ba Chẽ. Bảo lưu mọi quyền.');
    expect(t.warningSubject).toBe('Cảnh báo lũ, mưa – huyện Ba Chẽ');
    expect(t.staffPhoneCodeSms('123456', 10)).toBe(
      'Ma xac thuc Cong canh bao lu Ba Che: 123456. Ma co hieu luc trong 10 phut. Khong chia se ma nay.',
    );
    expect(DEFAULT_AREA.units.map(unitFullName)).toContain('Thị trấn Ba Chẽ');
  });

  it('the SMS that name the area stay one GSM-7 segment with the longest short name allowed', () => {
    const t = areaTexts({ ...DEFAULT_AREA, shortName: 'Đặc khu Vân Đồn Quảng Ni' });
    for (const text of [
      t.staffPhoneCodeSms('123456', 60),
      t.subscriberPhoneCodeSms('123456', 60),
      t.inviteSms('Xã Kỳ Thượng', '123456', 'canhbao.bache.vn/h/7ps.AbCdEfGh'),
    ]) {
      expect(smsEncoding(text), text).toBe('GSM-7');
      expect(text.length, text).toBeLessThanOrEqual(SMS_SEGMENT_CHARS);
    }
    expect(AreaSettingsSchema.safeParse({ ...DEFAULT_AREA, shortName: 'x'.repeat(25) }).success).toBe(false);
  });

  it('refuses duplicate codes and text a JSON column cannot hold, naming the field', () => {
    const twice = AreaSettingsSchema.safeParse({
      ...DEFAULT_AREA,
      units: [DEFAULT_AREA.units[0], DEFAULT_AREA.units[0]],
    });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['units.1.code']);
    const broken = AreaSettingsSchema.safeParse({ ...DEFAULT_AREA, operator: 'UBND \ud800' });
    expect(broken.error?.issues.map((i) => i.path.join('.'))).toEqual(['operator']);
    const badCode = AreaSettingsSchema.safeParse({ ...DEFAULT_AREA, units: [{ code: 'mã 1', name: 'A', type: 'XA' }] });
    expect(badCode.error?.issues.map((i) => i.path.join('.'))).toEqual(['units.0.code']);
  });

  it('reads unit types as files write them', () => {
    expect(unitTypeOf('Xã')).toBe('XA');
    expect(unitTypeOf('xa')).toBe('XA');
    expect(unitTypeOf('Phường')).toBe('PHUONG');
    expect(unitTypeOf('Thị trấn')).toBe('THI_TRAN');
    expect(unitTypeOf('Đặc khu')).toBe('DAC_KHU');
    expect(unitTypeOf('Ward')).toBe('PHUONG');
    expect(unitTypeOf('Huyện')).toBeNull();
    expect(unitTypeOf(7)).toBeNull();
  });
});

describe('units of a region layer', () => {
  const layer = {
    features: [
      { properties: { MA: 6978, TEN: 'Xã Ba Chẽ', LOAI: '' }, geometry: square(107.2) },
      { properties: { MA: '06979', TEN: 'Kỳ Thượng', LOAI: 'Phường' }, geometry: square(107.1) },
      { properties: { MA: '06979', TEN: 'Kỳ Thượng (bản sao)' }, geometry: square(107.1) },
      { properties: { MA: '', TEN: 'Không mã' }, geometry: square(107.3) },
      { properties: { MA: '06985', TEN: 'Lương Minh' }, geometry: { type: 'Point', coordinates: [107.4, 21.1] } },
      { properties: { MA: '06986', TEN: '  ' }, geometry: square(107.5) },
    ],
  };

  it('one unit per polygon with a code and a name; the type from its property or its name; the rest said why', () => {
    const { units, skipped } = regionUnits(layer, { codeProperty: 'MA', nameProperty: 'TEN', typeProperty: 'LOAI' });
    expect(units).toEqual([
      { code: '6978', name: 'Ba Chẽ', type: 'XA' },
      { code: '06979', name: 'Kỳ Thượng', type: 'PHUONG' },
    ]);
    expect(skipped).toEqual([
      { feature: 3, reason: 'mã 06979 trùng với một vùng trước' },
      { feature: 4, reason: 'không có mã ở thuộc tính MA' },
      { feature: 5, reason: 'không phải vùng (Polygon/MultiPolygon)' },
      { feature: 6, reason: 'không có tên ở thuộc tính TEN' },
    ]);
  });

  it('gives each code its first polygon', () => {
    const shapes = unitGeometries(layer, 'MA');
    expect([...shapes.keys()]).toEqual(['6978', '06979', '06986']);
    expect(shapes.get('06979')).toEqual(square(107.1));
    expect(unitGeometries(null, 'MA').size).toBe(0);
  });
});

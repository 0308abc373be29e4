import { WarningBodySchema } from '@flood/domain';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { staffWarning } from '../warnings.fixtures';
import { closedRing, formFieldOf, initialWarningValues, severityOptions, warningBodyOf } from './warning-form';
import { hourThenDate, msUntilNextExpiry, warningsInForce } from './warnings-in-force';

describe('the composer’s model', () => {
  it('offers 1 to the kind’s highest level on each scale', () => {
    expect(severityOptions('flood', 'level', 'vi').map((o) => o.name)).toEqual([
      'Báo động 1',
      'Báo động 2',
      'Báo động 3',
      'Trên báo động 3',
    ]);
    expect(severityOptions('heavy_rain', 'risk', 'en').map((o) => [o.name, o.colour])).toEqual([
      ['Disaster risk level 1', '#8fd3fe'],
      ['Disaster risk level 2', '#fff59d'],
      ['Disaster risk level 3', '#ff9800'],
      ['Disaster risk level 4', '#c62828'],
    ]);
    expect(severityOptions('flash_flood', 'risk', 'vi')).toHaveLength(3);
    expect(severityOptions('inundation', 'level', 'vi').map((o) => o.name)).toEqual([
      'Ngập nhẹ',
      'Ngập sâu',
      'Ngập rất sâu',
    ]);
  });

  it('closes a drawn ring, rounded to 6 decimals, without repeated corners', () => {
    expect(
      closedRing([
        [107.1234567, 21.1234564],
        [107.2, 21.1],
        [107.2, 21.1],
        [107.2, 21.2],
      ]),
    ).toEqual([
      [107.123457, 21.123456],
      [107.2, 21.1],
      [107.2, 21.2],
      [107.123457, 21.123456],
    ]);
  });

  it('sends the drawn area alone, the risk scale with its source, times with the district’s offset', () => {
    const values = {
      ...initialWarningValues(null, dayjs('2026-11-26T14:05:00')),
      areaMode: 'polygon' as const,
      communes: ['06973'],
      polygon: closedRing([
        [107.28, 21.26],
        [107.3, 21.26],
        [107.3, 21.28],
      ]),
      relay: true,
      severity: 3,
      source: ' Đài KTTV tỉnh Quảng Ninh ',
      headlineVi: 'Lũ',
      descriptionVi: 'Nước lên',
      instructionVi: 'Sơ tán',
    };
    const body = warningBodyOf(values);
    expect(body).toMatchObject({
      communes: [],
      severityScale: 'risk',
      source: 'Đài KTTV tỉnh Quảng Ninh',
      effectiveAt: '2026-11-26T14:05:00+07:00',
      expiresAt: '2026-11-27T14:05:00+07:00',
    });
    expect(WarningBodySchema.safeParse(body).success).toBe(true);
  });

  it('puts a problem of the body (or the server’s `warning.` field) on the form field that shows it', () => {
    expect(formFieldOf('severityScale', 'communes')).toBe('severity');
    expect(formFieldOf('warning.headlineVi', 'communes')).toBe('headlineVi');
    expect(formFieldOf('polygon.3.0', 'polygon')).toBe('polygon');
    expect(formFieldOf('communes', 'polygon')).toBe('polygon');
    expect(formFieldOf('communes.1', 'communes')).toBe('communes');
    expect(formFieldOf('attachmentId', 'communes')).toBe('attachment');
  });

  it('reads a stored warning back into the form', () => {
    const values = initialWarningValues(staffWarning({ severityScale: 'risk', severity: 4, source: 'Đài' }), dayjs());
    expect(values).toMatchObject({ areaMode: 'communes', relay: true, severity: 4, source: 'Đài', descriptionEn: '' });
    expect(values.effectiveAt?.format('DD/MM/YYYY HH:mm')).toBe('26/11/2026 08:00');
  });
});

describe('the warnings in force', () => {
  const w = staffWarning();
  it('keeps those not expired nor cancelled, most severe first, and knows when the next one ends', () => {
    const now = Date.parse('2026-11-26T05:00:00Z');
    const list = [
      { ...w, id: 1, severity: 1, expiresAt: '2026-11-26T06:00:00Z' },
      { ...w, id: 2, severity: 4, expiresAt: '2026-11-26T09:00:00Z' },
      { ...w, id: 3, expiresAt: '2026-11-26T04:59:59Z' },
      { ...w, id: 4, cancelledAt: '2026-11-26T04:00:00Z' },
    ];
    expect(warningsInForce(list, now).map((x) => x.id)).toEqual([2, 1]);
    expect(msUntilNextExpiry(list, now)).toBe(3_600_000);
    expect(msUntilNextExpiry([], now)).toBeNull();
    expect(hourThenDate('2026-11-26T07:00:00Z')).toBe('14:00 26/11/2026');
  });
});

import { describe, expect, it } from 'vitest';
import { formatIsoWithOffset } from '../common/time';
import { pointInGeometry } from '../geo/geometry';
import { CAP_EVENT_CODE_NAME, WARNING_EVENT_CODES } from '../warnings/warning-rules';
import { alertMessageEn } from './alert-rules';
import {
  ALERT_EVENT_CODES,
  CAP_EVENT_CODES,
  CAP_PUBLIC_KINDS,
  capClassification,
  capExpiresAt,
  capInfoTexts,
  capRenewalDue,
  capRing,
  partContaining,
} from './cap-rules';

describe('CAP classification', () => {
  it('follows the level: I moderate, II severe, III extreme; water III evacuates', () => {
    expect(capClassification('WATER_LEVEL', 1, 'Alert')).toEqual({
      urgency: 'Expected',
      severity: 'Moderate',
      certainty: 'Observed',
      responseType: 'Monitor',
    });
    expect(capClassification('WATER_LEVEL', 2, 'Update')).toMatchObject({
      severity: 'Severe',
      responseType: 'Prepare',
    });
    expect(capClassification('WATER_LEVEL', 3, 'Update')).toMatchObject({
      urgency: 'Immediate',
      severity: 'Extreme',
      responseType: 'Evacuate',
    });
    expect(capClassification('RAIN_24H', 1, 'Alert')).toMatchObject({ severity: 'Moderate', responseType: 'Avoid' });
    expect(capClassification('WATER_RISE', 1, 'Alert').urgency).toBe('Immediate');
  });

  it('a Cancel is past, minor and all clear whatever the level was', () => {
    expect(capClassification('WATER_LEVEL', 3, 'Cancel')).toEqual({
      urgency: 'Past',
      severity: 'Minor',
      certainty: 'Observed',
      responseType: 'AllClear',
    });
  });

  it('writes both languages, with the station, its position and the time', () => {
    const t = capInfoTexts({
      kind: 'WATER_LEVEL',
      msgType: 'Alert',
      level: 2,
      value: 62,
      stationName: 'F01024',
      positionText: 'Đối diện Trung tâm Y tế huyện',
      timeText: '22/11/2026 14:05',
    });
    expect(t.vi.headline).toBe('F01024: mực nước đạt báo động cấp II (0,62 m)');
    expect(t.en.headline).toBe('F01024: water level at alarm level II (0.62 m)');
    expect(t.vi.description).toBe(
      'F01024: mực nước đạt báo động cấp II (0,62 m). Trạm F01024 (Đối diện Trung tâm Y tế huyện), số liệu lúc 22/11/2026 14:05.',
    );
    expect(t.vi.event).toBe('Lũ trên sông');
    const cancel = capInfoTexts({
      kind: 'RAIN_24H',
      msgType: 'Cancel',
      level: 1,
      value: 120,
      stationName: 'F00001',
      positionText: '',
      timeText: '22/11/2026 14:05',
      threshold: 100,
    });
    expect(cancel.vi.headline).toBe('Hết cảnh báo – F00001: đã hết mưa lớn ≥ 100 mm/24 giờ, hiện 120 mm/24 giờ');
    expect(cancel.en.headline).toBe('Warning over – F00001: heavy rain ≥ 100 mm/24 h over, now 120 mm in 24 h');
    expect(cancel.en.instruction).toMatch(/^The warning is over/);
  });

  it('a Cancel says the level was left, with the value now, not that it is reached', () => {
    const cancel = capInfoTexts({
      kind: 'WATER_LEVEL',
      msgType: 'Cancel',
      level: 3,
      value: 40,
      stationName: 'Trạm thuỷ văn Ba Chẽ',
      positionText: '',
      timeText: '22/11/2026 14:05',
    });
    expect(cancel.vi.headline).toBe(
      'Hết cảnh báo – Trạm thuỷ văn Ba Chẽ: mực nước đã xuống dưới báo động cấp III, hiện 0,40 m',
    );
    expect(cancel.vi.headline).not.toContain('đạt');
    expect(cancel.en.headline).toBe(
      'Warning over – Trạm thuỷ văn Ba Chẽ: water level back below alarm level III, now 0.40 m',
    );
  });

  it('a 24-hour rain alert says what was measured against its level’s threshold, never a flash-flood risk level', () => {
    const t = capInfoTexts({
      kind: 'RAIN_24H',
      msgType: 'Alert',
      level: 2,
      value: 212.4,
      stationName: 'Trạm Nam Sơn',
      positionText: '',
      timeText: '22/11/2026 14:05',
      threshold: 200,
    });
    expect(t.vi.event).toBe('Mưa lớn 24 giờ');
    expect(t.en.event).toBe('24-hour heavy rain');
    expect(t.vi.headline).toBe('Trạm Nam Sơn: mưa lớn ≥ 200 mm/24 giờ (đo được 212 mm)');
    expect(t.en.headline).toBe('Trạm Nam Sơn: heavy rain ≥ 200 mm/24 h (measured 212 mm)');
    expect(JSON.stringify(t)).not.toMatch(/lũ quét|flash/i);
    // A threshold with decimals keeps its comma; no threshold (an older message): no number is made up.
    expect(capInfoTexts({ ...input(), threshold: 87.5 }).vi.headline).toBe(
      'A: mưa lớn ≥ 87,5 mm/24 giờ (đo được 90 mm)',
    );
    expect(capInfoTexts(input()).vi.headline).toBe('A: mưa lớn trong 24 giờ (đo được 90 mm)');
  });

  it('has an English message for every kind', () => {
    expect(alertMessageEn('RAIN_INTENSITY', 'A', 2, 25.5)).toBe('A: very heavy rain, 25.5 mm/hour');
    expect(alertMessageEn('WATER_RISE', 'A', 1, 32)).toBe('A: river rising fast, 32 cm/hour');
    expect(alertMessageEn('STATION_SILENT', 'A', 1, 0)).toBe('A: station not reporting');
  });
});

const input = () => ({
  kind: 'RAIN_24H' as const,
  msgType: 'Alert' as const,
  level: 1,
  value: 90,
  stationName: 'A',
  positionText: '',
  timeText: '22/11/2026 14:05',
});

describe('CAP profile (#23)', () => {
  it('gives every public kind an event code; the documented list has the officers’ codes too', () => {
    expect(Object.keys(ALERT_EVENT_CODES).sort()).toEqual([...CAP_PUBLIC_KINDS].sort());
    expect(ALERT_EVENT_CODES).toEqual({
      WATER_LEVEL: 'RIVER_LEVEL',
      WATER_RISE: 'RIVER_RISE',
      RAIN_INTENSITY: 'RAIN_HOURLY',
      RAIN_24H: 'RAIN_24H',
    });
    expect(CAP_EVENT_CODE_NAME).toBe('BACHE_FLOOD_PORTAL_EVENT');
    for (const code of Object.values(WARNING_EVENT_CODES)) expect(CAP_EVENT_CODES).toContain(code);
    expect(new Set(CAP_EVENT_CODES).size).toBe(CAP_EVENT_CODES.length);
  });

  it('an Alert or Update expires after the lifetime, a Cancel after an hour; renewal at half the lifetime', () => {
    const sent = new Date('2026-11-22T07:00:00Z');
    expect(capExpiresAt('Alert', sent, 360).toISOString()).toBe('2026-11-22T13:00:00.000Z');
    expect(capExpiresAt('Update', sent, 120).toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(capExpiresAt('Cancel', sent, 360).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    const expires = capExpiresAt('Alert', sent, 360);
    expect(capRenewalDue(expires, new Date('2026-11-22T09:59:00Z'), 360)).toBe(false);
    expect(capRenewalDue(expires, new Date('2026-11-22T10:00:00Z'), 360)).toBe(true);
  });

  it('renders a ring closed, rounded to 6 decimals, and drops the spike of a ring that crosses itself', () => {
    const square = [
      [107.1234567, 21.1],
      [107.2, 21.1],
      [107.2, 21.2],
      [107.1, 21.2],
    ];
    expect(capRing(square)).toEqual([
      [107.123457, 21.1],
      [107.2, 21.1],
      [107.2, 21.2],
      [107.1, 21.2],
      [107.123457, 21.1],
    ]);
    // A spike: the corner (107.25, 21.05) sends an edge across the square.
    const spiked = [
      [107.1, 21.1],
      [107.2, 21.1],
      [107.2, 21.2],
      [107.25, 21.05],
      [107.1, 21.2],
      [107.1, 21.1],
    ];
    expect(capRing(spiked)).toEqual([
      [107.1, 21.1],
      [107.2, 21.1],
      [107.2, 21.2],
      [107.1, 21.2],
      [107.1, 21.1],
    ]);
    expect(
      capRing([
        [1, 1],
        [2, 2],
        [1, 1],
      ]),
    ).toBeNull();
  });

  it('takes the part of a MultiPolygon commune that holds the station', () => {
    const a = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const b = [
      [5, 5],
      [6, 5],
      [6, 6],
      [5, 5],
    ];
    expect(partContaining({ type: 'MultiPolygon', coordinates: [[a], [b]] }, 5.8, 5.2)).toBe(b);
    expect(partContaining({ type: 'Polygon', coordinates: [a] }, 9, 9)).toBe(a);
  });
});

describe('ISO time with the district offset', () => {
  it('writes +07:00 for Vietnam and drops the fraction', () => {
    expect(formatIsoWithOffset(new Date('2026-11-22T07:05:09.987Z'), 'Asia/Ho_Chi_Minh')).toBe(
      '2026-11-22T14:05:09+07:00',
    );
    expect(formatIsoWithOffset(new Date('2026-11-22T23:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-23T06:30:00+07:00');
    expect(formatIsoWithOffset(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(formatIsoWithOffset(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
  });
});

describe('point in polygon', () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ],
  };
  it('finds points inside, outside and in a hole', () => {
    expect(pointInGeometry(1, 1, square)).toBe(true);
    expect(pointInGeometry(11, 1, square)).toBe(false);
    expect(pointInGeometry(5, 5, square)).toBe(false);
    expect(
      pointInGeometry(21, 21, {
        type: 'MultiPolygon',
        coordinates: [
          square.coordinates,
          [
            [
              [20, 20],
              [22, 20],
              [22, 22],
              [20, 20],
            ],
          ],
        ],
      }),
    ).toBe(true);
  });
});

describe('a withdrawn warning (#22)', () => {
  it('a Cancel of a warning issued on a faulty reading says so, in both languages', () => {
    const t = capInfoTexts({
      kind: 'WATER_LEVEL',
      msgType: 'Cancel',
      level: 3,
      value: 900,
      stationName: 'Trạm Cầu Ba Chẽ',
      positionText: '',
      timeText: '26/11/2026 14:05',
      withdrawn: true,
    });
    expect(t.vi.headline).toBe(
      'Huỷ cảnh báo – Trạm Cầu Ba Chẽ: mực nước đạt báo động cấp III (9,00 m): số liệu đo sai',
    );
    expect(t.en.headline).toMatch(/^Warning withdrawn – .*: faulty reading$/);
    expect(t.vi.instruction).toContain('số liệu đo sai và bị huỷ');
  });
});

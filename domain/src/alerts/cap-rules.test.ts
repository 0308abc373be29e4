import { describe, expect, it } from 'vitest';
import { formatIsoWithOffset } from '../common/time';
import { pointInGeometry } from '../geo/geometry';
import { alertMessageEn } from './alert-rules';
import { capClassification, capInfoTexts } from './cap-rules';

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
    });
    expect(cancel.vi.headline).toBe('Hết cảnh báo – F00001: hết nguy cơ lũ quét cấp 1, 120 mm/24 giờ');
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

  it('has an English message for every kind', () => {
    expect(alertMessageEn('RAIN_INTENSITY', 'A', 2, 25.5)).toBe('A: very heavy rain, 25.5 mm/hour');
    expect(alertMessageEn('WATER_RISE', 'A', 1, 32)).toBe('A: river rising fast, 32 cm/hour');
    expect(alertMessageEn('STATION_SILENT', 'A', 1, 0)).toBe('A: station not reporting');
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

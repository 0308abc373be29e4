import { describe, expect, it } from 'vitest';
import { effectiveLevels, isDisconnected, rainStatus, stationKind, waterLevelNumber, waterStatus } from './classify';
import {
  bandColour,
  RAIN_COLOUR_BANDS,
  RAIN_LEGEND,
  rainMarkerClass,
  THUNDER_LEGEND,
  WATER_COLOUR_BANDS,
} from './colours';
import { ImportRowSchema, PushQuerySchema } from './stations.schemas';
import { cmToM, formatWaterLevel, mToCm } from './units';
import { DEFAULT_WEB_PARAMETERS as P, WebParametersSchema } from './web-parameters';

describe('stationKind', () => {
  it('reads the kind from the code', () => {
    expect(stationKind('F00012')).toBe('rain');
    expect(stationKind('f01024')).toBe('water');
    expect(stationKind('BC-F01-3')).toBe('water');
    expect(stationKind('X123')).toBeNull();
  });
});

describe('units', () => {
  it('converts centimetres and metres both ways without float noise', () => {
    expect(cmToM(125)).toBe(1.25);
    expect(mToCm(1.1)).toBe(110);
    expect(mToCm(0.5)).toBe(50);
    expect(mToCm(2.345)).toBe(234.5);
  });

  it('shows metres with a comma, two decimals (one on mobile)', () => {
    expect(formatWaterLevel(125)).toBe('1,25');
    expect(formatWaterLevel(50)).toBe('0,50');
    expect(formatWaterLevel(125, 1)).toBe('1,3');
  });
});

describe('rainStatus', () => {
  it('classifies at the edges with ≥ for the upper bands and > for light rain', () => {
    expect(rainStatus(20, P)).toBe('veryHeavy');
    expect(rainStatus(19.99, P)).toBe('heavy');
    expect(rainStatus(10, P)).toBe('heavy');
    expect(rainStatus(9.9, P)).toBe('moderate');
    expect(rainStatus(5, P)).toBe('moderate');
    expect(rainStatus(4.9, P)).toBe('light');
    expect(rainStatus(0.1, P)).toBe('light');
    expect(rainStatus(0, P)).toBe('none');
    expect(rainStatus(Number.NaN, P)).toBe('none');
  });

  it('follows the configured thresholds', () => {
    const p = { ...P, rainVeryHigh: 50, rainHigh: 25 };
    expect(rainStatus(20, p)).toBe('moderate');
    expect(rainStatus(25, p)).toBe('heavy');
  });
});

describe('waterStatus', () => {
  const levels = { warningLevel1: 100, warningLevel2: 150, warningLevel3: 200 };
  it('reaches a level at exactly its value', () => {
    expect(waterStatus(99.9, levels, P)).toBe('low');
    expect(waterStatus(100, levels, P)).toBe('level1');
    expect(waterStatus(150, levels, P)).toBe('level2');
    expect(waterStatus(199, levels, P)).toBe('level2');
    expect(waterStatus(200, levels, P)).toBe('level3');
    expect(waterLevelNumber(waterStatus(200, levels, P))).toBe(3);
  });

  it('uses the configuration defaults when a station has no levels (50 cm level II, 70 cm level III)', () => {
    const none = { warningLevel1: null, warningLevel2: null, warningLevel3: null };
    expect(effectiveLevels(none, P)).toEqual({ level1: 30, level2: 50, level3: 70 });
    expect(waterStatus(50, none, P)).toBe('level2');
    expect(waterStatus(49, none, P)).toBe('level1');
    expect(waterStatus(70, none, P)).toBe('level3');
    expect(waterStatus(10, none, { ...P, waterLow: 5 })).toBe('level1');
  });
});

describe('isDisconnected', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is disconnected past the configured silence, and with no reading at all', () => {
    expect(isDisconnected(new Date('2026-11-22T08:00:00Z'), now, P)).toBe(false);
    expect(isDisconnected('2026-11-22T07:59:59Z', now, P)).toBe(true);
    expect(isDisconnected(null, now, P)).toBe(true);
    expect(isDisconnected('2026-11-22T09:00:00Z', now, { disconnectAfterMinutes: 30 })).toBe(true);
  });
});

describe('colours', () => {
  it('rain markers: above 30, 15, 5 (10 is in the 5 class), 0', () => {
    expect(rainMarkerClass(31)).toBe('rain-30');
    expect(rainMarkerClass(30)).toBe('rain-15');
    expect(rainMarkerClass(15)).toBe('rain-5');
    expect(rainMarkerClass(10.5)).toBe('rain-5');
    expect(rainMarkerClass(5)).toBe('rain-0');
    expect(rainMarkerClass(0)).toBe('rain-none');
    expect(RAIN_LEGEND.map((l) => l.label)).toEqual(['0', '> 0 – 5', '5 – 15', '15 – 30', '> 30']);
  });

  it('GeoJSON bands are strict lower bounds', () => {
    expect(RAIN_COLOUR_BANDS.map((b) => b.above)).toEqual([60, 50, 45, 40, 30, 20, 15, 10, 5, 0]);
    expect(WATER_COLOUR_BANDS.map((b) => b.above)).toEqual([4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5, 0]);
    expect(bandColour(60, RAIN_COLOUR_BANDS)).toBe(RAIN_COLOUR_BANDS[1]!.colour);
    expect(bandColour(60.1, RAIN_COLOUR_BANDS)).toBe(RAIN_COLOUR_BANDS[0]!.colour);
    expect(bandColour(0, WATER_COLOUR_BANDS)).toBeNull();
    expect(bandColour(0.01, WATER_COLOUR_BANDS)).toBe(WATER_COLOUR_BANDS[8]!.colour);
    expect(THUNDER_LEGEND).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
  });
});

describe('WebParametersSchema', () => {
  it('has the DECISIONS.md defaults and names a bad threshold', () => {
    expect(P).toMatchObject({ waterHigh: 70, waterMedium: 50, rainVeryHigh: 20, rainHigh: 10, rainMedium: 5 });
    const bad = WebParametersSchema.safeParse({ rainHigh: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['rainHigh']);
  });
});

describe('WebParametersSchema order (issue #18)', () => {
  const issuesOf = (v: Record<string, number>) => {
    const r = WebParametersSchema.safeParse({ ...P, ...v });
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it("refuses 'Mưa to' above 'Mưa rất to' on both fields, each naming the other", () => {
    expect(issuesOf({ rainHigh: 25, rainVeryHigh: 20 })).toEqual([
      { path: 'rainHigh', message: "'Mưa to' phải nhỏ hơn 'Mưa rất to'" },
      { path: 'rainVeryHigh', message: "'Mưa rất to' phải lớn hơn 'Mưa to'" },
    ]);
  });

  it('refuses inverted default water levels and 24-hour rain levels', () => {
    expect(issuesOf({ waterLow: 70, waterHigh: 30 }).map((i) => i.path)).toEqual([
      'waterLow',
      'waterMedium',
      'waterHigh',
    ]);
    expect(issuesOf({ rain24hLevel1: 500, rain24hLevel2: 200 })).toEqual([
      { path: 'rain24hLevel1', message: "'Mưa 24 giờ – Cấp I' phải nhỏ hơn 'Mưa 24 giờ – Cấp II'" },
      { path: 'rain24hLevel2', message: "'Mưa 24 giờ – Cấp II' phải lớn hơn 'Mưa 24 giờ – Cấp I'" },
    ]);
  });

  it('refuses equal steps but lets no rain equal light rain', () => {
    expect(issuesOf({ waterMedium: 70 }).map((i) => i.path)).toEqual(['waterMedium', 'waterHigh']);
    expect(issuesOf({ notRain: 0, rainLow: 0 })).toEqual([]);
    expect(issuesOf({ notRain: 1, rainLow: 0.5 }).map((i) => i.path)).toEqual(['notRain', 'rainLow']);
  });
});

describe('PushQuerySchema', () => {
  const push = { stationCode: 'F01024', date: '25/11/2026', hour: '10', minute: '00', key: 'k' };

  it('reads a decimal comma like a decimal point', () => {
    expect(PushQuerySchema.parse({ ...push, value: '0,61' }).value).toBe(0.61);
    expect(PushQuerySchema.parse({ ...push, value: '0.61' }).value).toBe(0.61);
    expect(PushQuerySchema.safeParse({ ...push, value: '1,2,3' }).success).toBe(false);
  });

  it('says an impossible date does not exist, and a badly written one has the wrong shape', () => {
    const message = (date: string) =>
      ImportRowSchema.safeParse({ ...push, date, value: '1' }).error?.issues[0]?.message;
    expect(message('31/02/2026')).toBe('Ngày 31/02/2026 không tồn tại');
    expect(message('2026-02-28')).toBe('Ngày phải có dạng DD/MM/YYYY');
    expect(message('28/02/2026')).toBeUndefined();
  });
});

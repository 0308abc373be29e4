import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PARAMETERS as P } from '../stations/web-parameters';
import {
  alertDetails,
  alertEndMessage,
  alertHeadline,
  alertLevelThreshold,
  alertLine,
  alertMessage,
  alertMessageEn,
  alertThresholds,
  levelOf,
  nextAlertAction,
  type OpenAlertState,
  templateTypeOf,
  trendOf,
} from './alert-rules';

const station = { warningLevel1: 30, warningLevel2: 50, warningLevel3: 70 };
const water = alertThresholds('WATER_LEVEL', station, P);
const t = (min: number) => new Date(Date.UTC(2026, 10, 22, 0, min));

/** Feeds a series through the rule like the engine does; returns the actions taken. */
function run(values: number[], stepMin = 5, margin = 5, holdMin = 30) {
  let state: OpenAlertState | null = null;
  const actions: string[] = [];
  values.forEach((v, i) => {
    const a = nextAlertAction(state, v, water, margin, holdMin * 60_000, t(i * stepMin));
    if (a.action === 'open' || a.action === 'escalate' || a.action === 'lower') {
      actions.push(`${a.action}:${a.level}`);
      state = { level: a.level, belowSince: null };
    } else if (a.action === 'clear') {
      actions.push('clear');
      state = null;
    } else if (a.action === 'update') state = { ...state!, belowSince: a.belowSince };
  });
  return actions;
}

describe('levels', () => {
  it('reaches a level at exactly its threshold', () => {
    expect(levelOf(29.9, water)).toBe(0);
    expect(levelOf(30, water)).toBe(1);
    expect(levelOf(50, water)).toBe(2);
    expect(levelOf(70, water)).toBe(3);
  });

  it('uses the 24-hour rain levels 100 / 200 / 400 mm and the rain intensity thresholds', () => {
    const r24 = alertThresholds('RAIN_24H', station, P);
    expect([levelOf(99, r24), levelOf(100, r24), levelOf(250, r24), levelOf(400, r24)]).toEqual([0, 1, 2, 3]);
    const ri = alertThresholds('RAIN_INTENSITY', station, P);
    expect([levelOf(9.9, ri), levelOf(10, ri), levelOf(20, ri), levelOf(500, ri)]).toEqual([0, 1, 2, 2]);
  });
});

describe('hysteresis', () => {
  it('a value flapping around level II raises one alert', () => {
    expect(run([40, 51, 49, 52, 48, 50, 49, 51, 47])).toEqual(['open:1', 'escalate:2']);
  });

  it('escalates at once and clears only after staying below the level minus the margin long enough', () => {
    const rising = [20, 35, 55, 72];
    const falling = Array.from({ length: 8 }, () => 60); // below III - 5 for 35 min → lowered to II
    const low = Array.from({ length: 8 }, () => 10); // below II - 5 … then below I - 5 → cleared
    expect(run([...rising, ...falling, ...low])).toEqual(['open:1', 'escalate:2', 'escalate:3', 'lower:2', 'clear']);
  });

  it('does not clear when the value comes back before the hold time', () => {
    expect(run([55, 20, 20, 20, 55, 20, 20, 20])).toEqual(['open:2']);
  });
});

describe('alert lines', () => {
  const base = {
    kind: 'WATER_LEVEL' as const,
    stationName: 'Trạm thuỷ văn Ba Chẽ',
    level: 3,
    value: 118,
    peakValue: 332,
    trend: 'falling' as const,
    since: '2026-11-22T07:05:00Z',
  };
  const VN = 'Asia/Ho_Chi_Minh';

  it('labels the value that raised it, the current one, the trend and since when', () => {
    expect(alertLine(base, 'vi', VN)).toBe(
      'Trạm thuỷ văn Ba Chẽ: mực nước đạt báo động cấp III · đỉnh 3,32 m · hiện 1,18 m · đang xuống · từ 22/11/2026 14:05',
    );
    expect(alertLine(base, 'en', VN)).toBe(
      'Trạm thuỷ văn Ba Chẽ: water level at alarm level III · peak 3.32 m · now 1.18 m · falling · since 22/11/2026 14:05',
    );
  });

  it('writes a rise as a rate and rain in one unit per language', () => {
    const rise = { ...base, kind: 'WATER_RISE' as const, level: 1, value: -3, peakValue: 169 };
    expect(alertDetails(rise, 'vi', VN).slice(0, 3)).toEqual(['đỉnh 169 cm/giờ', 'hiện -3 cm/giờ', 'đang xuống']);
    expect(alertLine(rise, 'vi', VN)).not.toMatch(/ m( |$)/);
    const rain = {
      ...base,
      kind: 'RAIN_INTENSITY' as const,
      level: 1,
      value: 0,
      peakValue: 11.1,
      trend: 'falling' as const,
    };
    expect(alertLine(rain, 'vi', VN)).toBe(
      'Trạm thuỷ văn Ba Chẽ: mưa to · đỉnh 11,1 mm/giờ · hiện 0,0 mm/giờ · đang giảm · từ 22/11/2026 14:05',
    );
    expect(alertLine(rain, 'en', VN)).toBe(
      'Trạm thuỷ văn Ba Chẽ: heavy rain · peak 11.1 mm/h · now 0.0 mm/h · easing · since 22/11/2026 14:05',
    );
  });

  it('a 24-hour rain alert states its level’s threshold and the measured rain, never "lũ quét cấp"', () => {
    const threshold = alertLevelThreshold('RAIN_24H', 2, station, P);
    expect(threshold).toBe(200);
    expect(alertMessage('RAIN_24H', 'Trạm Nam Sơn', 2, 212.4, threshold)).toBe(
      'Trạm Nam Sơn: mưa lớn ≥ 200 mm/24 giờ (đo được 212 mm)',
    );
    expect(alertMessageEn('RAIN_24H', 'Trạm Nam Sơn', 2, 212.4, threshold)).toBe(
      'Trạm Nam Sơn: heavy rain ≥ 200 mm/24 h (measured 212 mm)',
    );
    expect(alertHeadline('RAIN_24H', 'Trạm Nam Sơn', 2, 'vi', threshold)).toBe('Trạm Nam Sơn: mưa lớn ≥ 200 mm/24 giờ');
    expect(alertHeadline('RAIN_24H', 'Trạm Nam Sơn', 2, 'en', threshold)).toBe(
      'Trạm Nam Sơn: heavy rain ≥ 200 mm/24 h',
    );
    expect(alertEndMessage('RAIN_24H', 'Trạm Nam Sơn', 2, 150, 'vi', threshold)).toBe(
      'Trạm Nam Sơn: đã hết mưa lớn ≥ 200 mm/24 giờ, hiện 150 mm/24 giờ',
    );
    expect(alertLevelThreshold('RAIN_INTENSITY', 3, station, P)).toBeNull();
  });

  it('a rise has its own SMS template; trends have a dead band', () => {
    expect(templateTypeOf('WATER_RISE')).toBe('WATER_RISE');
    expect(templateTypeOf('WATER_LEVEL')).toBe('FLOOD_WARNING');
    expect(trendOf(2, 1)).toBe('rising');
    expect(trendOf(-2, 1)).toBe('falling');
    expect(trendOf(0.5, 1)).toBe('steady');
  });
});

describe('confirmation (#22)', () => {
  /** Feeds readings with the value held over the last two (heldValue's default) like the engine. */
  function confirmRun(values: number[]) {
    let state: OpenAlertState | null = null;
    const actions: string[] = [];
    values.forEach((v, i) => {
      const held = i === 0 ? Number.NEGATIVE_INFINITY : Math.min(v, values[i - 1]!);
      const a = nextAlertAction(state, v, water, 5, 30 * 60_000, t(i * 10), held);
      if (a.action === 'open') {
        actions.push(`open:${a.level}:${a.confirmed ? 'told' : 'unconfirmed'}`);
        state = { level: a.level, belowSince: null, confirmed: a.confirmed };
      } else if (a.action === 'confirm' || a.action === 'escalate' || a.action === 'pending') {
        actions.push(`${a.action}:${a.level}`);
        state = { level: a.level, belowSince: null, confirmed: a.action !== 'pending' };
      } else if (a.action === 'discard') {
        actions.push('discard');
        state = null;
      }
    });
    return actions;
  }

  it('one reading at a level opens an unconfirmed alert; the next one at the level confirms it', () => {
    expect(confirmRun([40, 55, 56])).toEqual(['open:1:unconfirmed', 'confirm:1', 'escalate:2']);
  });

  it('a lone value above the levels that falls back is discarded without a message', () => {
    expect(confirmRun([20, 90, 20])).toEqual(['open:3:unconfirmed', 'discard']);
  });

  it('a confirmed alert escalates only when the higher level is held, not on one reading', () => {
    expect(confirmRun([55, 56, 90, 56, 75, 76])).toEqual(['open:2:unconfirmed', 'confirm:2', 'escalate:3']);
  });

  it('without a held value every level is confirmed at once (the rule before #22)', () => {
    const a = nextAlertAction(null, 55, water, 5, 0, t(0));
    expect(a).toEqual({ action: 'open', level: 2, confirmed: true });
  });
});

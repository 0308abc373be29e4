import { describe, expect, it } from 'vitest';
import {
  type AlarmLevels,
  dayExtremes,
  hourTrend,
  levelDistance,
  levelDistancePhrase,
  type TimedValue,
  TREND_WORDS,
} from './water-context';

const LEVELS = { level1: 500, level2: 550, level3: 650 };
const phrase = (cm: number, levels: AlarmLevels = LEVELS) => {
  const d = levelDistance(cm, levels);
  return d ? levelDistancePhrase(d) : null;
};

describe('where a water level stands against the alarm levels (#25)', () => {
  it('names the next level below it, as the bulletins do', () => {
    expect(phrase(623)).toBe('dưới BĐ3 0,27 m');
    expect(phrase(480)).toBe('dưới BĐ1 0,20 m');
    expect(phrase(549)).toBe('dưới BĐ2 0,01 m');
  });

  it('exactly at a level is at it; above the highest is above it', () => {
    expect(phrase(550)).toBe('ở mức BĐ2');
    expect(phrase(650)).toBe('ở mức BĐ3');
    expect(phrase(662)).toBe('trên BĐ3 0,12 m');
    expect(levelDistance(550, LEVELS)).toEqual({ position: 'at', level: 2, metres: 0 });
  });

  it('a station with no levels says nothing; with some levels, the ones it has', () => {
    expect(levelDistance(623, { level1: null, level2: null, level3: null })).toBeNull();
    expect(phrase(623, { level1: null, level2: 550, level3: null })).toBe('trên BĐ2 0,73 m');
    expect(phrase(500, { level1: null, level2: 550, level3: null })).toBe('dưới BĐ2 0,50 m');
    expect(levelDistance(Number.NaN, LEVELS)).toBeNull();
  });

  it('in English with the decimal point', () => {
    const d = levelDistance(623, LEVELS)!;
    expect(levelDistancePhrase(d, 'en')).toBe('0.27 m below alarm level 3');
    expect(levelDistancePhrase(levelDistance(650, LEVELS)!, 'en')).toBe('at alarm level 3');
  });
});

const t0 = Date.parse('2026-11-26T10:00:00Z');
const at = (minutes: number, value: number): TimedValue => ({
  at: new Date(t0 + minutes * 60_000).toISOString(),
  value,
});

describe('the trend over the last hour', () => {
  it('rises, falls or stands against the reading nearest an hour back', () => {
    expect(hourTrend([at(0, 500), at(30, 503), at(60, 510)])).toBe('rising');
    expect(hourTrend([at(0, 510), at(60, 500)])).toBe('falling');
    // Within the dead band (2 cm): steady, whatever happened in between.
    expect(hourTrend([at(0, 500), at(30, 530), at(60, 502)])).toBe('steady');
    expect(hourTrend([at(60, 502), at(0, 500)])).toBe('steady');
  });

  it('a gap (no reading near an hour back) or a single reading says nothing', () => {
    expect(hourTrend([at(0, 500), at(55, 520)].slice(1))).toBeNull();
    // The only earlier reading is 30 min back: too far from an hour to stand for it.
    expect(hourTrend([at(30, 500), at(60, 520)])).toBeNull();
    expect(hourTrend([at(-60, 500), at(60, 520)])).toBeNull();
    // 20 minutes off an hour still counts.
    expect(hourTrend([at(-20, 500), at(60, 520)])).toBe('rising');
    expect(hourTrend([])).toBeNull();
  });

  it('each trend has its word and arrow', () => {
    expect(TREND_WORDS.rising).toEqual({ vi: 'lên', en: 'rising', arrow: '↑' });
    expect(TREND_WORDS.falling.vi).toBe('xuống');
    expect(TREND_WORDS.steady.vi).toBe('đứng');
  });
});

describe('24-hour highest and lowest', () => {
  it('with their times, the first of equal values, only the last 24 hours', () => {
    const day = [at(-25 * 60, 900), at(0, 500), at(60, 520), at(120, 520), at(180, 490)];
    expect(dayExtremes(day)).toEqual({ highest: at(60, 520), lowest: at(180, 490) });
    expect(dayExtremes([])).toBeNull();
    expect(dayExtremes([at(0, 5)])).toEqual({ highest: at(0, 5), lowest: at(0, 5) });
  });
});

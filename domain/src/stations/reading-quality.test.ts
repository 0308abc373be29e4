import { describe, expect, it } from 'vitest';
import { assessReading, heldValue, type PriorReading, type QualityContext } from './reading-quality';
import { DEFAULT_WEB_PARAMETERS as P } from './web-parameters';

const t = (min: number) => new Date(Date.UTC(2026, 10, 22, 0, 0) + min * 60_000);
const now = t(24 * 60);
const prior = (
  min: number,
  value: number,
  quality: PriorReading['quality'] = 'good',
  rule: PriorReading['rule'] = null,
) => ({
  observedAt: t(min),
  value,
  quality,
  rule,
});
const ctx = (c: Partial<QualityContext> = {}): QualityContext => ({
  previous: null,
  lastTrusted: null,
  sameSince: null,
  ...c,
});
const live = { live: true, now };
const history = { live: false, now };

describe('reading quality rules', () => {
  it('hard limits make a value bad (water −500…3 000 cm, rain at most 200 mm a reading by default)', () => {
    expect(assessReading('water', { observedAt: t(0), value: 3_001 }, ctx(), P, live)).toEqual({
      quality: 'bad',
      rule: 'hard_limit',
    });
    expect(assessReading('water', { observedAt: t(0), value: -501 }, ctx(), P, live).rule).toBe('hard_limit');
    expect(assessReading('rain', { observedAt: t(0), value: 201 }, ctx(), P, live).rule).toBe('hard_limit');
    expect(assessReading('water', { observedAt: t(0), value: 2_999 }, ctx(), P, live).quality).toBe('good');
  });

  it('a spike that jumps and returns flags the jump only (compared with the last trusted reading)', () => {
    const before = prior(0, 32);
    const jump = assessReading(
      'water',
      { observedAt: t(10), value: 900 },
      ctx({ previous: before, lastTrusted: before }),
      P,
      live,
    );
    expect(jump).toEqual({ quality: 'suspect', rule: 'rate_of_change' });
    const back = assessReading(
      'water',
      { observedAt: t(20), value: 33 },
      ctx({ previous: prior(10, 900, 'suspect', 'rate_of_change'), lastTrusted: before }),
      P,
      live,
    );
    expect(back.quality).toBe('good');
  });

  it('a jump that holds is the water: the reading after a suspect jump that stays near it is good', () => {
    const before = prior(0, 30);
    const held = assessReading(
      'water',
      { observedAt: t(20), value: 210 },
      ctx({ previous: prior(10, 200, 'suspect', 'rate_of_change'), lastTrusted: before }),
      P,
      live,
    );
    expect(held.quality).toBe('good');
  });

  it('a rise within the rate limit (300 cm/h + 5 cm of noise) is good, beyond it suspect', () => {
    const before = prior(0, 100);
    const c = ctx({ previous: before, lastTrusted: before });
    expect(assessReading('water', { observedAt: t(10), value: 155 }, c, P, live).quality).toBe('good');
    expect(assessReading('water', { observedAt: t(10), value: 156 }, c, P, live).quality).toBe('suspect');
    expect(assessReading('water', { observedAt: t(10), value: 44 }, c, P, live).quality).toBe('suspect');
  });

  it('rain heavier than 150 mm/h over its interval is suspect', () => {
    const c = ctx({ previous: prior(0, 2), lastTrusted: prior(0, 2) });
    expect(assessReading('rain', { observedAt: t(10), value: 25 }, c, P, live).quality).toBe('good');
    expect(assessReading('rain', { observedAt: t(10), value: 26 }, c, P, live).rule).toBe('rate_of_change');
  });

  it('a value unchanged for the stuck time is suspect (rain: only when it is not zero)', () => {
    const stuckWater = ctx({ previous: prior(350, 42), lastTrusted: prior(350, 42), sameSince: t(0) });
    expect(assessReading('water', { observedAt: t(355), value: 42 }, stuckWater, P, live).quality).toBe('good');
    expect(assessReading('water', { observedAt: t(360), value: 42 }, stuckWater, P, live)).toEqual({
      quality: 'suspect',
      rule: 'stuck',
    });
    expect(assessReading('water', { observedAt: t(360), value: 43 }, stuckWater, P, live).quality).toBe('good');
    const dry = ctx({ previous: prior(350, 0), lastTrusted: prior(350, 0), sameSince: t(0) });
    expect(assessReading('rain', { observedAt: t(360), value: 0 }, dry, P, live).quality).toBe('good');
    const stuckRain = ctx({ previous: prior(350, 1.5), lastTrusted: prior(350, 1.5), sameSince: t(0) });
    expect(assessReading('rain', { observedAt: t(360), value: 1.5 }, stuckRain, P, live).rule).toBe('stuck');
  });

  it('a pushed reading more than a year old is a wrong logger clock (bad); an imported one is history', () => {
    const old = { observedAt: new Date(now.getTime() - 366 * 86_400_000), value: 40 };
    expect(assessReading('water', old, ctx(), P, live)).toEqual({ quality: 'bad', rule: 'too_old' });
    expect(assessReading('water', old, ctx(), P, history).quality).toBe('good');
    const lastMonth = { observedAt: new Date(now.getTime() - 300 * 86_400_000), value: 40 };
    expect(assessReading('water', lastMonth, ctx(), P, live).quality).toBe('good');
  });
});

describe('heldValue', () => {
  const r = (min: number, value: number) => ({ observedAt: t(min), value });
  it('is the lowest of the last N readings, −∞ until there are N', () => {
    expect(heldValue([r(10, 55)], 2, 0)).toBe(Number.NEGATIVE_INFINITY);
    expect(heldValue([r(10, 55), r(0, 52)], 2, 0)).toBe(52);
    expect(heldValue([r(10, 55), r(0, 52)], 1, 0)).toBe(55);
  });
  it('by minutes: the lowest since the reading that covers the window', () => {
    const rs = [r(30, 60), r(20, 58), r(10, 57), r(0, 40)];
    expect(heldValue(rs, 10, 15)).toBe(57);
    expect(heldValue(rs, 10, 45)).toBe(Number.NEGATIVE_INFINITY);
    expect(heldValue(rs, 2, 30)).toBe(58);
  });
});

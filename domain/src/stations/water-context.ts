import type { AlertTrend } from '../alerts/alerts.schemas';
import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';

/**
 * What a water level means to a resident (#25, point 4), as the national bulletins say it: where it stands against
 * the alarm levels ('dưới BĐ3 0,27 m'), whether it is rising over the last hour, its 24-hour extremes.
 */

/** The alarm levels of a station in cm (level I–III); null where the station has none. */
export interface AlarmLevels {
  level1: number | null;
  level2: number | null;
  level3: number | null;
}

/**
 * Where a level stands against the alarm levels: below the first one it has not reached, at it, or above the
 * highest (`metres` ≥ 0, the distance). Between two levels the bulletins name the next one ('6,23 m, dưới BĐ3
 * 0,27 m'): what a resident needs is how far the next danger is. Null when the station has no level at all.
 */
export interface LevelDistance {
  position: 'below' | 'at' | 'above';
  /** 1, 2 or 3: BĐ1–BĐ3. */
  level: 1 | 2 | 3;
  /** The distance in metres, ≥ 0 (0 when at the level). */
  metres: number;
}

/** The distance of a water level (cm) to the alarm level that matters now. */
export function levelDistance(cm: number, levels: AlarmLevels): LevelDistance | null {
  if (!Number.isFinite(cm)) return null;
  const set = ([1, 2, 3] as const)
    .map((level) => ({ level, cm: levels[`level${level}`] }))
    .filter((l): l is { level: 1 | 2 | 3; cm: number } => l.cm !== null && Number.isFinite(l.cm))
    .sort((a, b) => a.cm - b.cm);
  if (!set.length) return null;
  // Centimetres are whole in the data; compare them so that 3,30 m is exactly at a 330 cm level.
  const value = Math.round(cm * 10) / 10;
  const next = set.find((l) => value <= l.cm);
  if (next && value === next.cm) return { position: 'at', level: next.level, metres: 0 };
  if (next) return { position: 'below', level: next.level, metres: (next.cm - value) / 100 };
  const top = set.at(-1)!;
  return { position: 'above', level: top.level, metres: (value - top.cm) / 100 };
}

/** The distance in the bulletins' words: 'dưới BĐ2 0,27 m', 'ở mức BĐ2', 'trên BĐ3 0,12 m' (en: 'below alarm 2 …'). */
export function levelDistancePhrase(d: LevelDistance, lang: Language = 'vi'): string {
  const m = formatNumber(d.metres, 2, lang);
  if (lang === 'en') {
    if (d.position === 'at') return `at alarm level ${d.level}`;
    return `${m} m ${d.position} alarm level ${d.level}`;
  }
  if (d.position === 'at') return `ở mức BĐ${d.level}`;
  return `${d.position === 'below' ? 'dưới' : 'trên'} BĐ${d.level} ${m} m`;
}

/** A reading as the context rules read it. */
export interface TimedValue {
  /** ISO time or Date. */
  at: string | Date;
  value: number;
}

const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** How far from an hour back a reading may be to stand for 'an hour ago' (a logger every 10–15 min, some missed). */
export const TREND_WINDOW_TOLERANCE_MS = 20 * 60_000;
/** A change smaller than this over the hour is 'đứng' (steady): the noise of a water gauge (cm). */
export const TREND_DEAD_BAND_CM = 2;

/**
 * The trend over the last hour: the latest reading against the one nearest to an hour before it (within
 * TREND_WINDOW_TOLERANCE_MS); beyond ±TREND_DEAD_BAND_CM it rises or falls. Null when there is no reading near an
 * hour back (a gap) — the portal says nothing rather than guess.
 */
export function hourTrend(readings: readonly TimedValue[], deadBand = TREND_DEAD_BAND_CM): AlertTrend | null {
  if (readings.length < 2) return null;
  const sorted = [...readings].sort((a, b) => ms(a.at) - ms(b.at));
  const last = sorted.at(-1)!;
  const target = ms(last.at) - 3_600_000;
  let best: TimedValue | null = null;
  for (const r of sorted.slice(0, -1)) {
    const off = Math.abs(ms(r.at) - target);
    if (off <= TREND_WINDOW_TOLERANCE_MS && (!best || off < Math.abs(ms(best.at) - target))) best = r;
  }
  if (!best) return null;
  const change = last.value - best.value;
  if (change > deadBand) return 'rising';
  if (change < -deadBand) return 'falling';
  return 'steady';
}

/** A trend in the bulletins' words with its arrow: 'lên ↑', 'xuống ↓', 'đứng →'. */
export const TREND_WORDS: Record<AlertTrend, { vi: string; en: string; arrow: string }> = {
  rising: { vi: 'lên', en: 'rising', arrow: '↑' },
  falling: { vi: 'xuống', en: 'falling', arrow: '↓' },
  steady: { vi: 'đứng', en: 'steady', arrow: '→' },
};

/** The highest and lowest of the last 24 hours before the latest reading, with their times (first of equals). */
export function dayExtremes(readings: readonly TimedValue[]): { highest: TimedValue; lowest: TimedValue } | null {
  if (!readings.length) return null;
  const latest = Math.max(...readings.map((r) => ms(r.at)));
  const day = readings
    .filter((r) => ms(r.at) > latest - 86_400_000 && Number.isFinite(r.value))
    .sort((a, b) => ms(a.at) - ms(b.at));
  if (!day.length) return null;
  let highest = day[0]!;
  let lowest = day[0]!;
  for (const r of day) {
    if (r.value > highest.value) highest = r;
    if (r.value < lowest.value) lowest = r;
  }
  return { highest, lowest };
}

/**
 * A water reading in context, as the bulletins say it: the last hour's trend with its arrow and where the level
 * stands against the station's own alarm levels — '↑ lên · dưới BĐ3 0,27 m'. Null for rain, a silent station, no
 * value, a doubted value (#22: a spike is not 'trên BĐ3'), or nothing to say. The web's cards, tooltips and
 * station card and the server's first view all say it this way.
 */
export function waterContextPhrase(
  r: {
    kind: 'rain' | 'water';
    value: number | null;
    disconnected: boolean;
    quality?: string | null;
    trend?: AlertTrend | null;
    warningLevel1: number | null;
    warningLevel2: number | null;
    warningLevel3: number | null;
  },
  lang: Language = 'vi',
): string | null {
  if (r.kind !== 'water' || r.value === null || r.disconnected || r.quality === 'suspect') return null;
  const trend = r.trend ? `${TREND_WORDS[r.trend].arrow} ${TREND_WORDS[r.trend][lang]}` : null;
  const d = levelDistance(r.value, { level1: r.warningLevel1, level2: r.warningLevel2, level3: r.warningLevel3 });
  const parts = [trend, d ? levelDistancePhrase(d, lang) : null].filter((x): x is string => x !== null);
  return parts.length ? parts.join(' · ') : null;
}

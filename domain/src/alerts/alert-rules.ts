import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';
import { formatDateTimeVi } from '../common/time';
import { effectiveLevels, type WarningLevels } from '../stations/classify';
import type { WebParameters } from '../stations/web-parameters';
import type { Alert, AlertKind, AlertTrend } from './alerts.schemas';

/** The threshold value of each level 1–3 of an alert kind (index 0 unused). */
export function alertThresholds(
  kind: AlertKind,
  station: WarningLevels,
  p: WebParameters,
): [number, number, number, number] {
  switch (kind) {
    case 'WATER_LEVEL': {
      const l = effectiveLevels(station, p);
      return [Number.NEGATIVE_INFINITY, l.level1, l.level2, l.level3];
    }
    case 'RAIN_INTENSITY':
      return [Number.NEGATIVE_INFINITY, p.rainHigh, p.rainVeryHigh, Number.POSITIVE_INFINITY];
    case 'RAIN_24H':
      return [Number.NEGATIVE_INFINITY, p.rain24hLevel1, p.rain24hLevel2, p.rain24hLevel3];
    case 'WATER_RISE':
      return [Number.NEGATIVE_INFINITY, p.waterRiseCmPerHour, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    default:
      return [Number.NEGATIVE_INFINITY, 1, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  }
}

/** The level (0–3) a value reaches: at or above a threshold. */
export function levelOf(value: number, thresholds: readonly number[]): 0 | 1 | 2 | 3 {
  if (!Number.isFinite(value)) return 0;
  for (let l = 3; l >= 1; l--) if (value >= thresholds[l]!) return l as 1 | 2 | 3;
  return 0;
}

export interface OpenAlertState {
  level: number;
  /** When the value went below the alert's level minus the margin (ISO or Date), or null. */
  belowSince: Date | null;
  /** Whether its level has been confirmed (#22); an alert opened before the rule had it is (default true). */
  confirmed?: boolean;
}

export type AlertAction =
  | { action: 'none' }
  /** `confirmed: false`: seen once, waiting for the readings that confirm it (no message yet). */
  | { action: 'open'; level: number; confirmed: boolean }
  | { action: 'confirm'; level: number }
  /** An unconfirmed alert whose next reading moved to another level (still unconfirmed). */
  | { action: 'pending'; level: number }
  /** An unconfirmed alert whose level did not hold: it ends without a word to anyone. */
  | { action: 'discard' }
  | { action: 'escalate'; level: number }
  | { action: 'update'; belowSince: Date | null }
  | { action: 'lower'; level: number }
  | { action: 'clear' };

/**
 * The hysteresis rule: an alert opens when a level is reached and escalates when a higher one is; it goes
 * down (or clears) only after the value has stayed below its level minus `margin` for `holdMs`. A value
 * flapping around a level therefore raises one alert, not one per crossing.
 *
 * Confirmation (#22): `held` is the value the level has held (`heldValue`: the lowest of the last readings
 * that confirm); opening a told alert and escalating go by it, going down by the latest `value`. A level seen
 * but not held yet opens an unconfirmed alert (no message); it is confirmed when `held` reaches a level, and
 * discarded when the value falls back below every level first. Without `held`, every value is confirmed.
 */
export function nextAlertAction(
  current: OpenAlertState | null,
  value: number,
  thresholds: readonly number[],
  margin: number,
  holdMs: number,
  now: Date,
  held: number = value,
): AlertAction {
  const level = levelOf(value, thresholds);
  const heldLevel = levelOf(Math.min(held, value), thresholds);
  if (!current) {
    if (heldLevel > 0) return { action: 'open', level: heldLevel, confirmed: true };
    return level > 0 ? { action: 'open', level, confirmed: false } : { action: 'none' };
  }
  if (current.confirmed === false) {
    if (heldLevel > 0) return { action: 'confirm', level: heldLevel };
    if (level === 0) return { action: 'discard' };
    return level === current.level ? { action: 'none' } : { action: 'pending', level };
  }
  if (heldLevel > current.level) return { action: 'escalate', level: heldLevel };
  const below = value < thresholds[current.level]! - margin;
  if (!below) return current.belowSince ? { action: 'update', belowSince: null } : { action: 'none' };
  if (!current.belowSince) return { action: 'update', belowSince: now };
  if (now.getTime() - current.belowSince.getTime() < holdMs) return { action: 'none' };
  const settled = levelOf(value + margin, thresholds);
  return settled === 0 ? { action: 'clear' } : { action: 'lower', level: Math.min(settled, current.level - 1) };
}

const ROMAN = ['', 'I', 'II', 'III'];
const num = (v: number, d: number) => formatNumber(v, d, 'vi');

/**
 * What a 24-hour rain alert says it is (#23): what was measured against the threshold of its level
 * (Web Parameters rain24hLevel1–3) — 'mưa lớn ≥ 100 mm/24 giờ' / 'heavy rain ≥ 100 mm/24 h'. Never Decision
 * 18/2021's 'cấp độ rủi ro' nor 'nguy cơ lũ quét cấp N': the portal does not compute a risk level (Art. 46), it
 * measures rain. Without the threshold (a message stored before it was kept): 'mưa lớn trong 24 giờ'.
 * The SMS turns '≥' into '>=' (`toGsm7`).
 */
export function rain24hPhrase(threshold: number | null | undefined, lang: Language): string {
  if (threshold === null || threshold === undefined || !Number.isFinite(threshold))
    return lang === 'en' ? 'heavy rain in 24 h' : 'mưa lớn trong 24 giờ';
  const t = formatNumber(threshold, 1, lang, 0);
  return lang === 'en' ? `heavy rain ≥ ${t} mm/24 h` : `mưa lớn ≥ ${t} mm/24 giờ`;
}

/** The threshold of an alert's level (the value at which it begins), or null when the level has none. */
export function alertLevelThreshold(
  kind: AlertKind,
  level: number,
  station: WarningLevels,
  p: WebParameters,
): number | null {
  const t = alertThresholds(kind, station, p)[level];
  return t !== undefined && Number.isFinite(t) ? t : null;
}

/**
 * The sentence the banner and the staff read (Vietnamese; values with a decimal comma). `threshold`: the
 * threshold of the level (`alertLevelThreshold`), which a 24-hour rain alert states.
 */
export function alertMessage(
  kind: AlertKind,
  stationName: string,
  level: number,
  value: number,
  threshold?: number | null,
): string {
  switch (kind) {
    case 'WATER_LEVEL':
      return `${stationName}: mực nước đạt báo động cấp ${ROMAN[level]} (${num(value / 100, 2)} m)`;
    case 'WATER_RISE':
      return `${stationName}: nước lên nhanh ${num(value, 0)} cm/giờ`;
    case 'RAIN_INTENSITY':
      return `${stationName}: ${level >= 2 ? 'mưa rất to' : 'mưa to'} ${num(value, 1)} mm/giờ`;
    case 'RAIN_24H':
      return `${stationName}: ${rain24hPhrase(threshold, 'vi')} (đo được ${num(value, 0)} mm)`;
    default:
      return `${stationName}: trạm mất kết nối`;
  }
}

const enNum = (v: number, d: number) => formatNumber(v, d, 'en');

/** The English twin of `alertMessage` (the CAP feed, the English interface). */
export function alertMessageEn(
  kind: AlertKind,
  stationName: string,
  level: number,
  value: number,
  threshold?: number | null,
): string {
  switch (kind) {
    case 'WATER_LEVEL':
      return `${stationName}: water level at alarm level ${ROMAN[level]} (${enNum(value / 100, 2)} m)`;
    case 'WATER_RISE':
      return `${stationName}: river rising fast, ${enNum(value, 0)} cm/hour`;
    case 'RAIN_INTENSITY':
      return `${stationName}: ${level >= 2 ? 'very heavy' : 'heavy'} rain, ${enNum(value, 1)} mm/hour`;
    case 'RAIN_24H':
      return `${stationName}: ${rain24hPhrase(threshold, 'en')} (measured ${enNum(value, 0)} mm)`;
    default:
      return `${stationName}: station not reporting`;
  }
}

/** Which SMS template an alert kind uses: a fast rise has its own (it is a rate, not a level). */
export function templateTypeOf(kind: AlertKind): 'FLOOD_WARNING' | 'RAIN_WARNING' | 'WATER_RISE' {
  if (kind === 'WATER_RISE') return 'WATER_RISE';
  return kind === 'RAIN_INTENSITY' || kind === 'RAIN_24H' ? 'RAIN_WARNING' : 'FLOOD_WARNING';
}

/** Where a value is heading from its change: beyond ±`epsilon` it rises or falls, otherwise it is steady. */
export function trendOf(change: number, epsilon: number): AlertTrend {
  if (change > epsilon) return 'rising';
  if (change < -epsilon) return 'falling';
  return 'steady';
}

/** An alert's value with its unit in the reader's language: '3,32 m', '169 cm/giờ', '11,1 mm/giờ', '120 mm'. */
export function alertValueWithUnit(kind: AlertKind, value: number, lang: Language): string {
  const n = (v: number, d: number) => formatNumber(v, d, lang);
  switch (kind) {
    case 'WATER_LEVEL':
      return `${n(value / 100, 2)} m`;
    case 'WATER_RISE':
      return `${n(value, 0)} ${lang === 'en' ? 'cm/h' : 'cm/giờ'}`;
    case 'RAIN_INTENSITY':
      return `${n(value, 1)} ${lang === 'en' ? 'mm/h' : 'mm/giờ'}`;
    case 'RAIN_24H':
      return `${n(value, 0)} ${lang === 'en' ? 'mm in 24 h' : 'mm/24 giờ'}`;
    default:
      return '';
  }
}

/**
 * What an alert is about, without its value: 'Trạm X: mực nước đạt báo động cấp III', 'Trạm X: mưa to',
 * 'Trạm X: mưa lớn ≥ 100 mm/24 giờ' (`threshold`: the level's, `Alert.threshold`).
 */
export function alertHeadline(
  kind: AlertKind,
  stationName: string,
  level: number,
  lang: Language,
  threshold?: number | null,
): string {
  const en = lang === 'en';
  switch (kind) {
    case 'WATER_LEVEL':
      return `${stationName}: ${en ? 'water level at alarm level' : 'mực nước đạt báo động cấp'} ${ROMAN[level]}`;
    case 'WATER_RISE':
      return `${stationName}: ${en ? 'river rising fast' : 'nước lên nhanh'}`;
    case 'RAIN_INTENSITY':
      return `${stationName}: ${en ? (level >= 2 ? 'very heavy rain' : 'heavy rain') : level >= 2 ? 'mưa rất to' : 'mưa to'}`;
    case 'RAIN_24H':
      return `${stationName}: ${rain24hPhrase(threshold, lang)}`;
    default:
      return `${stationName}: ${en ? 'station not reporting' : 'trạm mất kết nối'}`;
  }
}

const TREND_WORDS: Record<'water' | 'rain', Record<AlertTrend, { vi: string; en: string }>> = {
  water: {
    rising: { vi: 'đang lên', en: 'rising' },
    falling: { vi: 'đang xuống', en: 'falling' },
    steady: { vi: 'ít thay đổi', en: 'steady' },
  },
  rain: {
    rising: { vi: 'đang tăng', en: 'increasing' },
    falling: { vi: 'đang giảm', en: 'easing' },
    steady: { vi: 'ít thay đổi', en: 'steady' },
  },
};

/**
 * The labelled values of an alert line, in the reader's language: the value that raised it (the highest since
 * it opened), the current one, where it is heading and since when — 'đỉnh 3,32 m', 'hiện 1,18 m', 'đang
 * xuống', 'từ 22/11/2026 14:05'. A warning is kept a while after the value falls (hysteresis), so a line
 * must never read the worst moment as the present.
 */
export function alertDetails(
  alert: Pick<Alert, 'kind' | 'value' | 'peakValue' | 'trend' | 'since'>,
  lang: Language,
  timeZone: string,
): string[] {
  const en = lang === 'en';
  const since = `${en ? 'since' : 'từ'} ${formatDateTimeVi(new Date(alert.since), timeZone)}`;
  if (alert.kind === 'STATION_SILENT') return [since];
  const parts = [
    `${en ? 'peak' : 'đỉnh'} ${alertValueWithUnit(alert.kind, alert.peakValue, lang)}`,
    `${en ? 'now' : 'hiện'} ${alertValueWithUnit(alert.kind, alert.value, lang)}`,
  ];
  if (alert.trend) parts.push(TREND_WORDS[alert.kind.startsWith('RAIN') ? 'rain' : 'water'][alert.trend][lang]);
  parts.push(since);
  return parts;
}

/** The whole line of the banner and the toasts: headline, then the labelled values, joined by ' · '. */
export function alertLine(
  alert: Pick<Alert, 'kind' | 'stationName' | 'level' | 'value' | 'peakValue' | 'trend' | 'since' | 'threshold'>,
  lang: Language,
  timeZone: string,
): string {
  return [
    alertHeadline(alert.kind, alert.stationName, alert.level, lang, alert.threshold),
    ...alertDetails(alert, lang, timeZone),
  ].join(' · ');
}

/**
 * The sentence of a warning that is over (the CAP Cancel): what ended, and the value now — never the
 * level's wording of an alert still on ('Hết cảnh báo – …: mực nước đạt báo động cấp III' contradicted itself).
 */
export function alertEndMessage(
  kind: AlertKind,
  stationName: string,
  level: number,
  value: number,
  lang: Language,
  threshold?: number | null,
): string {
  const now = alertValueWithUnit(kind, value, lang);
  const en = lang === 'en';
  switch (kind) {
    case 'WATER_LEVEL':
      return en
        ? `${stationName}: water level back below alarm level ${ROMAN[level]}, now ${now}`
        : `${stationName}: mực nước đã xuống dưới báo động cấp ${ROMAN[level]}, hiện ${now}`;
    case 'WATER_RISE':
      return en
        ? `${stationName}: river no longer rising fast, now ${now}`
        : `${stationName}: nước đã hết lên nhanh, hiện ${now}`;
    case 'RAIN_INTENSITY':
      return en ? `${stationName}: heavy rain over, now ${now}` : `${stationName}: đã hết mưa to, hiện ${now}`;
    case 'RAIN_24H':
      return en
        ? `${stationName}: ${rain24hPhrase(threshold, 'en')} over, now ${now}`
        : `${stationName}: đã hết ${rain24hPhrase(threshold, 'vi')}, hiện ${now}`;
    default:
      return en ? `${stationName}: station reporting again` : `${stationName}: trạm đã có số liệu trở lại`;
  }
}

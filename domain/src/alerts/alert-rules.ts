import { formatNumber } from '../common/number-format';
import { effectiveLevels, type WarningLevels } from '../stations/classify';
import type { WebParameters } from '../stations/web-parameters';
import type { AlertKind } from './alerts.schemas';

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
}

export type AlertAction =
  | { action: 'none' }
  | { action: 'open'; level: number }
  | { action: 'escalate'; level: number }
  | { action: 'update'; belowSince: Date | null }
  | { action: 'lower'; level: number }
  | { action: 'clear' };

/**
 * The hysteresis rule: an alert opens when a level is reached and escalates when a higher one is; it goes
 * down (or clears) only after the value has stayed below its level minus `margin` for `holdMs`. A value
 * flapping around a level therefore raises one alert, not one per crossing.
 */
export function nextAlertAction(
  current: OpenAlertState | null,
  value: number,
  thresholds: readonly number[],
  margin: number,
  holdMs: number,
  now: Date,
): AlertAction {
  const level = levelOf(value, thresholds);
  if (!current) return level > 0 ? { action: 'open', level } : { action: 'none' };
  if (level > current.level) return { action: 'escalate', level };
  const below = value < thresholds[current.level]! - margin;
  if (!below) return current.belowSince ? { action: 'update', belowSince: null } : { action: 'none' };
  if (!current.belowSince) return { action: 'update', belowSince: now };
  if (now.getTime() - current.belowSince.getTime() < holdMs) return { action: 'none' };
  const settled = levelOf(value + margin, thresholds);
  return settled === 0 ? { action: 'clear' } : { action: 'lower', level: Math.min(settled, current.level - 1) };
}

const ROMAN = ['', 'I', 'II', 'III'];
const num = (v: number, d: number) => formatNumber(v, d, 'vi');

/** The sentence the banner and the staff read (Vietnamese; values with a decimal comma). */
export function alertMessage(kind: AlertKind, stationName: string, level: number, value: number): string {
  switch (kind) {
    case 'WATER_LEVEL':
      return `${stationName}: mực nước đạt báo động cấp ${ROMAN[level]} (${num(value / 100, 2)} m)`;
    case 'WATER_RISE':
      return `${stationName}: nước lên nhanh ${num(value, 0)} cm/giờ`;
    case 'RAIN_INTENSITY':
      return `${stationName}: ${level >= 2 ? 'mưa rất to' : 'mưa to'} ${num(value, 1)} mm/giờ`;
    case 'RAIN_24H':
      return `${stationName}: nguy cơ lũ quét cấp ${level}, mưa ${num(value, 0)} mm trong 24 giờ`;
    default:
      return `${stationName}: trạm mất kết nối`;
  }
}

const enNum = (v: number, d: number) => formatNumber(v, d, 'en');

/** The English twin of `alertMessage` (the CAP feed, the English interface). */
export function alertMessageEn(kind: AlertKind, stationName: string, level: number, value: number): string {
  switch (kind) {
    case 'WATER_LEVEL':
      return `${stationName}: water level at alarm level ${ROMAN[level]} (${enNum(value / 100, 2)} m)`;
    case 'WATER_RISE':
      return `${stationName}: river rising fast, ${enNum(value, 0)} cm/hour`;
    case 'RAIN_INTENSITY':
      return `${stationName}: ${level >= 2 ? 'very heavy' : 'heavy'} rain, ${enNum(value, 1)} mm/hour`;
    case 'RAIN_24H':
      return `${stationName}: flash-flood risk level ${level}, ${enNum(value, 0)} mm of rain in 24 hours`;
    default:
      return `${stationName}: station not reporting`;
  }
}

/** Which SMS template an alert kind uses. */
export function templateTypeOf(kind: AlertKind): 'FLOOD_WARNING' | 'RAIN_WARNING' {
  return kind === 'RAIN_INTENSITY' || kind === 'RAIN_24H' ? 'RAIN_WARNING' : 'FLOOD_WARNING';
}

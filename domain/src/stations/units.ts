import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';

/** Water levels are stored in centimetres and shown in metres (DECISIONS.md "Data and units"). */
export function cmToM(cm: number): number {
  return cm / 100;
}

/** Metres typed in a form become stored centimetres; rounded to 0.01 cm against float noise (1.1 m → 110). */
export function mToCm(m: number): number {
  return Math.round(m * 100 * 100) / 100;
}

/** A number as Vietnamese readers write it: comma decimal separator, fixed decimals (`1,25`). */
export function formatNumberVi(value: number, decimals: number): string {
  return formatNumber(value, decimals, 'vi');
}

/** A stored water level shown in metres: two decimals (one on the mobile dashboard). */
export function formatWaterLevel(cm: number, decimals: 1 | 2 = 2): string {
  return formatNumberVi(cmToM(cm), decimals);
}

/** A station's value without its unit, as the portal shows it: rain 1 decimal (mm/h), water in m, 2 decimals. */
export function stationValueText(kind: 'rain' | 'water', value: number, lang: Language = 'vi'): string {
  return kind === 'water' ? formatNumber(cmToM(value), 2, lang) : formatNumber(value, 1, lang);
}

/** The value with its unit: '12,5 mm/h', '0,62 m' (the map, the station card, the dashboard's first view). */
export function stationValueWithUnit(kind: 'rain' | 'water', value: number, lang: Language = 'vi'): string {
  return `${stationValueText(kind, value, lang)} ${kind === 'water' ? 'm' : 'mm/h'}`;
}

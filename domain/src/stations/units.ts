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

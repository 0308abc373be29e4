import type { Language } from './language';

/** Separators by the reader's language: Vietnamese writes `1.234,5` (dot grouping, comma decimal), English `1,234.5`. */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  vi: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * `Math.abs(value)` with `decimals` decimals, rounded half away from zero on its shortest decimal form (as ICU
 * does: 1.005 → '1.01', where `toFixed` gives '1.00' from the binary value 1.00499…).
 */
function roundedDigits(abs: number, decimals: number): string {
  const shortest = String(abs);
  if (shortest.includes('e')) return abs.toFixed(decimals); // below 1e-6 or from 1e21: no tie to round
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= decimals) return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, '0')}`;
  const digits = [...(whole + fraction.slice(0, decimals))].map(Number);
  if (Number(fraction[decimals]) >= 5) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i >= 0) digits[i] = (digits[i] ?? 0) + 1;
    else digits.unshift(1);
  }
  const text = digits.join('');
  const cut = text.length - decimals;
  return decimals === 0 ? text : `${text.slice(0, cut)}.${text.slice(cut)}`;
}

/**
 * A number as the reader's language writes it (as `toLocaleString('vi-VN' | 'en-GB')` does), with `maxDecimals`
 * decimals at most and `minDecimals` at least (by default as many as `maxDecimals`: fixed decimals, `1,50`).
 * Every number the portal shows goes through here. Written by hand rather than with Intl.NumberFormat: the
 * first Vietnamese number format loads ICU's locale data and each `toLocaleString` with options builds a
 * new formatter, which together took ~170 ms of a phone's main thread on the dashboard's first render.
 */
export function formatNumber(
  value: number,
  maxDecimals: number,
  lang: Language = 'vi',
  minDecimals: number = maxDecimals,
): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  const { group, decimal } = SEPARATORS[lang];
  const fixed = roundedDigits(Math.abs(value), maxDecimals);
  let [whole = '0', fraction = ''] = fixed.split('.');
  let end = fraction.length;
  while (end > minDecimals && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${whole}${fraction ? decimal + fraction : ''}`;
}

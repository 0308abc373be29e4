import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

describe('formatNumber', () => {
  it('writes Vietnamese numbers with a comma decimal and dot grouping, fixed decimals by default', () => {
    expect(formatNumber(1.5, 2)).toBe('1,50');
    expect(formatNumber(12345.678, 1)).toBe('12.345,7');
    expect(formatNumber(0, 1, 'vi')).toBe('0,0');
    expect(formatNumber(1234567, 0)).toBe('1.234.567');
  });

  it('writes English numbers with a point decimal and comma grouping', () => {
    expect(formatNumber(1.5, 2, 'en')).toBe('1.50');
    expect(formatNumber(12345.678, 1, 'en')).toBe('12,345.7');
  });

  it('drops trailing zeros down to the minimum decimals', () => {
    expect(formatNumber(2.1, 2, 'vi', 0)).toBe('2,1');
    expect(formatNumber(3, 2, 'vi', 0)).toBe('3');
    expect(formatNumber(21.27, 6, 'vi', 4)).toBe('21,2700');
    expect(formatNumber(-0.004, 2)).toBe('0,00');
  });

  it('writes what toLocaleString writes, for values, signs, rounding ties and option sets', () => {
    // One deliberate difference: a negative value that rounds to zero reads '0', not ICU's '-0'.
    const locale = (v: number, lang: string, options: Intl.NumberFormatOptions) =>
      v.toLocaleString(lang, options).replace(/^-(?=[0.,]+$)/, '');
    const values = [0, 0.005, 0.5, 1.005, 1.25, 2.5, -2.5, -Math.PI, -0.004, 999.995, 1234, 99999.5, 1234567.891];
    for (const v of values) {
      for (const max of [0, 1, 2, 3, 6]) {
        for (const min of [0, Math.min(1, max), max]) {
          const options = { minimumFractionDigits: min, maximumFractionDigits: max };
          expect(formatNumber(v, max, 'vi', min), `${v} ${min}-${max} vi`).toBe(locale(v, 'vi-VN', options));
          expect(formatNumber(v, max, 'en', min), `${v} ${min}-${max} en`).toBe(locale(v, 'en-GB', options));
        }
      }
    }
  });
});

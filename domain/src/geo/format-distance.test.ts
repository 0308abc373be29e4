import { describe, expect, it } from 'vitest';
import { formatDistance } from './format-distance';

describe('formatDistance', () => {
  it('writes whole metres under 1 km', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(12.4)).toBe('12 m');
    expect(formatDistance(850.5)).toBe('851 m');
    expect(formatDistance(999.4)).toBe('999 m');
  });

  it('switches to kilometres once the metres round to 1000', () => {
    expect(formatDistance(999.7)).toBe('1,00 km');
    expect(formatDistance(1000)).toBe('1,00 km');
  });

  it('writes kilometres with a decimal comma in Vietnamese: 2 decimals under 10 km, 1 from 10 km', () => {
    expect(formatDistance(3254)).toBe('3,25 km');
    expect(formatDistance(9994)).toBe('9,99 km');
    expect(formatDistance(9996)).toBe('10,0 km');
    expect(formatDistance(12_480)).toBe('12,5 km');
    expect(formatDistance(1_234_560)).toBe('1.234,6 km');
  });

  it('writes a decimal point in English', () => {
    expect(formatDistance(3254, 'en')).toBe('3.25 km');
    expect(formatDistance(1_234_560, 'en')).toBe('1,234.6 km');
    expect(formatDistance(850, 'en')).toBe('850 m');
  });

  it('shows nothing for a value that is not a number and clamps negatives to zero', () => {
    expect(formatDistance(Number.NaN)).toBe('');
    expect(formatDistance(-5)).toBe('0 m');
  });
});

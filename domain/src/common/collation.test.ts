import { describe, expect, it } from 'vitest';
import { compareVietnamese } from './collation';

describe('Vietnamese order of names', () => {
  it("orders as localeCompare(…, 'vi') does, Vietnamese letters in their places", () => {
    const names = [
      'Đồn Đạc',
      'Thanh Sơn',
      'Cửa Ông',
      'Ba Chẽ',
      'Đạp Thanh',
      'Nam Sơn',
      'Ăn Uống',
      'An Bình',
      'Lương Mông',
    ];
    const expected = [...names].sort((a, b) => a.localeCompare(b, 'vi'));
    expect([...names].sort(compareVietnamese)).toEqual(expected);
    // Đ after D, Ă after A (not by their code points' place).
    expect(compareVietnamese('Đạp Thanh', 'Dương')).toBeGreaterThan(0);
    expect(compareVietnamese('Ăn', 'Anh')).toBeGreaterThan(0);
    expect(compareVietnamese('Ba Chẽ', 'Ba Chẽ')).toBe(0);
  });
});

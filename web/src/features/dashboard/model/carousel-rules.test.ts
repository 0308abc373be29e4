import { describe, expect, it } from 'vitest';
import { itemsPerView, lastStart, nextStart, previousStart } from './carousel-rules';

describe('dashboard carousel rules (spec §9)', () => {
  it('shows 2 cards from 350 px, 3 from 800, 4 from 1200, 6 from 1400, one below 350', () => {
    expect([320, 349, 350, 799, 800, 1199, 1200, 1399, 1400, 2560].map(itemsPerView)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 6, 6,
    ]);
  });

  it('steps one card on and wraps around after the last position', () => {
    expect(lastStart(7, 3)).toBe(4);
    expect([0, 1, 2, 3, 4].map((s) => nextStart(s, 7, 3))).toEqual([1, 2, 3, 4, 0]);
    expect([0, 1, 2, 3, 4].map((s) => previousStart(s, 7, 3))).toEqual([4, 0, 1, 2, 3]);
  });

  it('never runs past the last card when there are few cards', () => {
    expect(lastStart(2, 4)).toBe(0);
    expect(nextStart(0, 2, 4)).toBe(0);
    expect(previousStart(0, 2, 4)).toBe(0);
    // A start left over from a narrower window comes back to the last position.
    expect(previousStart(5, 6, 4)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { A4_LANDSCAPE_MM, fitOnPage, layoutSheet } from './sheet-layout';

describe('layoutSheet', () => {
  it('puts the title on top, the map under it and the legend on its right', () => {
    const l = layoutSheet({ width: 1000, height: 700 }, { width: 220, height: 500 }, 1);
    expect(l.titleY).toBeLessThan(l.timeY);
    expect(l.timeY).toBeLessThan(l.map.y);
    expect(l.legend).toEqual({ x: l.map.x + 1000 + 16, y: l.map.y, width: 220, height: 500 });
    expect(l.width).toBe(l.legend!.x + 220 + l.padding);
    expect(l.footerY[0]).toBeGreaterThan(l.map.y + 700);
    expect(l.height).toBeGreaterThan(l.footerY[0]!);
  });

  it('shrinks a legend taller than the map to its height', () => {
    const l = layoutSheet({ width: 360, height: 400 }, { width: 220, height: 800 }, 0);
    expect(l.legend).toMatchObject({ width: 110, height: 400 });
  });

  it('has no legend column without a legend', () => {
    const l = layoutSheet({ width: 800, height: 600 }, null, 2);
    expect(l.legend).toBeNull();
    expect(l.width).toBe(800 + 2 * l.padding);
    expect(l.footerY).toHaveLength(2);
  });
});

describe('fitOnPage', () => {
  it('fits a wide image to the width of an A4 landscape page, centred', () => {
    const box = fitOnPage({ width: 2770, height: 1000 });
    expect(box.width).toBeCloseTo(277);
    expect(box.height).toBeCloseTo(100);
    expect(box.x).toBeCloseTo(10);
    expect(box.y).toBeCloseTo((A4_LANDSCAPE_MM.height - 100) / 2);
  });

  it('fits a tall image to the height', () => {
    const box = fitOnPage({ width: 1000, height: 1900 });
    expect(box.height).toBeCloseTo(190);
    expect(box.width).toBeCloseTo(100);
    expect(box.x).toBeCloseTo((297 - 100) / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { formatArea, pointInCircle, polygonAreaSquareMetres } from './area';
import { bboxContains, EARTH_RADIUS_M, haversineMetres, lineLengthMetres } from './distance';

/** A square of `side` metres whose south-west corner is at [lon, lat] (small: flat-earth offsets). */
function squareOf(side: number, lon: number, lat: number): [number, number][] {
  const dLat = side / ((Math.PI / 180) * EARTH_RADIUS_M);
  const dLon = dLat / Math.cos(((lat + dLat / 2) * Math.PI) / 180);
  return [
    [lon, lat],
    [lon + dLon, lat],
    [lon + dLon, lat + dLat],
    [lon, lat + dLat],
  ];
}

describe('lengths the measuring tool shows', () => {
  it('one degree of latitude is about 111.2 km', () => {
    expect(haversineMetres([107.27, 21], [107.27, 22]) / 1000).toBeCloseTo(111.19, 1);
  });

  it('a line is the sum of its legs', () => {
    const line = [
      [107, 21],
      [107, 21.5],
      [107, 22],
    ];
    expect(lineLengthMetres(line)).toBeCloseTo(haversineMetres([107, 21], [107, 22]), 3);
  });
});

describe('polygonAreaSquareMetres', () => {
  it('a square of 1 km by 1 km near Ba Chẽ is 1 km², either winding, closed or not', () => {
    const ring = squareOf(1000, 107.27, 21.27);
    expect(polygonAreaSquareMetres(ring) / 1e6).toBeCloseTo(1, 2);
    expect(polygonAreaSquareMetres([...ring].reverse())).toBeCloseTo(polygonAreaSquareMetres(ring), 3);
    expect(polygonAreaSquareMetres([...ring, ring[0]!])).toBeCloseTo(polygonAreaSquareMetres(ring), 3);
  });

  it('a 100 m square is 1 ha within 0.5 %', () => {
    expect(polygonAreaSquareMetres(squareOf(100, 107.3, 21.2)) / 10_000).toBeCloseTo(1, 2);
  });

  it('the 1° by 1° cell on the equator is R²·sin 1°·(π/180): about 12 364 km²', () => {
    const cell = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const exact = EARTH_RADIUS_M ** 2 * Math.sin(Math.PI / 180) * (Math.PI / 180);
    expect(polygonAreaSquareMetres(cell)).toBeCloseTo(exact, -2);
    expect(polygonAreaSquareMetres(cell) / 1e6).toBeCloseTo(12_364, -1);
  });

  it('is zero for fewer than three positions', () => {
    expect(polygonAreaSquareMetres([])).toBe(0);
    expect(
      polygonAreaSquareMetres([
        [107, 21],
        [107.1, 21.1],
      ]),
    ).toBe(0);
  });
});

describe('what lies inside a drawn shape', () => {
  it('a circle holds the positions within its radius, the edge included', () => {
    const centre = [107.27, 21.27];
    const north1km = [107.27, 21.27 + 1000 / ((Math.PI / 180) * EARTH_RADIUS_M)];
    expect(pointInCircle(centre, 1000.01, north1km)).toBe(true);
    expect(pointInCircle(centre, 999, north1km)).toBe(false);
    expect(pointInCircle(centre, 0, centre)).toBe(true);
  });

  it('a rectangle holds the positions of its box (bboxContains)', () => {
    const box: [number, number, number, number] = [107.2, 21.2, 107.3, 21.3];
    expect(bboxContains(box, [107.25, 21.25])).toBe(true);
    expect(bboxContains(box, [107.3, 21.3])).toBe(true);
    expect(bboxContains(box, [107.31, 21.25])).toBe(false);
  });
});

describe('formatArea', () => {
  it('writes whole square metres under 10 000 m² (dot grouping in Vietnamese)', () => {
    expect(formatArea(0)).toBe('0 m²');
    expect(formatArea(950.4)).toBe('950 m²');
    expect(formatArea(9850)).toBe('9.850 m²');
    expect(formatArea(9850, 'en')).toBe('9,850 m²');
  });

  it('switches to hectares once the square metres round to 10 000, 2 decimals', () => {
    expect(formatArea(9999.7)).toBe('1,00 ha');
    expect(formatArea(123_456)).toBe('12,35 ha');
    expect(formatArea(123_456, 'en')).toBe('12.35 ha');
  });

  it('writes square kilometres from 100 ha', () => {
    expect(formatArea(999_999)).toBe('1,00 km²');
    expect(formatArea(3_420_000)).toBe('3,42 km²');
    expect(formatArea(1_234_560_000, 'en')).toBe('1,234.56 km²');
  });

  it('shows nothing for a value that is not a number and clamps negatives to zero', () => {
    expect(formatArea(Number.NaN)).toBe('');
    expect(formatArea(-3)).toBe('0 m²');
  });
});

import { describe, expect, it } from 'vitest';
import { polygonAreaSquareMetres } from '../geo/area';
import { pointInGeometry } from '../geo/geometry';
import { intersectionAreaSquareMetres, prepareRegion, regionAreaSquareMetres } from './intersection-area';

type Ring = [number, number][];
const rect = (x0: number, y0: number, x1: number, y1: number): Ring => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
const area = (a: Ring[][], b: Ring[][]) => intersectionAreaSquareMetres(prepareRegion(a), prepareRegion(b));

/** Thị trấn Ba Chẽ as in server/src/db/seed/geo/communes.geojson (ID_3 6970, 693 ha). */
const BA_CHE: Ring = [
  [107.29126, 21.25294],
  [107.29467, 21.25734],
  [107.30281, 21.26038],
  [107.30608, 21.27425],
  [107.30875, 21.27682],
  [107.30416, 21.28111],
  [107.28924, 21.27963],
  [107.28215, 21.28305],
  [107.27316, 21.27571],
  [107.27521, 21.27154],
  [107.28075, 21.26868],
  [107.28042, 21.26531],
  [107.28467, 21.25954],
  [107.29157, 21.25529],
  [107.29126, 21.25294],
];
const commune = { type: 'Polygon' as const, coordinates: [BA_CHE] };

/** The flooded share of a square measured by sampling a fine lattice (independent of the algorithm). */
function sampledOverlap(sq: Ring, n = 800): number {
  const [x0, y0] = sq[0]!;
  const [x1, y1] = sq[2]!;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (pointInGeometry(x0 + ((i + 0.5) * (x1 - x0)) / n, y0 + ((j + 0.5) * (y1 - y0)) / n, commune)) hits++;
    }
  }
  return (hits / (n * n)) * polygonAreaSquareMetres(sq);
}

describe('flooded area of a commune', () => {
  it('a square covering the whole commune floods all of it (693 ha)', () => {
    const expected = polygonAreaSquareMetres(BA_CHE);
    expect(expected / 10_000).toBeCloseTo(692.5, 0);
    const got = area([[rect(107.27, 21.25, 107.31, 21.29)]], [[BA_CHE]]);
    expect(Math.abs(got - expected) / expected).toBeLessThan(0.005);
  });

  it('a square inside the commune floods exactly the square', () => {
    const sq = rect(107.285, 21.265, 107.295, 21.275);
    const expected = polygonAreaSquareMetres(sq);
    expect(Math.abs(area([[sq]], [[BA_CHE]]) - expected) / expected).toBeLessThan(0.005);
  });

  it('a square across the boundary floods the part inside (checked by sampling)', () => {
    const sq = rect(107.295, 21.265, 107.312, 21.282);
    const expected = sampledOverlap(sq);
    const got = area([[sq]], [[BA_CHE]]);
    expect(expected).toBeGreaterThan(0.2 * polygonAreaSquareMetres(sq));
    expect(expected).toBeLessThan(0.8 * polygonAreaSquareMetres(sq));
    expect(Math.abs(got - expected) / expected).toBeLessThan(0.005);
  });

  it('a square outside the commune floods nothing', () => {
    expect(area([[rect(107.32, 21.29, 107.33, 21.3)]], [[BA_CHE]])).toBe(0);
  });
});

describe('exact cases', () => {
  const A = rect(107, 21, 107.02, 21.02);
  it('overlapping rectangles: the overlap rectangle', () => {
    const got = area([[A]], [[rect(107.01, 21.005, 107.03, 21.03)]]);
    expect(got).toBeCloseTo(polygonAreaSquareMetres(rect(107.01, 21.005, 107.02, 21.02)), 0);
  });

  it('does not depend on ring direction', () => {
    const B = rect(107.01, 21.005, 107.03, 21.03);
    const reversed = [...B].reverse() as Ring;
    expect(area([[A]], [[reversed]])).toBeCloseTo(area([[A]], [[B]]), 3);
  });

  it('a region with itself: shared edges in the same direction count once', () => {
    expect(area([[A]], [[A]])).toBeCloseTo(polygonAreaSquareMetres(A), 0);
  });

  it('neighbours sharing an edge (opposite directions) do not overlap', () => {
    expect(area([[A]], [[rect(107.02, 21, 107.04, 21.02)]])).toBeLessThan(1e-6);
  });

  it('edges lying partly on each other', () => {
    const B = rect(107.01, 21, 107.05, 21.01);
    expect(area([[A]], [[B]])).toBeCloseTo(polygonAreaSquareMetres(rect(107.01, 21, 107.02, 21.01)), 0);
  });

  it('holes are taken out', () => {
    const hole = rect(107.005, 21.005, 107.015, 21.015);
    const withHole = [[A, hole]];
    const expected = polygonAreaSquareMetres(A) - polygonAreaSquareMetres(hole);
    expect(regionAreaSquareMetres(prepareRegion(withHole))).toBeCloseTo(expected, 0);
    expect(area(withHole, [[rect(106.9, 20.9, 107.1, 21.1)]])).toBeCloseTo(expected, 0);
    expect(area(withHole, [[hole]])).toBeLessThan(1e-6);
  });

  it('a multipolygon counts each part', () => {
    const parts = [[rect(107, 21, 107.01, 21.01)], [rect(107.02, 21, 107.03, 21.01)]];
    const clip = [[rect(107.005, 21, 107.025, 21.01)]];
    expect(area(parts, clip)).toBeCloseTo(2 * polygonAreaSquareMetres(rect(107.005, 21, 107.01, 21.01)), 0);
  });

  it('a vertex touching an edge adds nothing', () => {
    const diamond: Ring = [
      [107.03, 21.01],
      [107.02, 21.02],
      [107.01, 21.01],
      [107.02, 21.0],
      [107.03, 21.01],
    ];
    // The diamond's west vertex (107.01) lies inside A; its east half is outside.
    const expected = polygonAreaSquareMetres(diamond) / 2;
    expect(area([[A]], [[diamond]])).toBeCloseTo(expected, -1);
  });
});

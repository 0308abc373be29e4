import { describe, expect, it } from 'vitest';
import { polygonAreaSquareMetres } from './area';
import {
  featureProblemText,
  partsOverlap,
  polygonProblems,
  repairLayerPolygons,
  repairPolygonal,
} from './polygon-validity';

const square = (x: number, y: number, s: number) => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];
/** A bow-tie: the ring goes across itself in the middle. */
const BOW_TIE = [
  [107.2, 21.2],
  [107.3, 21.3],
  [107.3, 21.2],
  [107.2, 21.3],
  [107.2, 21.2],
];
const feature = (name: string | null, geometry: unknown) => ({
  type: 'Feature',
  properties: name ? { ten_xa: name } : {},
  geometry,
});

describe('polygon problems of an uploaded layer (#26 point 5)', () => {
  it('a bow-tie ring has no area, and is named as crossing itself', () => {
    expect(Math.abs(polygonAreaSquareMetres(BOW_TIE))).toBeLessThan(1);
    const problems = polygonProblems(
      {
        features: [
          feature('Xã Ba Chẽ', { type: 'Polygon', coordinates: [square(107.1, 21.1, 0.05)] }),
          feature('Xã Lỗi', { type: 'Polygon', coordinates: [BOW_TIE] }),
        ],
      },
      ['ten_xa'],
    );
    expect(problems).toEqual([{ index: 1, name: 'Xã Lỗi', problem: 'self-crossing' }]);
    expect(featureProblemText(problems[0]!)).toBe('Xã Lỗi: các cạnh của ranh giới cắt nhau');
    expect(featureProblemText(problems[0]!, 'en')).toBe('Xã Lỗi: the edges of its boundary cross each other');
  });

  it('a hole that crosses itself counts too', () => {
    const problems = polygonProblems(
      { features: [feature(null, { type: 'Polygon', coordinates: [square(107, 21, 1), BOW_TIE] })] },
      ['ten_xa'],
    );
    expect(problems).toEqual([{ index: 0, name: null, problem: 'self-crossing' }]);
    expect(featureProblemText(problems[0]!)).toBe('Đối tượng 1: các cạnh của ranh giới cắt nhau');
  });

  it('MultiPolygon parts that overlap are refused; parts apart or sharing an edge or a corner are not', () => {
    const overlapping = { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.05, 21.05, 0.1)]] };
    const inside = { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.02, 21.02, 0.01)]] };
    const apart = { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.2, 21, 0.1)]] };
    const edge = { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.1, 21, 0.1)]] };
    const corner = { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.1, 21.1, 0.1)]] };
    const problems = polygonProblems(
      { features: [overlapping, inside, apart, edge, corner].map((g, i) => feature(`Xã ${i}`, g)) },
      ['ten_xa'],
    );
    expect(problems).toEqual([
      { index: 0, name: 'Xã 0', problem: 'overlapping-parts' },
      { index: 1, name: 'Xã 1', problem: 'overlapping-parts' },
    ]);
    expect(featureProblemText(problems[0]!)).toBe('Xã 0: các phần chồng lên nhau');
  });

  it('points, lines and empty geometries have no polygon problem', () => {
    expect(
      polygonProblems(
        {
          features: [
            feature('A', { type: 'Point', coordinates: [107, 21] }),
            feature('B', null),
            feature('C', { type: 'LineString', coordinates: BOW_TIE }),
          ],
        },
        ['ten_xa'],
      ),
    ).toEqual([]);
    expect(polygonProblems(null, ['ten_xa'])).toEqual([]);
  });

  it('partsOverlap: crossing edges, containment, and mere touching', () => {
    expect(partsOverlap(square(0, 0, 2), square(1, 1, 2))).toBe(true);
    expect(partsOverlap(square(0, 0, 4), square(1, 1, 1))).toBe(true);
    expect(partsOverlap(square(0, 0, 1), square(1, 0, 1))).toBe(false);
    expect(partsOverlap(square(0, 0, 1), square(3, 3, 1))).toBe(false);
  });
});

describe('repairing polygons when the uploader chooses (#26 point 5)', () => {
  const area = (g: unknown) => {
    const geometry = g as { type: string; coordinates: number[][][] | number[][][][] };
    const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
    return polygons.reduce((sum, p) => sum + Math.abs(polygonAreaSquareMetres(p[0]!)), 0);
  };

  it('a bow-tie becomes two triangles with the ground they cover, and passes the check', () => {
    const repaired = repairPolygonal({ type: 'Polygon', coordinates: [BOW_TIE] }) as {
      type: string;
      coordinates: unknown[];
    };
    expect(repaired.type).toBe('MultiPolygon');
    expect(repaired.coordinates).toHaveLength(2);
    // Two triangles, each a quarter of the 0.1° square.
    const square = Math.abs(
      polygonAreaSquareMetres([
        [107.2, 21.2],
        [107.3, 21.2],
        [107.3, 21.3],
        [107.2, 21.3],
        [107.2, 21.2],
      ]),
    );
    expect(area(repaired) / square).toBeCloseTo(0.5, 3);
    expect(polygonProblems({ features: [feature('Xã Lỗi', repaired)] }, ['ten_xa'])).toEqual([]);
  });

  it('overlapping parts are merged into one, counted once', () => {
    const layer = {
      type: 'FeatureCollection',
      features: [
        feature('Xã 0', { type: 'MultiPolygon', coordinates: [[square(107, 21, 0.1)], [square(107.05, 21, 0.1)]] }),
        feature('Điểm', { type: 'Point', coordinates: [107, 21] }),
      ],
    };
    const repaired = repairLayerPolygons(layer);
    const merged = repaired.features[0] as { geometry: { type: string } };
    expect(merged.geometry.type).toBe('Polygon');
    const one = Math.abs(polygonAreaSquareMetres(square(107, 21, 0.1)));
    expect(area(merged.geometry) / one).toBeCloseTo(1.5, 3);
    expect(repaired.features[1]).toEqual(layer.features[1]);
    expect(polygonProblems(repaired, ['ten_xa'])).toEqual([]);
  });
});

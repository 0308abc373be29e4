import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { featurePath, fitProjection, previewBounds } from './map-preview';

const square: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { ID_3: 1 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [107.0, 21.0],
            [107.2, 21.0],
            [107.2, 21.2],
            [107.0, 21.2],
            [107.0, 21.0],
          ],
        ],
      },
    },
    { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
  ],
};

describe('dashboard map preview', () => {
  it('bounds the communes and the stations (points of other layers ignored, bad positions skipped)', () => {
    expect(previewBounds(square, [])).toEqual([107.0, 21.0, 107.2, 21.2]);
    expect(previewBounds(square, [{ lat: 21.3, long: 106.9 }])).toEqual([106.9, 21.0, 107.2, 21.3]);
    expect(previewBounds(undefined, [{ lat: Number.NaN, long: 107 }])).toBeNull();
    expect(previewBounds(undefined, [])).toBeNull();
  });

  it('fits the box inside the padding, keeps its shape and centres it', () => {
    const box = previewBounds(square, [])!;
    const { project } = fitProjection(box, 400, 300, 20);
    const [x0, y0] = project(107.0, 21.2); // north-west corner: top left
    const [x1, y1] = project(107.2, 21.0); // south-east corner: bottom right
    expect(y0).toBeCloseTo(20, 6);
    expect(y1).toBeCloseTo(280, 6);
    // 0.2° of longitude is cos(21.1°) ≈ 0.933 of 0.2° of latitude on the ground.
    expect((x1 - x0) / (y1 - y0)).toBeCloseTo(Math.cos((21.1 * Math.PI) / 180), 6);
    expect((x0 + x1) / 2).toBeCloseTo(200, 6);
  });

  it('writes closed SVG paths of polygons only', () => {
    const projection = fitProjection([107.0, 21.0, 107.2, 21.2], 100, 100, 0);
    const path = featurePath(square.features[0]!, projection);
    expect(path.startsWith('M')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    expect(path.split('L')).toHaveLength(5);
    expect(featurePath(square.features[1]!, projection)).toBe('');
  });
});

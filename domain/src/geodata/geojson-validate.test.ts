import { describe, expect, it } from 'vitest';
import { validateGeoJson } from './geojson-validate';

const square = [
  [
    [107.2, 21.2],
    [107.3, 21.2],
    [107.3, 21.3],
    [107.2, 21.3],
    [107.2, 21.2],
  ],
];
const fc = (geometry: unknown) => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry }],
});

describe('validateGeoJson', () => {
  it('accepts collections, features and bare geometries, counting features and the bounding box', () => {
    expect(validateGeoJson(fc({ type: 'Polygon', coordinates: square }))).toEqual({
      ok: true,
      featureCount: 1,
      bbox: [107.2, 21.2, 107.3, 21.3],
    });
    expect(validateGeoJson({ type: 'Point', coordinates: [107.27, 21.27, 12] })).toMatchObject({
      ok: true,
      featureCount: 1,
    });
    expect(validateGeoJson({ type: 'Feature', properties: null, geometry: null })).toEqual({
      ok: true,
      featureCount: 1,
      bbox: null,
    });
    expect(
      validateGeoJson({
        ...fc({ type: 'MultiPolygon', coordinates: [square, square] }),
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
      }).ok,
    ).toBe(true);
  });

  it('says where a coordinate leaves WGS84 (a VN-2000 metre grid, swapped axes)', () => {
    expect(validateGeoJson(fc({ type: 'Point', coordinates: [435000.5, 2352000] }))).toEqual({
      ok: false,
      path: 'features[0].geometry.coordinates[0]',
      message: 'Kinh độ 435000.5 nằm ngoài khoảng -180…180: dữ liệu phải theo hệ WGS84 (EPSG:4326)',
    });
    expect(
      validateGeoJson(
        fc({
          type: 'LineString',
          coordinates: [
            [107, 21],
            [21, 107],
          ],
        }),
      ),
    ).toMatchObject({
      ok: false,
      path: 'features[0].geometry.coordinates[1][1]',
    });
  });

  it('refuses open or short rings, short lines, non-numbers, unknown types and foreign CRS', () => {
    const open = [
      [
        [107, 21],
        [107.1, 21],
        [107.1, 21.1],
        [107, 21.2],
      ],
    ];
    expect(validateGeoJson(fc({ type: 'Polygon', coordinates: open }))).toMatchObject({
      ok: false,
      message: 'Vòng đa giác phải khép kín (điểm cuối trùng điểm đầu)',
    });
    expect(
      validateGeoJson(
        fc({
          type: 'Polygon',
          coordinates: [
            [
              [107, 21],
              [107.1, 21],
              [107, 21],
            ],
          ],
        }),
      ),
    ).toMatchObject({
      ok: false,
      message: 'Vòng đa giác cần ít nhất 4 điểm',
    });
    expect(validateGeoJson(fc({ type: 'LineString', coordinates: [[107, 21]] }))).toMatchObject({ ok: false });
    expect(validateGeoJson(fc({ type: 'Point', coordinates: ['107', 21] }))).toMatchObject({
      ok: false,
      path: 'features[0].geometry.coordinates[0]',
      message: 'Toạ độ phải là số',
    });
    expect(validateGeoJson(fc({ type: 'Circle', coordinates: [107, 21] }))).toMatchObject({
      ok: false,
      path: 'features[0].geometry.type',
    });
    expect(validateGeoJson({ type: 'Topology' })).toMatchObject({ ok: false, path: 'type' });
    expect(validateGeoJson([1, 2])).toMatchObject({ ok: false, path: '(tệp)' });
    expect(validateGeoJson({ ...fc(null), crs: { type: 'name', properties: { name: 'EPSG:3405' } } })).toMatchObject({
      ok: false,
      path: 'crs',
    });
    expect(
      validateGeoJson({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: 5, geometry: null }] }),
    ).toMatchObject({ ok: false, path: 'features[0].properties' });
  });

  it('stops deep nesting: arrays nested past a geometry, collections in collections', () => {
    let deep: unknown = [107, 21];
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(validateGeoJson(fc({ type: 'Point', coordinates: deep })).ok).toBe(false);
    let g: unknown = { type: 'Point', coordinates: [107, 21] };
    for (let i = 0; i < 10; i++) g = { type: 'GeometryCollection', geometries: [g] };
    expect(validateGeoJson(fc(g))).toMatchObject({ ok: false, message: 'GeometryCollection lồng nhau quá sâu' });
  });
});

import { readFileSync } from 'node:fs';
import { haversineMetres, type Position } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { zipOf } from '../../test/zip-fixtures';
import { readShapefileZip } from './geo-upload';

/**
 * Files as staff receive them (#26 point 5), through the real upload route on a real database. The test files
 * were made with GDAL 3.6.2 (ogr2ogr, which takes VN-2000 to WGS 84 from PROJ's EPSG database, EPSG:6960) from
 * test-files/communes-wgs84.geojson, the reference:
 *
 *   ogr2ogr -f "ESRI Shapefile" -s_srs EPSG:4326 -t_srs EPSG:5899 -lco ENCODING=UTF-8 xa-vn2000-tm3.shp communes-wgs84.geojson
 *   zip -X xa-vn2000-tm3.zip xa-vn2000-tm3.{shp,shx,dbf,prj,cpg}
 *   ogr2ogr -f GeoJSON -s_srs EPSG:4326 -t_srs EPSG:4756 -lco RFC7946=NO -lco COORDINATE_PRECISION=9 \
 *     xa-vn2000-kinh-vi-do.geojson communes-wgs84.geojson
 *   grep -v '"crs"' xa-vn2000-kinh-vi-do.geojson > xa-vn2000-khong-khai-bao.geojson   # VN-2000, said nothing
 */
const file = (name: string) => readFileSync(new URL(`./test-files/${name}`, import.meta.url));
type Collection = {
  features: { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }[];
};
const REFERENCE = JSON.parse(file('communes-wgs84.geojson').toString('utf8')) as Collection;

const storage = createMemoryStorage();
let ctx: TestContext;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { storage });
  const a = await createUser(ctx.db, { functions: ['system', 'database'], name: 'Cán bộ dữ liệu' });
  staff = bearer((await login(ctx.app, a.user.email, a.password)).token);
});
afterAll(() => ctx?.close());

function upload(fields: Record<string, string>, f: { name: string; content: Buffer | string }) {
  const form = multipartForm(fields, f);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/geojson',
    headers: { ...staff, ...form.headers },
    payload: form.payload,
  });
}

async function stored(url: string): Promise<Collection> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as Collection;
}

/** The corners of each polygon feature, outer ring, in order. */
const corners = (c: Collection) => c.features.map((f) => (f.geometry.coordinates as Position[][])[0]!);

/**
 * The largest distance (m) from a reference corner to the nearest stored corner of the same feature (a shapefile
 * keeps its outer rings clockwise: the order of the corners may be reversed, the corners are the same).
 */
function worstOffset(got: Collection): number {
  const want = corners(REFERENCE);
  const have = corners(got);
  expect(have.map((r) => r.length)).toEqual(want.map((r) => r.length));
  let worst = 0;
  want.forEach((ring, i) => {
    for (const p of ring) worst = Math.max(worst, Math.min(...have[i]!.map((q) => haversineMetres(p, q))));
  });
  return worst;
}

describe('VN-2000 files (#26 point 5)', () => {
  it('a zipped shapefile in VN-2000 / TM-3 107°45′ lands within 2 m of its WGS84 reference, names and codes kept', async () => {
    const res = await upload({ type: 'REGION' }, { name: 'xa-vn2000-tm3.zip', content: file('xa-vn2000-tm3.zip') });
    expect(res.statusCode, res.body).toBe(200);
    const got = await stored(res.json().url);
    expect(worstOffset(got)).toBeLessThan(2);
    expect(got.features.map((f) => [f.properties.ten_xa, f.properties.ma_xa])).toEqual([
      ['Xã Ba Chẽ', '06978'],
      ['Xã Kỳ Thượng', '06979'],
      ['Xã Lương Minh', '06985'],
    ]);
  });

  it('a GeoJSON in VN-2000 latitude/longitude (its crs member says so) lands within 2 m', async () => {
    const res = await upload(
      { type: 'OTHER' },
      { name: 'xa-vn2000-kinh-vi-do.geojson', content: file('xa-vn2000-kinh-vi-do.geojson') },
    );
    expect(res.statusCode, res.body).toBe(200);
    const got = await stored(res.json().url);
    expect(worstOffset(got)).toBeLessThan(2);
    expect(got).not.toHaveProperty('crs');
  });

  it('VN-2000 degrees presented as WGS84 are caught against the communes, and the uploader decides', async () => {
    // The unit layer (REGION) is the shapefile above, in WGS84 now.
    const content = file('xa-vn2000-khong-khai-bao.geojson');
    // Any other layer is not judged (a flood extent has no corner in common with the communes).
    const other = await upload({ type: 'OTHER' }, { name: 'xa.geojson', content });
    expect(other.statusCode, other.body).toBe(200);
    const asked = await upload({ type: 'DISTRICT' }, { name: 'xa.geojson', content });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().fields[0].field).toBe('crs');
    expect(asked.json().message).toMatch(/^Dữ liệu lệch khoảng \d+ m so với ranh giới xã nếu đọc theo WGS84/);
    const off = Number(/lệch khoảng (\d+) m/.exec(asked.json().message)![1]);
    expect(off).toBeGreaterThan(150);
    expect(off).toBeLessThan(300);

    const converted = await upload({ type: 'DISTRICT', crs: 'vn2000' }, { name: 'xa.geojson', content });
    expect(converted.statusCode, converted.body).toBe(200);
    expect(worstOffset(await stored(converted.json().url))).toBeLessThan(2);

    // The uploader says it is WGS84: stored as it is (~200 m from the reference, as the file is).
    const asIs = await upload({ type: 'DISTRICT', crs: 'wgs84' }, { name: 'xa.geojson', content });
    expect(asIs.statusCode, asIs.body).toBe(200);
    expect(worstOffset(await stored(asIs.json().url))).toBeGreaterThan(150);
  });

  it('metres and a chosen TM-3 meridian: the wrong meridian lands kilometres away, the right one within 2 m', async () => {
    // The shapefile's metres, as a GeoJSON that says nothing of its system.
    const metres = JSON.stringify(readShapefileZip(file('xa-vn2000-tm3.zip')).collection);
    const unsaid = await upload({ type: 'OTHER' }, { name: 'm.geojson', content: metres });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().fields[0]).toMatchObject({ field: 'crs' });
    const right = await upload(
      { type: 'OTHER', crs: 'vn2000-tm3', meridian: '107.75' },
      { name: 'm.geojson', content: metres },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(worstOffset(await stored(right.json().url))).toBeLessThan(2);
    const wrong = await upload(
      { type: 'OTHER', crs: 'vn2000-tm3', meridian: '105' },
      { name: 'm.geojson', content: metres },
    );
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(worstOffset(await stored(wrong.json().url))).toBeGreaterThan(100_000);
  });
});

describe('polygons that cross themselves or overlap (#26 point 5)', () => {
  const bowTie = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { ten_xa: 'Xã Lỗi' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [107.2, 21.2],
              [107.3, 21.3],
              [107.3, 21.2],
              [107.2, 21.3],
              [107.2, 21.2],
            ],
          ],
        },
      },
    ],
  };

  it('a bow-tie is refused with the feature named, and repaired into two parts when the uploader chooses', async () => {
    const refused = await upload(
      { type: 'OTHER', crs: 'wgs84' },
      { name: 'no.geojson', content: JSON.stringify(bowTie) },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].field).toBe('repair');
    expect(refused.json().message).toContain('Xã Lỗi: các cạnh của ranh giới cắt nhau');

    const repaired = await upload(
      { type: 'OTHER', crs: 'wgs84', repair: 'true' },
      { name: 'no.geojson', content: JSON.stringify(bowTie) },
    );
    expect(repaired.statusCode, repaired.body).toBe(200);
    const got = await stored(repaired.json().url);
    expect(got.features[0]!.geometry.type).toBe('MultiPolygon');
    expect(got.features[0]!.geometry.coordinates).toHaveLength(2);
    expect(got.features[0]!.properties).toEqual({ ten_xa: 'Xã Lỗi' });
  });
});

describe('broken archives', () => {
  it('names a zip with no shapefile, one with two, and a broken one; stores nothing', async () => {
    const before = storage.keys().length;
    const none = await upload(
      { type: 'OTHER' },
      { name: 'x.zip', content: zipOf([{ name: 'doc.txt', data: Buffer.from('xin chào') }]) },
    );
    expect(none.json()).toMatchObject({
      fields: [{ field: 'file', message: 'Tệp nén không có tệp .shp (shapefile)' }],
    });
    const two = await upload(
      { type: 'OTHER' },
      {
        name: 'x.zip',
        content: zipOf([
          { name: 'a.shp', data: Buffer.from('x') },
          { name: 'b.shp', data: Buffer.from('y') },
        ]),
      },
    );
    expect(two.json().fields[0].message).toMatch(/^Tệp nén có 2 lớp shapefile/);
    const broken = await upload({ type: 'OTHER' }, { name: 'x.zip', content: Buffer.from('PK\x03\x04 hỏng') });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields[0].field).toBe('file');
    expect(storage.keys().length).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { seedGeodata } from '../geodata/geodata.seed';

const storage = createMemoryStorage();
let ctx: TestContext;
let staff: string;

beforeAll(async () => {
  const database = await openTestDatabase();
  await seedGeodata({ db: database.db, storage, demo: true, now: new Date(), geojsonMaxBytes: 50 * 1024 * 1024 });
  ctx = await createTestApp({}, database, { storage });
  const s = await createUser(ctx.db, { functions: ['system', 'database'] });
  staff = (await login(ctx.app, s.user.email, s.password)).token;
}, 60_000);
afterAll(() => ctx?.close());

type Item = { kind: string; name: string; lat: number; lng: number; bbox?: [number, number, number, number] };
const search = (q: string, extra = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
const items = async (q: string, extra = ''): Promise<Item[]> => {
  const res = await search(q, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};

describe('GET /api/search', () => {
  it("finds the commune 'Đồn Đạc' typed without accents, first, with its box", async () => {
    for (const q of ['don dac', 'Đồn Đạc', 'DON DAC', 'dong dac', 'xa don']) {
      const [first] = await items(q);
      expect(first, q).toMatchObject({ kind: 'commune', name: 'Xã Đồn Đạc' });
      const [w, s, e, n] = first!.bbox!;
      expect(first!.lng > w && first!.lng < e && first!.lat > s && first!.lat < n, q).toBe(true);
    }
  });

  it('finds evacuation points, commune offices and flood marks of the seeded layers', async () => {
    const kinds = new Set((await items('don dac', '&limit=50')).map((i) => i.kind));
    expect(kinds).toEqual(new Set(['commune', 'evacuation', 'office', 'flood-mark']));
    expect((await items('truong thcs thanh lam'))[0]).toMatchObject({
      kind: 'evacuation',
      name: 'Trường THCS Thanh Lâm',
    });
    expect((await items('ubnd xa thanh lam'))[0]).toMatchObject({ kind: 'office', name: 'UBND xã Thanh Lâm' });
    expect((await items('nha dan cach cau nam son'))[0]?.kind).toBe('flood-mark');
  });

  it('finds a new station by name and code at once (the index follows station changes)', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(staff),
      payload: { code: 'F00777', name: 'Trạm đo mưa Khe Lạc', description: 'Thử', lat: 21.3, long: 107.25 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await items('khe lac')).toEqual([{ kind: 'station', name: 'Trạm đo mưa Khe Lạc', lat: 21.3, lng: 107.25 }]);
    expect((await items('f00777'))[0]?.name).toBe('Trạm đo mưa Khe Lạc');
  });

  it('ranks names that begin with the query first and keeps the limit', async () => {
    const found = await items('thanh', '&limit=3');
    expect(found).toHaveLength(3);
    expect(found.slice(0, 2).map((i) => i.name)).toEqual(['Xã Thanh Lâm', 'Xã Thanh Sơn']);
  });

  it('follows a new evacuation points file', async () => {
    const points = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { ten: 'Điểm sơ tán Nà Làng' },
          geometry: { type: 'Point', coordinates: [107.3, 21.3] },
        },
      ],
    };
    const form = multipartForm({ type: 'EVACUATION_POINT' }, { name: 'diem.geojson', content: JSON.stringify(points) });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/geojson',
      ...form,
      headers: { ...form.headers, ...bearer(staff) },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await items('na lang')).toEqual([
      { kind: 'evacuation', name: 'Điểm sơ tán Nà Làng', lat: 21.3, lng: 107.3 },
    ]);
    expect((await items('truong thcs')).filter((i) => i.kind === 'evacuation')).toEqual([]);
  });

  it('refuses an empty query or a bad limit with 400 naming the field', async () => {
    for (const [url, field] of [
      ['/api/search', 'q'],
      ['/api/search?q=%20', 'q'],
      ['/api/search?q=a&limit=0', 'limit'],
      ['/api/search?q=a&limit=51', 'limit'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        url,
      ).toContain(field);
    }
    expect(await items('zzzz qqqq')).toEqual([]);
  });
});

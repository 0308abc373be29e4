import { haversineMetres, type Position, ROUTE_TEXT } from '@flood/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { auditLogs } from '../audit/audit.table';
import { seedGeodata } from '../geodata/geodata.seed';

type PointLayer = { features: { properties: Record<string, string>; geometry: { coordinates: Position } }[] };

const storage = createMemoryStorage();
let ctx: TestContext;
let staff: string;
let plain: string;
let offices: PointLayer;
let evacuation: PointLayer;

beforeAll(async () => {
  const database = await openTestDatabase();
  await seedGeodata({ db: database.db, storage, demo: true, now: new Date(), geojsonMaxBytes: 50 * 1024 * 1024 });
  ctx = await createTestApp({}, database, { storage });
  const s = await createUser(ctx.db, { functions: ['system', 'database'], name: 'Nguyễn Văn Tuyến' });
  const p = await createUser(ctx.db, { functions: ['system', 'data-layer', 'analyze'] });
  staff = (await login(ctx.app, s.user.email, s.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  offices = await layer('COMMUNE_OFFICE');
  evacuation = await layer('EVACUATION_POINT');
}, 60_000);
afterAll(() => ctx?.close());

async function layer(type: string): Promise<PointLayer> {
  const list = await ctx.app.inject({ method: 'GET', url: `/api/geojson?type=${type}&pageSize=1` });
  const path = list.json().items[0].path;
  return (await ctx.app.inject({ method: 'GET', url: `/api/geojson/${path}` })).json();
}

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const route = (payload: unknown) => req('POST', '/api/route', undefined, payload);
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;
const latLng = (p: Position, east = 0, north = 0) => ({ lng: p[0]! + east / 104_000, lat: p[1]! + north / 111_000 });
const pos = (p: { lat: number; lng: number }): Position => [p.lng, p.lat];
const fieldsOf = (res: { json(): { fields?: { field: string }[] } }) => res.json().fields?.map((f) => f.field);

describe('POST /api/route', () => {
  it('routes between two points along the demo roads, starting and ending near them', async () => {
    const from = latLng(offices.features[0]!.geometry.coordinates, 40, -30);
    const to = latLng(offices.features[3]!.geometry.coordinates, -25, 20);
    const res = await route({ from, to });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ engine: 'built-in', target: null, geometry: { type: 'LineString' } });
    const coords = body.geometry.coordinates as Position[];
    expect(coords.length).toBeGreaterThan(2);
    expect(body.lengthM).toBeGreaterThan(haversineMetres(pos(from), pos(to)));
    // The line starts and ends where the points meet the road, the gaps reported.
    expect(haversineMetres(coords[0]!, pos(from))).toBeCloseTo(body.startGapM, 0);
    expect(haversineMetres(coords.at(-1)!, pos(to))).toBeCloseTo(body.endGapM, 0);
    expect(body.startGapM).toBeLessThan(100);
    expect(body.endGapM).toBeLessThan(100);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('goes to the nearest seeded evacuation point by road', async () => {
    const from = latLng(offices.features[2]!.geometry.coordinates, 10, 10);
    const res = await route({ from, nearest: 'evacuation' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const names = evacuation.features.map((f) => f.properties.ten);
    expect(names).toContain(body.target.name);
    expect(body.lengthM).toBeGreaterThan(0);
    // Evacuation points are the ends of their access roads: the route ends on the point itself.
    expect(haversineMetres(body.geometry.coordinates.at(-1), pos(body.target))).toBeLessThan(1);
  });

  it('refuses a missing or bad point with 400 naming the field', async () => {
    const inside = latLng(offices.features[0]!.geometry.coordinates);
    const cases: [unknown, string][] = [
      [{ to: inside }, 'from'],
      [{ from: { lng: inside.lng }, to: inside }, 'from.lat'],
      [{ from: { lat: 200, lng: inside.lng }, to: inside }, 'from.lat'],
      [{ from: inside }, 'to'],
      [{ from: inside, to: inside, nearest: 'evacuation' }, 'nearest'],
      [{ from: inside, nearest: 'hospital' }, 'nearest'],
      // Hà Nội is far outside the district.
      [{ from: { lat: 21.0285, lng: 105.8542 }, to: inside }, 'from'],
      [{ from: inside, to: { lat: 21.0285, lng: 105.8542 } }, 'to'],
    ];
    for (const [payload, field] of cases) {
      const res = await route(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
    const outside = await route({ from: { lat: 21.0285, lng: 105.8542 }, to: inside });
    expect(outside.json().message).toContain(ROUTE_TEXT.outside);
  });

  it('limits anonymous requests per address to ROUTE_RATE_LIMIT_PER_MINUTE (60): 429 in Vietnamese; staff are not limited', async () => {
    const inside = latLng(offices.features[0]!.geometry.coordinates);
    const from = (remoteAddress: string, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/route',
        remoteAddress,
        headers: token ? bearer(token) : {},
        payload: { from: inside },
      });
    // Refused requests count too: the limit is checked before the body.
    for (let i = 0; i < 60; i++) expect((await from('10.88.0.1')).statusCode).toBe(400);
    const limited = await from('10.88.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(
      /^Bạn đã gửi quá nhiều yêu cầu tìm đường từ địa chỉ này\. Vui lòng thử lại sau \d+ phút\.$/,
    );
    expect((await from('10.88.0.2')).statusCode).toBe(400);
    expect((await from('10.88.0.1', plain)).statusCode).toBe(400);
  });
});

describe('saved routes', () => {
  const line = () => ({
    type: 'LineString',
    coordinates: [offices.features[0]!.geometry.coordinates, offices.features[1]!.geometry.coordinates],
  });

  it('are saved by staff only, measured by the server, listed publicly and deleted, each change audited', async () => {
    const body = { name: ' Tuyến sơ tán Đồn Đạc ', geometry: line(), lengthM: 1 };
    expect((await req('POST', '/api/route/saved', undefined, body)).statusCode).toBe(401);
    expect((await req('POST', '/api/route/saved', plain, body)).statusCode).toBe(403);
    const saved = await req('POST', '/api/route/saved', staff, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const feature = saved.json();
    const expected = haversineMetres(line().coordinates[0]!, line().coordinates[1]!);
    expect(feature).toMatchObject({ type: 'Feature', geometry: line(), properties: { name: 'Tuyến sơ tán Đồn Đạc' } });
    expect(feature.properties.lengthM).toBeCloseTo(expected, 0);
    expect(await lastAudit()).toBe('Lưu tuyến đường Tuyến sơ tán Đồn Đạc');

    const list = await req('GET', '/api/route/saved');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ type: 'FeatureCollection' });
    expect(list.json().features).toContainEqual(feature);

    const path = `/api/route/saved/${feature.id}`;
    expect((await req('DELETE', path)).statusCode).toBe(401);
    expect((await req('DELETE', path, plain)).statusCode).toBe(403);
    expect((await req('DELETE', path, staff)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá tuyến đường Tuyến sơ tán Đồn Đạc');
    expect((await req('DELETE', path, staff)).statusCode).toBe(404);
    expect((await req('GET', '/api/route/saved')).json().features).not.toContainEqual(feature);
  });

  it('refuses a route without a name, with one position or outside the district (400 naming the field)', async () => {
    const noName = await req('POST', '/api/route/saved', staff, { name: '  ', geometry: line() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toContainEqual({ field: 'name', message: ROUTE_TEXT.nameRequired });
    const missing = await req('POST', '/api/route/saved', staff, { geometry: line() });
    expect(missing.json().fields).toContainEqual({ field: 'name', message: ROUTE_TEXT.nameRequired });
    const long = await req('POST', '/api/route/saved', staff, { name: 'x'.repeat(256), geometry: line() });
    expect(fieldsOf(long)).toEqual(['name']);
    const short = { type: 'LineString', coordinates: [line().coordinates[0]] };
    expect(fieldsOf(await req('POST', '/api/route/saved', staff, { name: 'Một điểm', geometry: short }))).toEqual([
      'geometry.coordinates',
    ]);
    const far = { type: 'LineString', coordinates: [line().coordinates[0], [105.8542, 21.0285]] };
    const outside = await req('POST', '/api/route/saved', staff, { name: 'Ra Hà Nội', geometry: far });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside)).toEqual(['geometry.coordinates.1']);
  });
});

describe('a new roads file', () => {
  it('rebuilds the graph: two roads that do not meet give 404 with a Vietnamese message', async () => {
    const a = offices.features[0]!.geometry.coordinates;
    const b = offices.features[1]!.geometry.coordinates;
    const mid = (t: number): Position => [a[0]! + (b[0]! - a[0]!) * t, a[1]! + (b[1]! - a[1]!) * t];
    const roads = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { ref: 'A' }, geometry: { type: 'LineString', coordinates: [a, mid(0.4)] } },
        { type: 'Feature', properties: { ref: 'B' }, geometry: { type: 'LineString', coordinates: [mid(0.6), b] } },
      ],
    };
    const form = multipartForm({ type: 'EVACUATION_ROAD' }, { name: 'duong.geojson', content: JSON.stringify(roads) });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/geojson',
      ...form,
      headers: { ...form.headers, ...bearer(staff) },
    });
    expect(up.statusCode, up.body).toBe(200);

    const none = await route({ from: latLng(a), to: latLng(b) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: ROUTE_TEXT.noRoute });
    const same = await route({ from: latLng(a), to: latLng(mid(0.2)) });
    expect(same.statusCode).toBe(200);
    expect(same.json().lengthM).toBeCloseTo(haversineMetres(a, mid(0.2)), 0);
  });
});

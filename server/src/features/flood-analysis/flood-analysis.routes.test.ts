import { polygonAreaSquareMetres, squareMetresToHectares } from '@flood/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { createFloodAnalysisService } from './flood-analysis.service';

const storage = createMemoryStorage();
let ctx: TestContext;
let dbStaff: Record<string, string>;
let analyst: Record<string, string>;
let plain: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { storage });
  const d = await createUser(ctx.db, { functions: ['system', 'database'] });
  const a = await createUser(ctx.db, { functions: ['system', 'analyze'] });
  const p = await createUser(ctx.db, { functions: ['system'] });
  dbStaff = bearer((await login(ctx.app, d.user.email, d.password)).token);
  analyst = bearer((await login(ctx.app, a.user.email, a.password)).token);
  plain = bearer((await login(ctx.app, p.user.email, p.password)).token);
});
afterAll(() => ctx?.close());

type Ring = [number, number][];
const rect = (x0: number, y0: number, x1: number, y1: number): Ring => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];
const fc = (features: { properties: Record<string, unknown>; ring: Ring }[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      properties: f.properties,
      geometry: { type: 'Polygon', coordinates: [f.ring] },
    })),
  });

// Two communes side by side, 0.02° × 0.02° each.
const WEST = rect(107.2, 21.2, 107.22, 21.22);
const EAST = rect(107.22, 21.2, 107.24, 21.22);
const communes = fc([
  { properties: { NAME_3: 'Tây', ID_3: 101, GSO_CODE: '00101', FULLNAME_3: 'Xã Tây' }, ring: WEST },
  { properties: { NAME_3: 'Đông', ID_3: 102, GSO_CODE: '00102', FULLNAME_3: 'Xã Đông' }, ring: EAST },
]);
// 0.8 m over both communes (half in each), 2.7 m inside the east one.
const ACROSS = rect(107.21, 21.205, 107.23, 21.215);
const DEEP = rect(107.225, 21.2, 107.235, 21.204);
const extent = fc([
  { properties: { value: 0.8 }, ring: ACROSS },
  { properties: { value: 2.7 }, ring: DEEP },
]);

async function upload(type: string, name: string, content: string, time: string | null = '2026-11-20T03:00:00Z') {
  const form = multipartForm({ type, ...(time ? { time } : {}) }, { name, content });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/geojson',
    headers: { ...dbStaff, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('flood analysis of an uploaded flood extent', () => {
  it('fails clearly while there is no communes layer', async () => {
    const item = await upload('CURRENT_HIGH', 'som.geojson', extent, '2026-11-19T03:00:00Z');
    const a = (await get(`/api/flood-analysis/${item.id}`)).json();
    expect(a).toMatchObject({ status: 'FAILED', error: 'Chưa có lớp «Ranh giới xã» (các xã có NAME_3) để đối chiếu' });
    expect(a.communes).toEqual([]);
  });

  it('measures the flooded area per commune, by depth class, and the Total, during the upload', async () => {
    const region = await upload('REGION', 'xa.geojson', communes, null);
    await ctx.app.floodAnalysis.idle(); // the communes layer re-measures the earlier flood layer
    const t0 = performance.now();
    const item = await upload('CURRENT_HIGH', 'ngap.geojson', extent);
    const uploadMs = performance.now() - t0;
    expect(uploadMs).toBeLessThan(1500);
    const res = await get(`/api/flood-analysis?geodataId=${item.id}`);
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(1);
    const a = items[0];
    expect(a).toMatchObject({
      geodataId: item.id,
      name: 'ngap.geojson',
      type: 'CURRENT_HIGH',
      time: '2026-11-20T03:00:00.000Z',
      status: 'DONE',
      error: null,
      regionLayerId: region.id,
      features: 2,
      skipped: 0,
      outsideHa: 0,
    });
    expect(a.classes.map((c: { key: string; vi: string }) => [c.key, c.vi])).toEqual([
      ['0.5-1', '0,5–1 m'],
      ['2.5-3', '2,5–3 m'],
    ]);
    // Hand computation: half of ACROSS in each commune, DEEP wholly in the east.
    const half = polygonAreaSquareMetres(rect(107.21, 21.205, 107.22, 21.215));
    const deep = polygonAreaSquareMetres(DEEP);
    const [west, east] = a.communes;
    expect(west).toMatchObject({ id: '101', code: '00101', name: 'Tây', fullName: 'Xã Tây' });
    expect(west.floodedHa).toBe(squareMetresToHectares(half));
    expect(west.areaHa).toBe(squareMetresToHectares(polygonAreaSquareMetres(WEST)));
    expect(west.sharePercent).toBeCloseTo((100 * half) / polygonAreaSquareMetres(WEST), 1);
    expect(west.byClass).toEqual([
      { key: '0.5-1', floodedM2: Math.round(half), floodedHa: squareMetresToHectares(half) },
      { key: '2.5-3', floodedM2: 0, floodedHa: 0 },
    ]);
    expect(east.floodedHa).toBe(squareMetresToHectares(half + deep));
    expect(east.byClass[1].floodedHa).toBe(squareMetresToHectares(deep));
    expect(a.total).toMatchObject({ id: 'TOTAL', name: 'Tổng', floodedHa: squareMetresToHectares(2 * half + deep) });
    expect(a.total.byClass[0].floodedHa).toBe(squareMetresToHectares(2 * half));
    // The single-layer read gives the same.
    expect((await get(`/api/flood-analysis/${item.id}`)).json()).toEqual(a);
  });

  it('lists analyses newest layer time first, filtered by type; other layer types are not analysed', async () => {
    const other = await upload('OTHER', 'khac.geojson', extent, null);
    const scenario = await upload('SCRIPT_FLOOD', 'kb.geojson', extent, '2026-11-21T03:00:00Z');
    const list = (await get('/api/flood-analysis')).json();
    expect(list.items.map((x: { name: string }) => x.name)).toEqual(['kb.geojson', 'ngap.geojson', 'som.geojson']);
    // The first layer was measured again once the communes arrived.
    expect(list.items[2].status).toBe('DONE');
    expect((await get('/api/flood-analysis?type=SCRIPT_FLOOD')).json().items).toHaveLength(1);
    expect((await get(`/api/flood-analysis/${other.id}`)).statusCode).toBe(404);
    expect((await get(`/api/flood-analysis/${scenario.id}`)).json().status).toBe('DONE');
    expect((await get('/api/flood-analysis/abc')).json().fields[0].field).toBe('geodataId');
  });

  it('goes with its layer when the layer is deleted', async () => {
    const item = await upload('CLASS_INUNDATION', 'xoa.geojson', extent);
    expect((await get(`/api/flood-analysis/${item.id}`)).json().status).toBe('DONE');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/geojson/${item.id}`, headers: dbStaff });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/flood-analysis/${item.id}`)).statusCode).toBe(404);
  });

  it('staff with analyze measure a layer again (audited); 401 and 403 otherwise', async () => {
    const [latest] = (await get('/api/flood-analysis?type=CURRENT_HIGH')).json().items;
    const url = `/api/flood-analysis/${latest.geodataId}/recompute`;
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url, headers: plain })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'POST', url, headers: analyst });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DONE', total: latest.total });
    const [entry] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(entry?.content).toBe('Phân tích lại diện tích ngập của lớp ngap.geojson');
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/flood-analysis/999999/recompute',
      headers: analyst,
    });
    expect(none.statusCode).toBe(404);
  });

  it('a layer too large to wait for answers at once and is measured after the response', async () => {
    // 800 cells of 0.001° over the two communes, 0.2–3.4 m deep.
    const cells = Array.from({ length: 800 }, (_, i) => {
      const x = 107.2 + (i % 40) * 0.001;
      const y = 21.2 + Math.floor(i / 40) * 0.001;
      return { properties: { value: 0.2 + (i % 17) * 0.2 }, ring: rect(x, y, x + 0.001, y + 0.001) };
    });
    const item = await upload('CURRENT_HIGH', 'luoi.geojson', fc(cells));
    // A slow analysis (its file read held back until the test lets it go) does not hold the upload's answer.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStorage = {
      ...storage,
      read: async (key: string) => {
        await gate;
        return storage.read(key);
      },
    };
    const slow = createFloodAnalysisService({ db: ctx.db, storage: slowStorage, logger: ctx.app.log, waitMs: 50 });
    await slow.afterStore({ id: item.id, type: 'CURRENT_HIGH' });
    expect(['PENDING', 'RUNNING']).toContain((await get(`/api/flood-analysis/${item.id}`)).json().status);
    release();
    await slow.idle();
    const done = (await get(`/api/flood-analysis/${item.id}`)).json();
    expect(done).toMatchObject({ status: 'DONE', features: 800 });
    // The cells cover both communes exactly.
    expect(done.total.floodedHa).toBe(
      squareMetresToHectares(polygonAreaSquareMetres(rect(107.2, 21.2, 107.24, 21.22))),
    );
    expect(done.communes.map((c: { sharePercent: number }) => c.sharePercent)).toEqual([100, 100]);
  });
});

import { inflateSync, crc32 as zlibCrc32 } from 'node:zlib';
import {
  GEODATA_TYPE_INFO,
  type GeodataFileType,
  type PolygonalGeometry,
  pointInGeometry,
  validateGeoJson,
} from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { loadCommunes } from '../../db/seed/seed-files';
import { createMemoryStorage } from '../../lib/storage';
import { createTestApp, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { checkRoadNetwork, type Pos } from '../demo/demo-geodata';
import { bboxOf } from '../demo/demo-geodata-grids';
import { listByType, listFolder } from './geodata.repository';
import { BASE_FOLDER, DEMO_FOLDER, seedGeodata } from './geodata.seed';
import { checkGeodataContent } from './geodata.service';
import type { GeodataRow } from './geodata.table';
import { readWorkbookSheets } from './workbook';

const NOW = new Date('2026-07-15T09:40:00Z');
const MAX = 50 * 1024 * 1024;
const BASE_TYPES: GeodataFileType[] = ['REGION', 'DISTRICT', 'COMMUNE_LABEL'];
const DEMO_COUNTS: Partial<Record<GeodataFileType, number>> = {
  COMMUNE_OFFICE: 1,
  EVACUATION_POINT: 1,
  EVACUATION_ROAD: 1,
  FLOOD_MARK: 1,
  CURRENT_HIGH: 3,
  SCRIPT_FLOOD: 1,
  CURRENT_RAIN: 3,
  FORECAST_RAIN: 3,
  png: 2,
  xlsx: 1,
};

const storage = createMemoryStorage();
let database: Database;
let ctx: TestContext;
const timings: Record<string, number> = {};
const results: Record<string, { items: number }> = {};

async function timed(label: string, demo: boolean) {
  const t0 = performance.now();
  results[label] = await seedGeodata({ db: database.db, storage, demo, now: NOW, geojsonMaxBytes: MAX });
  timings[label] = Math.round(performance.now() - t0);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await timed('base only', false);
  await timed('base seeded, then demo', true);
  await timed('again', true);
  console.info(`geodata seed on ${database.driver}: ${JSON.stringify(timings)} (ms)`);
  ctx = await createTestApp({ DEMO: 'true' }, database, { storage });
}, 120_000);
afterAll(() => ctx?.close());

const rowsOf = async (type: GeodataFileType): Promise<GeodataRow[]> =>
  (await listByType(database.db, type, 1, 100)).items;
const bytesOf = async (row: GeodataRow) => (await storage.read(row.path!))!;
const parse = async (row: GeodataRow) => JSON.parse((await bytesOf(row)).toString('utf8'));

describe('seedGeodata', () => {
  it('seeds the base layers without demo, then the demo items, each once', async () => {
    expect(results['base only']).toEqual({ items: 3 });
    const demoTotal = Object.values(DEMO_COUNTS).reduce((a, b) => a + b, 0);
    expect(results['base seeded, then demo']).toEqual({ items: demoTotal });
    expect(results.again).toEqual({ items: 0 });
    for (const t of BASE_TYPES) expect(await rowsOf(t), t).toHaveLength(1);
    for (const [t, n] of Object.entries(DEMO_COUNTS)) expect(await rowsOf(t as GeodataFileType), t).toHaveLength(n);
    const root = (await listFolder(database.db, null, 1, 100)).items;
    expect(root.map((r) => [r.name, r.type, r.demo]).sort()).toEqual([
      [BASE_FOLDER, 'FOLDER', false],
      [DEMO_FOLDER, 'FOLDER', true],
    ]);
  });

  it('files the real base layers under Bản đồ nền with demo = false', async () => {
    const folder = (await listFolder(database.db, null, 1, 100)).items.find((r) => r.name === BASE_FOLDER)!;
    const inside = (await listFolder(database.db, folder.id, 1, 100)).items;
    expect(inside.map((r) => r.type).sort()).toEqual([...BASE_TYPES].sort());
    expect(inside.every((r) => !r.demo && r.encodings === 'br,gzip' && r.contentType === 'application/geo+json')).toBe(
      true,
    );
  });

  it('marks every demo item: folder, demo = true, name ending in "(minh hoạ).ext", times around now', async () => {
    const folder = (await listFolder(database.db, null, 1, 100)).items.find((r) => r.name === DEMO_FOLDER)!;
    for (const t of Object.keys(DEMO_COUNTS) as GeodataFileType[]) {
      for (const r of await rowsOf(t)) {
        expect(r.demo, r.name).toBe(true);
        expect(r.parentId, r.name).toBe(folder.id);
        expect(r.name).toMatch(/ \(minh hoạ\)\.(geojson|png|xlsx)$/);
        if (GEODATA_TYPE_INFO[t].timed) {
          expect(Math.abs(r.time!.getTime() - NOW.getTime()), r.name).toBeLessThanOrEqual(7 * 3_600_000);
        }
      }
    }
    const forecast = await rowsOf('FORECAST_RAIN');
    expect(forecast.every((r) => r.time!.getTime() > NOW.getTime())).toBe(true);
    expect((await rowsOf('CURRENT_RAIN')).every((r) => r.time!.getTime() <= NOW.getTime())).toBe(true);
  });

  it('stores valid GeoJSON inside the district for every demo layer, with the properties the map reads', async () => {
    const communes = await loadCommunes();
    const district = (await parse((await rowsOf('DISTRICT'))[0]!)).features[0].geometry as PolygonalGeometry;
    const [w, s, e, n] = bboxOf(district);
    const props: Partial<Record<GeodataFileType, string[]>> = {
      COMMUNE_OFFICE: ['Comune'],
      EVACUATION_POINT: ['ten', 'succhua'],
      EVACUATION_ROAD: ['ref'],
      FLOOD_MARK: ['diachi', 'caodovet_1', 'nam'],
      CURRENT_HIGH: ['value'],
      SCRIPT_FLOOD: ['value'],
      CURRENT_RAIN: ['value'],
      FORECAST_RAIN: ['value'],
    };
    for (const [t, keys] of Object.entries(props)) {
      for (const r of await rowsOf(t as GeodataFileType)) {
        const fc = await parse(r);
        const check = validateGeoJson(fc);
        expect(check.ok, r.name).toBe(true);
        if (!check.ok) continue;
        expect(check.featureCount, r.name).toBeGreaterThan(0);
        const [x0, y0, x1, y1] = check.bbox!;
        expect(x0 >= w && y0 >= s && x1 <= e && y1 <= n, `${r.name} bbox ${check.bbox}`).toBe(true);
        for (const f of fc.features) {
          expect(f.properties.demo, r.name).toBe(true);
          for (const k of keys) expect(f.properties[k], `${r.name}.${k}`).toBeDefined();
        }
      }
    }
    const marks = (await parse((await rowsOf('FLOOD_MARK'))[0]!)).features;
    expect(marks.length).toBeGreaterThanOrEqual(12);
    for (const m of marks) {
      expect(m.properties.caodovet_1).toBeGreaterThanOrEqual(0.5);
      expect(m.properties.caodovet_1).toBeLessThanOrEqual(3.5);
      expect(pointInGeometry(m.geometry.coordinates[0], m.geometry.coordinates[1], district)).toBe(true);
    }
    // One office per commune, inside it; two evacuation points per commune, inside it.
    const offices = (await parse((await rowsOf('COMMUNE_OFFICE'))[0]!)).features;
    const points = (await parse((await rowsOf('EVACUATION_POINT'))[0]!)).features;
    expect(offices).toHaveLength(communes.length);
    expect(points).toHaveLength(2 * communes.length);
    for (const c of communes) {
      const inC = (f: { geometry: { coordinates: Pos } }) => pointInGeometry(...f.geometry.coordinates, c.geometry);
      expect(offices.filter(inC), c.name).toHaveLength(1);
      expect(points.filter(inC), c.name).toHaveLength(2);
    }
    expect(offices.map((f: { properties: { Comune: string } }) => f.properties.Comune)).toContain(
      'UBND thị trấn Ba Chẽ',
    );
  });

  it('colours flood depths 0.2–3.5 m and rain 0–70 mm/h across several bands', async () => {
    for (const t of ['CURRENT_HIGH', 'SCRIPT_FLOOD'] as const) {
      for (const r of await rowsOf(t)) {
        const values: number[] = (await parse(r)).features.map(
          (f: { properties: { value: number } }) => f.properties.value,
        );
        expect(Math.min(...values), r.name).toBeGreaterThanOrEqual(0.2);
        expect(Math.max(...values), r.name).toBeLessThanOrEqual(3.5);
        expect(new Set(values.map((v) => Math.ceil(v / 0.5))).size, r.name).toBeGreaterThanOrEqual(4);
      }
    }
    for (const t of ['CURRENT_RAIN', 'FORECAST_RAIN'] as const) {
      for (const r of await rowsOf(t)) {
        const values: number[] = (await parse(r)).features.map(
          (f: { properties: { value: number } }) => f.properties.value,
        );
        expect(values.length, r.name).toBeGreaterThan(100);
        expect(Math.min(...values), r.name).toBeGreaterThanOrEqual(0);
        expect(Math.max(...values), r.name).toBeLessThanOrEqual(70);
        expect(Math.max(...values), r.name).toBeGreaterThan(30);
      }
    }
  });

  it('builds one connected road network reaching every commune centre and evacuation point', async () => {
    const roads = await parse((await rowsOf('EVACUATION_ROAD'))[0]!);
    const offices = (await parse((await rowsOf('COMMUNE_OFFICE'))[0]!)).features;
    const points = (await parse((await rowsOf('EVACUATION_POINT'))[0]!)).features;
    const targets: Pos[] = [...offices, ...points].map(
      (f: { geometry: { coordinates: Pos } }) => f.geometry.coordinates,
    );
    expect(checkRoadNetwork(roads, targets)).toEqual({ components: 1, unreached: [] });
    expect(roads.features.every((f: { properties: { ref: string } }) => /^Đ[HX]\.\d+$/.test(f.properties.ref))).toBe(
      true,
    );
    // A road cut in two, or a target off the network, is caught.
    const cut = { features: roads.features.slice(1) };
    expect(checkRoadNetwork(cut, targets).components).toBeGreaterThan(1);
    expect(checkRoadNetwork(roads, [[107.2, 21.2]]).unreached).toHaveLength(1);
  });

  it('stores a statistics workbook whose two sheets are Năm 2008 and Năm 2020 with the header in row 1', async () => {
    const [row] = await rowsOf('xlsx');
    const sheets = await readWorkbookSheets(await bytesOf(row!), 2);
    expect(sheets.map((s) => s.name)).toEqual(['Năm 2008', 'Năm 2020']);
    for (const s of sheets) {
      expect(s.columns.slice(0, 3)).toEqual(['Mã trạm', 'Tên trạm', 'Mực nước lớn nhất (m)']);
      expect(s.rows.filter((r) => typeof r[2] === 'number')).toHaveLength(5);
      expect(String(s.rows.at(-1)![0])).toContain('Dữ liệu minh hoạ');
    }
  });

  it('stores real PNG images that pass the upload content check', async () => {
    for (const row of await rowsOf('png')) {
      const png = await bytesOf(row);
      await expect(checkGeodataContent('png', 'x.png', png, MAX)).resolves.toMatchObject({ contentType: 'image/png' });
      // Every chunk's CRC agrees with zlib's, and the pixels inflate to the size IHDR promises.
      let o = 8;
      const idat: Buffer[] = [];
      const types: string[] = [];
      while (o < png.length) {
        const len = png.readUInt32BE(o);
        const type = png.toString('latin1', o + 4, o + 8);
        types.push(type);
        expect(png.readUInt32BE(o + 8 + len)).toBe(zlibCrc32(png.subarray(o + 4, o + 8 + len)));
        if (type === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + len));
        o += 12 + len;
      }
      expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(width).toBe(256);
      expect(inflateSync(Buffer.concat(idat)).length).toBe((width * 4 + 1) * height);
    }
  });

  it('serves the region layer through GET /api/geojson?type=REGION with 7 communes carrying NAME_3 and ID_3', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/geojson?type=REGION' });
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ type: 'REGION', demo: false });
    const file = await ctx.app.inject({ method: 'GET', url: items[0].url });
    expect(file.statusCode).toBe(200);
    const fc = file.json();
    expect(fc.features).toHaveLength(7);
    for (const f of fc.features) {
      expect(typeof f.properties.NAME_3).toBe('string');
      expect(Number.isInteger(f.properties.ID_3)).toBe(true);
    }
  });

  it('seeds within the budget of a first start (the figures are printed above; ~3 s is the aim)', () => {
    // Generous for a loaded CI machine running test files in parallel.
    expect(timings['base seeded, then demo']! + timings['base only']!).toBeLessThan(10_000);
  });
});

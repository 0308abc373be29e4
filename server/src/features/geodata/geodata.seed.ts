import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_TIME_ZONE,
  formatDateTimeVi,
  GEODATA_TYPE_INFO,
  type GeodataFileType,
  type PolygonalGeometry,
} from '@flood/domain';
import type { Db } from '../../db/client';
import { loadCommunes, seedGeoFolder } from '../../db/seed/seed-files';
import type { FileStorage } from '../../lib/storage';
import { type DemoGeoInput, generateDemoPlaces, type Pos } from '../demo/demo-geodata';
import { rainImage, statisticsWorkbook } from '../demo/demo-geodata-files';
import { floodExtent, rainGrid } from '../demo/demo-geodata-grids';
import { insertItem, listFolder, newestOfType } from './geodata.repository';
import { checkGeodataContent, createGeodataService } from './geodata.service';

export const BASE_FOLDER = 'Bản đồ nền';
export const DEMO_FOLDER = 'Dữ liệu minh hoạ';
const DEMO_SUFFIX = ' (minh hoạ)';

export interface SeedGeodataOptions {
  db: Db;
  storage: FileStorage;
  /** Also seed the generated demo layers, image and workbook. */
  demo: boolean;
  /** Demo times (flood extents, rain grids) are set around this instant. */
  now: Date;
  geojsonMaxBytes: number;
  /** Time zone of the times shown in the demo items' names. */
  timeZone?: string;
}

interface SeedEntry {
  type: GeodataFileType;
  name: string;
  time: Date | null;
  bytes: () => Promise<Buffer> | Buffer;
}

const HOUR = 3_600_000;
const json = (v: unknown) => Buffer.from(JSON.stringify(v));

async function readGeo(file: string): Promise<Buffer> {
  return readFile(path.join(seedGeoFolder(), file));
}

/** The real base layers of seed/geo (see SOURCES.md). */
function baseEntries(): SeedEntry[] {
  return [
    { type: 'REGION', name: 'Ranh giới xã huyện Ba Chẽ.geojson', time: null, bytes: () => readGeo('communes.geojson') },
    { type: 'DISTRICT', name: 'Ranh giới huyện Ba Chẽ.geojson', time: null, bytes: () => readGeo('district.geojson') },
    {
      type: 'COMMUNE_LABEL',
      name: 'Nhãn tên xã huyện Ba Chẽ.geojson',
      time: null,
      bytes: () => readGeo('commune_label_points.geojson'),
    },
  ];
}

async function demoInput(): Promise<DemoGeoInput> {
  const [communes, labelText, districtText] = await Promise.all([
    loadCommunes(),
    readGeo('commune_label_points.geojson'),
    readGeo('district.geojson'),
  ]);
  const labels = JSON.parse(labelText.toString('utf8')) as {
    features: { properties: { ID_3: number }; geometry: { coordinates: Pos } }[];
  };
  const district = JSON.parse(districtText.toString('utf8')) as { features: { geometry: PolygonalGeometry }[] };
  return {
    communes,
    labels: new Map(labels.features.map((f) => [String(f.properties.ID_3).padStart(5, '0'), f.geometry.coordinates])),
    district: district.features[0]!.geometry,
  };
}

/** The generated demo items, with times around `now` (the latest data at the start of its hour). */
function demoEntries(input: () => Promise<DemoGeoInput>, now: Date, timeZone: string): SeedEntry[] {
  const t0 = Math.floor(now.getTime() / HOUR) * HOUR;
  const at = (h: number) => new Date(t0 + h * HOUR);
  const when = (h: number) => formatDateTimeVi(at(h), timeZone);
  let places: ReturnType<typeof generateDemoPlaces> | null = null;
  const place = async () => {
    places ??= generateDemoPlaces(await input());
    return places;
  };
  const district = async () => (await input()).district;
  const entries: SeedEntry[] = [
    { type: 'COMMUNE_OFFICE', name: 'Trụ sở UBND xã', time: null, bytes: async () => json((await place()).offices) },
    {
      type: 'EVACUATION_POINT',
      name: 'Điểm sơ tán',
      time: null,
      bytes: async () => json((await place()).evacuationPoints),
    },
    { type: 'EVACUATION_ROAD', name: 'Đường sơ tán', time: null, bytes: async () => json((await place()).roads) },
    { type: 'FLOOD_MARK', name: 'Vết lũ 2008–2020', time: null, bytes: async () => json((await place()).floodMarks) },
  ];
  // Flood extents 6 h, 3 h ago and now (the flood peaking in between), and a larger level-III scenario.
  for (const [h, scale] of [
    [-6, 0.7],
    [-3, 1],
    [0, 0.85],
  ] as const) {
    const name = `Ngập lụt hiện trạng ${when(h)}`;
    entries.push({ type: 'CURRENT_HIGH', name, time: at(h), bytes: () => json(floodExtent(scale, name)) });
  }
  entries.push({
    type: 'SCRIPT_FLOOD',
    name: 'Kịch bản ngập lụt – lũ vượt báo động III',
    time: at(0),
    bytes: () => json(floodExtent(1.3, 'Kịch bản lũ vượt báo động III')),
  });
  for (const h of [-2, -1, 0]) {
    const name = `Mưa vệ tinh ${when(h)}`;
    entries.push({
      type: 'CURRENT_RAIN',
      name,
      time: at(h),
      bytes: async () => json(rainGrid(await district(), h, name)),
    });
  }
  for (const h of [1, 2, 3]) {
    const name = `Mưa dự báo ${when(h)}`;
    entries.push({
      type: 'FORECAST_RAIN',
      name,
      time: at(h),
      bytes: async () => json(rainGrid(await district(), h, name)),
    });
  }
  for (const h of [-1, 0]) {
    entries.push({
      type: 'png',
      name: `Ảnh mưa vệ tinh ${when(h)}`,
      time: at(h),
      bytes: async () => rainImage(await district(), h),
    });
  }
  entries.push({
    type: 'xlsx',
    name: 'Thống kê lũ tại các trạm thuỷ văn năm 2008 và 2020',
    time: null,
    bytes: statisticsWorkbook,
  });
  return entries.map((e) => ({ ...e, name: `${e.name}${DEMO_SUFFIX}` }));
}

const CHECK_NAME: Record<string, string> = { image: 'seed.png', workbook: 'seed.xlsx', geojson: 'seed.geojson' };

/**
 * Seeds the map's geodata at start-up, through the same content checks and compression as uploads: the
 * real base layers always (folder 'Bản đồ nền'), the generated demo layers when `demo` is set (folder
 * 'Dữ liệu minh hoạ', demo = true). A type that already has an item is left alone, so a restart or
 * staff's own uploads are never duplicated or overwritten. Returns how many files it stored.
 */
export async function seedGeodata(opts: SeedGeodataOptions): Promise<{ items: number }> {
  const { db, storage, geojsonMaxBytes } = opts;
  const service = createGeodataService({ db, storage, geojsonMaxBytes });
  let input: Promise<DemoGeoInput> | null = null;
  const lazyInput = () => {
    input ??= demoInput();
    return input;
  };
  const groups: { folder: string; demo: boolean; entries: SeedEntry[] }[] = [
    { folder: BASE_FOLDER, demo: false, entries: baseEntries() },
  ];
  if (opts.demo) {
    groups.push({
      folder: DEMO_FOLDER,
      demo: true,
      entries: demoEntries(lazyInput, opts.now, opts.timeZone ?? DEFAULT_TIME_ZONE),
    });
  }
  let items = 0;
  for (const group of groups) {
    const types = [...new Set(group.entries.map((e) => e.type))];
    const empty = new Set<GeodataFileType>();
    for (const t of types) if (!(await newestOfType(db, t))) empty.add(t);
    const todo = group.entries.filter((e) => empty.has(e.type));
    if (todo.length === 0) continue;
    const folderId = await ensureRootFolder(db, group.folder, group.demo);
    for (const e of todo) {
      const data = await e.bytes();
      const checked = await checkGeodataContent(
        e.type,
        CHECK_NAME[GEODATA_TYPE_INFO[e.type].content]!,
        data,
        geojsonMaxBytes,
      );
      await service.store(null, checked, {
        // The stored name keeps its extension, so a download opens in the right program.
        name: /\.[a-z]{3,7}$/.test(e.name) ? e.name : `${e.name}.${checked.ext}`,
        type: e.type,
        time: e.time,
        parentId: folderId,
        demo: group.demo,
      });
      items++;
    }
  }
  return { items };
}

/** The id of a root folder with this name, created when missing. */
async function ensureRootFolder(db: Db, name: string, demo: boolean): Promise<number> {
  const { items } = await listFolder(db, null, 1, 200);
  const found = items.find((i) => i.type === 'FOLDER' && i.name === name);
  if (found) return found.id;
  return (await insertItem(db, { name, type: 'FOLDER', parentId: null, demo })).id;
}

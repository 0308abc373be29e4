import { type PolygonalGeometry, pointInGeometry } from '@flood/domain';
import type { Commune } from '../../db/seed/seed-files';
import { seededRandom } from './demo.model';
import { DEMO_STATIONS, type DemoStation } from './demo.stations';

/**
 * Demo map layers (generated, deterministic): commune offices, evacuation points and roads, flood marks.
 * They are placed with the real commune polygons and label points of seed/geo (see SOURCES.md), but every
 * position, name and figure here is invented and flagged `demo: true`.
 */
export type Pos = [number, number];
export interface Feature {
  type: 'Feature';
  properties: Record<string, string | number | boolean>;
  geometry:
    | { type: 'Point'; coordinates: Pos }
    | { type: 'LineString'; coordinates: Pos[] }
    | { type: 'Polygon'; coordinates: Pos[][] };
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  name: string;
  features: Feature[];
}

/** What the generators place things with: the real communes, their label points and the district outline. */
export interface DemoGeoInput {
  communes: Commune[];
  /** GSO code → label point inside the commune (seed/geo/commune_label_points.geojson). */
  labels: Map<string, Pos>;
  district: PolygonalGeometry;
}

const LAT0 = 21.26;
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON = 111_320 * Math.cos((LAT0 * Math.PI) / 180);

const r5 = (v: number) => Math.round(v * 1e5) / 1e5;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** A position moved by metres east and north (local flat approximation, fine within a district). */
export function offsetMetres(p: Pos, east: number, north: number): Pos {
  return [r5(p[0] + east / M_PER_DEG_LON), r5(p[1] + north / M_PER_DEG_LAT)];
}

/** Metres east and north from a to b. */
export function metresBetween(a: Pos, b: Pos): [number, number] {
  return [(b[0] - a[0]) * M_PER_DEG_LON, (b[1] - a[1]) * M_PER_DEG_LAT];
}

export function distanceMetres(a: Pos, b: Pos): number {
  const [e, n] = metresBetween(a, b);
  return Math.hypot(e, n);
}

export const point = (coordinates: Pos, properties: Feature['properties']): Feature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates },
});

const collection = (name: string, features: Feature[]): FeatureCollection => ({
  type: 'FeatureCollection',
  name,
  features,
});

/** A point `minM`–`maxM` from `centre` (towards `angle` ± `spread` radians) that passes `inside`. */
function placeNear(
  rnd: () => number,
  centre: Pos,
  opts: { minM: number; maxM: number; angle?: number; spread?: number },
  inside: (p: Pos) => boolean,
): Pos {
  for (let i = 0; i < 80; i++) {
    const shrink = 1 - i / 100;
    const r = (opts.minM + (opts.maxM - opts.minM) * rnd()) * shrink;
    const a = opts.angle === undefined ? rnd() * 2 * Math.PI : opts.angle + (rnd() - 0.5) * 2 * (opts.spread ?? 0.5);
    const p = offsetMetres(centre, r * Math.cos(a), r * Math.sin(a));
    if (inside(p)) return p;
  }
  return [r5(centre[0]), r5(centre[1])];
}

const isTown = (c: Commune) => c.fullName.startsWith('Thị trấn');
const unitName = (c: Commune) => (isTown(c) ? `thị trấn ${c.name}` : `xã ${c.name}`);
const VILLAGES = ['Đồng Tâm', 'Tân Tiến', 'Thống Nhất', 'Đoàn Kết', 'Quyết Tiến', 'Hợp Thành', 'Tân Lập', 'Bình An'];

export interface DemoPlaces {
  /** One office per commune, in the order of `communes`; its point is the commune centre of the road network. */
  offices: FeatureCollection;
  evacuationPoints: FeatureCollection;
  roads: FeatureCollection;
  floodMarks: FeatureCollection;
}

/** Generates the demo point and road layers; the same input always gives the same layers. */
export function generateDemoPlaces(input: DemoGeoInput): DemoPlaces {
  const rnd = seededRandom(6202);
  const offices: Feature[] = [];
  const evacuation: Feature[] = [];
  const spurs: { from: Pos; to: Pos; name: string; commune: number }[] = [];
  input.communes.forEach((c, i) => {
    const label = input.labels.get(c.gsoCode);
    if (!label) throw new Error(`no label point for commune ${c.gsoCode}`);
    const inCommune = (p: Pos) => pointInGeometry(p[0], p[1], c.geometry);
    const office = placeNear(rnd, label, { minM: 80, maxM: 350 }, inCommune);
    offices.push(point(office, { Comune: `UBND ${unitName(c)}`, xa: c.name, demo: true }));
    // Higher ground: away from the centre (the valley floor), the two in roughly opposite directions.
    const first = rnd() * 2 * Math.PI;
    for (let k = 0; k < 2; k++) {
      const p = placeNear(rnd, label, { minM: 900, maxM: 2200, angle: first + k * Math.PI, spread: 0.7 }, inCommune);
      const ten = k === 0 ? `Trường THCS ${isTown(c) ? unitName(c) : c.name}` : `Nhà văn hoá thôn ${VILLAGES[i]}`;
      const succhua = 150 + Math.round(rnd() * 45) * 10;
      evacuation.push(point(p, { ten, succhua, xa: c.name, demo: true }));
      spurs.push({ from: p, to: office, name: ten, commune: i });
    }
  });
  return {
    offices: collection('commune_offices_demo', offices),
    evacuationPoints: collection('evacuation_points_demo', evacuation),
    roads: collection('evacuation_roads_demo', roadNetwork(rnd, input, offices, spurs)),
    floodMarks: collection('flood_marks_demo', floodMarks(input)),
  };
}

/**
 * A line from a to b with a vertex every ~300–450 m and a gentle meander, so it looks like a road; the
 * end points are exactly a and b, so lines meeting there share a node a router can join.
 */
function roadLine(rnd: () => number, a: Pos, b: Pos): Pos[] {
  const [de, dn] = metresBetween(a, b);
  const d = Math.hypot(de, dn);
  const n = Math.max(2, Math.ceil(d / 450));
  const amp = Math.min(600, d * 0.07) * (rnd() < 0.5 ? -1 : 1);
  const waves = 1 + Math.floor(rnd() * 3);
  const phase = rnd() * 2 * Math.PI;
  const coords: Pos[] = [a];
  for (let i = 1; i < n; i++) {
    const s = i / n;
    const off =
      amp * Math.sin(Math.PI * s) * (0.4 + 0.6 * Math.sin(2 * Math.PI * waves * s + phase)) + (rnd() - 0.5) * 40;
    coords.push(offsetMetres(a, de * s - (dn / d) * off, dn * s + (de / d) * off));
  }
  coords.push(b);
  return coords;
}

function roadNetwork(
  rnd: () => number,
  input: DemoGeoInput,
  offices: Feature[],
  spurs: { from: Pos; to: Pos; name: string; commune: number }[],
): Feature[] {
  const centres = offices.map((f) => f.geometry.coordinates as Pos);
  // Prim's minimum spanning tree over the commune centres: every centre reached, no loop.
  const inTree = new Set([0]);
  const edges: [number, number][] = [];
  while (inTree.size < centres.length) {
    let best: [number, number] | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const i of inTree) {
      for (let j = 0; j < centres.length; j++) {
        if (inTree.has(j)) continue;
        const d = distanceMetres(centres[i]!, centres[j]!);
        if (d < bestD) [bestD, best] = [d, [i, j]];
      }
    }
    inTree.add(best![1]);
    edges.push(best!);
  }
  const roads: Feature[] = edges.map(([i, j], k) => ({
    type: 'Feature',
    properties: {
      ref: `ĐH.${String(k + 1).padStart(2, '0')}`,
      ten: `${input.communes[i]!.name} – ${input.communes[j]!.name}`,
      demo: true,
    },
    geometry: { type: 'LineString', coordinates: roadLine(rnd, centres[i]!, centres[j]!) },
  }));
  spurs.forEach((s, k) => {
    roads.push({
      type: 'Feature',
      properties: { ref: `ĐX.${s.commune + 1}${(k % 2) + 1}`, ten: `Đường vào ${s.name}`, demo: true },
      geometry: { type: 'LineString', coordinates: roadLine(rnd, s.to, s.from) },
    });
  });
  return roads;
}

/** A parsed line layer (LineString and MultiLineString features count; anything else is ignored). */
export interface LineLayer {
  features: { geometry: { type: string; coordinates?: unknown } | null }[];
}

/**
 * Whether the lines form one network (joined where they share a vertex with identical coordinates) and
 * which targets it does not reach: what a router over this layer would need.
 */
export function checkRoadNetwork(roads: LineLayer, targets: Pos[]): { components: number; unreached: Pos[] } {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  const key = (p: Pos) => `${p[0]},${p[1]}`;
  for (const { geometry: g } of roads.features) {
    const lines =
      g?.type === 'LineString'
        ? [g.coordinates as Pos[]]
        : g?.type === 'MultiLineString'
          ? (g.coordinates as Pos[][])
          : [];
    for (const line of lines) {
      line.forEach((p, i) => {
        if (!parent.has(key(p))) parent.set(key(p), key(p));
        if (i > 0) parent.set(find(key(line[i - 1]!)), find(key(p)));
      });
    }
  }
  const roots = new Set([...parent.keys()].map(find));
  const main = roots.size > 0 ? find(parent.keys().next().value!) : null;
  const unreached = targets.filter((t) => !parent.has(key(t)) || find(key(t)) !== main);
  return { components: roots.size, unreached };
}

/** The demo river valley: upstream to downstream through the water stations, and the Đồn Đạc tributary. */
const VALLEY: [string, string][] = [
  ['F01021', 'F01022'],
  ['F01022', 'F01024'],
  ['F01024', 'F01023'],
  ['F01025', 'F01024'],
];
const LANDMARKS: Record<string, string> = {
  F01021: 'cầu Thanh Lâm',
  F01022: 'bến Thanh Sơn',
  F01024: 'Trung tâm Y tế huyện',
  F01023: 'cầu Nam Sơn',
  F01025: 'ngầm Đồn Đạc',
};

/** The water stations of the demo and the unit vector (east, north) of the valley downstream of each. */
export function valleyStations(): { station: DemoStation; pos: Pos; down: [number, number] }[] {
  const byCode = new Map(DEMO_STATIONS.map((s) => [s.code, s]));
  const posOf = (code: string): Pos => [byCode.get(code)!.long, byCode.get(code)!.lat];
  return Object.keys(LANDMARKS).map((code) => {
    const edge = VALLEY.find(([a]) => a === code) ?? VALLEY.find(([, b]) => b === code)!;
    const [e, n] = metresBetween(posOf(edge[0]), posOf(edge[1]));
    const len = Math.hypot(e, n);
    return { station: byCode.get(code)!, pos: posOf(code), down: [e / len, n / len] };
  });
}

/** ~15 flood marks on the valley floor near the water stations (3 each), with address, height and year. */
function floodMarks(input: DemoGeoInput): Feature[] {
  const rnd = seededRandom(2008);
  const years = [2008, 2015, 2020];
  const out: Feature[] = [];
  for (const { station, pos, down } of valleyStations()) {
    [-700, 250, 850].forEach((base, k) => {
      let along = base + (rnd() - 0.5) * 200;
      const across = (rnd() < 0.5 ? -1 : 1) * (60 + rnd() * 200);
      let p = offsetMetres(pos, down[0] * along - down[1] * across, down[1] * along + down[0] * across);
      if (!pointInGeometry(p[0], p[1], input.district)) {
        along /= 3;
        p = offsetMetres(pos, down[0] * along, down[1] * along);
      }
      const commune =
        input.communes.find((c) => pointInGeometry(p[0], p[1], c.geometry)) ??
        input.communes.find((c) => pointInGeometry(pos[0], pos[1], c.geometry))!;
      const where = `cách ${LANDMARKS[station.code]} khoảng ${Math.max(50, Math.round(Math.abs(along) / 50) * 50)} m về phía ${along < 0 ? 'thượng' : 'hạ'} lưu`;
      out.push(
        point(p, {
          diachi: `${k === 1 ? 'Nhà dân' : 'Bờ suối'} ${where}, ${unitName(commune)}, huyện Ba Chẽ`,
          caodovet_1: r2(0.5 + rnd() * 3),
          nam: years[Math.floor(rnd() * years.length)]!,
          demo: true,
        }),
      );
    });
  }
  return out;
}

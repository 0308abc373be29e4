import { type PolygonalGeometry, pointInGeometry } from '@flood/domain';
import { seededRandom } from './demo.model';
import {
  type Feature,
  type FeatureCollection,
  metresBetween,
  offsetMetres,
  type Pos,
  valleyStations,
} from './demo-geodata';

/**
 * Demo flood extents and rain grids (generated, deterministic): the layers the map colours by `value`
 * with the §9 bands, so that every band shows. Invented figures, flagged `demo: true`.
 */
export type BBox = [number, number, number, number];

const r1 = (v: number) => Math.round(v * 10) / 10;

/** The bounding box [west, south, east, north] of a polygon or multipolygon. */
export function bboxOf(g: PolygonalGeometry): BBox {
  const b: BBox = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  const rings = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][];
  for (const poly of rings)
    for (const ring of poly)
      for (const [x, y] of ring) {
        b[0] = Math.min(b[0], x!);
        b[1] = Math.min(b[1], y!);
        b[2] = Math.max(b[2], x!);
        b[3] = Math.max(b[3], y!);
      }
  return b;
}

/** One wobbly ellipse ring around `c`, counter-clockwise (RFC 7946 outer ring), scaled by `f`. */
function ellipseRing(c: Pos, down: [number, number], a: number, b: number, f: number, wobble: number[]): Pos[] {
  const ring: Pos[] = [];
  const n = 40;
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI;
    const w = 1 + wobble[0]! * Math.sin(3 * t + wobble[1]!) + wobble[2]! * Math.sin(5 * t + wobble[3]!);
    const u = a * f * w * Math.cos(t);
    const v = b * f * w * Math.sin(t);
    // u along the valley, v across it.
    ring.push(offsetMetres(c, down[0] * u - down[1] * v, down[1] * u + down[0] * v));
  }
  ring.push(ring[0]!);
  return ring;
}

/**
 * Flooded areas on the valley floor around each water station: nested bands (an outer ring with the next
 * band as its hole), shallow at the edge and deepest in the middle, `value` = depth in metres (0.2–3.5).
 * `scale` (≈0.5–1.3) grows the flood: a larger, deeper extent.
 */
export function floodExtent(scale: number, name: string): FeatureCollection {
  const features: Feature[] = [];
  valleyStations().forEach(({ station, pos, down }, s) => {
    // The same shape at every time (seeded by station); only its size and depth follow `scale`.
    const rnd = seededRandom(700 + s);
    const a = (1100 + rnd() * 800) * (0.6 + 0.4 * scale);
    const b = (350 + rnd() * 250) * (0.6 + 0.4 * scale);
    const wobble = [0.05 + rnd() * 0.08, rnd() * 6.28, 0.03 + rnd() * 0.05, rnd() * 6.28];
    const peak = Math.min(3.5, (1.6 + rnd() * 1.6) * scale);
    const bands = 5;
    for (let i = 0; i < bands; i++) {
      const outer = ellipseRing(pos, down, a, b, 1 - (i / bands) * 0.8, wobble);
      const rings = [outer];
      if (i < bands - 1) rings.push(ellipseRing(pos, down, a, b, 1 - ((i + 1) / bands) * 0.8, wobble).reverse());
      const value = Math.max(0.2, Math.min(3.5, r1(0.25 + ((peak - 0.25) * i) / (bands - 1))));
      features.push({
        type: 'Feature',
        properties: { value, tram: station.code, demo: true },
        geometry: { type: 'Polygon', coordinates: rings },
      });
    }
  });
  return { type: 'FeatureCollection', name, features };
}

/**
 * Rain intensity (mm/h, 0–70) of the demo storm at a place, `hour` hours from now: a main cell moving
 * east-north-east across the district, a smaller one in the north and light rain around them.
 */
export function stormRain(lon: number, lat: number, hour: number): number {
  const mainC: Pos = [107.11 + 0.034 * hour, 21.25 + 0.007 * hour];
  const [e1, n1] = metresBetween(mainC, [lon, lat]);
  // Elongated along the storm track (about 20° north of east).
  const u = e1 * 0.94 + n1 * 0.34;
  const v = -e1 * 0.34 + n1 * 0.94;
  const main = 68 * Math.exp(-((u / 9000) ** 2 + (v / 5000) ** 2));
  const [e2, n2] = metresBetween([107.29 + 0.012 * hour, 21.34 - 0.004 * hour], [lon, lat]);
  const second = 30 * Math.exp(-(e2 ** 2 + n2 ** 2) / 4500 ** 2);
  const [x, y] = metresBetween([107.0, 21.1], [lon, lat]);
  const light = 3 * (1 + Math.sin(x / 4200 + hour * 0.4) * Math.cos(y / 3500 - hour * 0.2));
  const v0 = main + second + light - 1.5;
  return Math.max(0, Math.min(70, r1(v0)));
}

/**
 * A grid of ~2 km square cells over the district (cells that touch it, cut at its bounding box), each with
 * the storm's `value` (mm/h) at the cell centre, `hour` hours from now.
 */
export function rainGrid(district: PolygonalGeometry, hour: number, name: string): FeatureCollection {
  const [w, s, e, n] = bboxOf(district);
  const dLon = 2000 / (111_320 * Math.cos((((s + n) / 2) * Math.PI) / 180));
  const dLat = 2000 / 110_574;
  const r5 = (v: number) => Math.round(v * 1e5) / 1e5;
  const features: Feature[] = [];
  for (let y0 = s; y0 < n; y0 += dLat) {
    for (let x0 = w; x0 < e; x0 += dLon) {
      const x1 = Math.min(e, x0 + dLon);
      const y1 = Math.min(n, y0 + dLat);
      const cx = (x0 + x1) / 2;
      const cy = (y0 + y1) / 2;
      const probes: Pos[] = [
        [cx, cy],
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
      if (!probes.some(([px, py]) => pointInGeometry(px, py, district))) continue;
      const ring: Pos[] = [
        [r5(x0), r5(y0)],
        [r5(x1), r5(y0)],
        [r5(x1), r5(y1)],
        [r5(x0), r5(y1)],
        [r5(x0), r5(y0)],
      ];
      features.push({
        type: 'Feature',
        properties: { value: stormRain(cx, cy, hour), demo: true },
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    }
  }
  return { type: 'FeatureCollection', name, features };
}

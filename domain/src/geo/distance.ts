import type { Position } from './geometry';

/** Mean Earth radius (IUGG), the radius haversine distances are computed with. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres between two [longitude, latitude] positions: road lengths, snapping. */
export function haversineMetres(a: Position, b: Position): number {
  const lat1 = a[1]! * RAD;
  const lat2 = b[1]! * RAD;
  const dLat = lat2 - lat1;
  const dLon = (b[0]! - a[0]!) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in metres of a polyline of [longitude, latitude] positions (a road, a saved route). */
export function lineLengthMetres(coords: readonly Position[]): number {
  let total = 0;
  for (let i = 1; i < coords.length; i++) total += haversineMetres(coords[i - 1]!, coords[i]!);
  return total;
}

/** [minLon, minLat, maxLon, maxLat] of the positions (GeoJSON bbox order), or null when there are none. */
export type BBox = [number, number, number, number];

/** The bounding box of positions, for bounds checks and search results that the map zooms to. */
export function bboxOfPositions(positions: Iterable<Position>): BBox | null {
  let minLon = Number.POSITIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLon = Number.NEGATIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const p of positions) {
    const lon = p[0]!;
    const lat = p[1]!;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return minLon <= maxLon ? [minLon, minLat, maxLon, maxLat] : null;
}

/** Every position of a GeoJSON geometry (any type, collections included), in order. */
export function* positionsOf(geometry: unknown): Generator<Position> {
  if (!geometry || typeof geometry !== 'object') return;
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    for (const child of g.geometries) yield* positionsOf(child);
    return;
  }
  yield* walk(g.coordinates);
}

function* walk(c: unknown): Generator<Position> {
  if (!Array.isArray(c)) return;
  if (typeof c[0] === 'number') {
    if (typeof c[1] === 'number') yield c as Position;
    return;
  }
  for (const child of c) yield* walk(child);
}

/** A box grown by `marginDeg` degrees on every side. */
export function expandBBox(b: BBox, marginDeg: number): BBox {
  return [b[0] - marginDeg, b[1] - marginDeg, b[2] + marginDeg, b[3] + marginDeg];
}

/** Whether a [longitude, latitude] position lies inside a box (edges included). */
export function bboxContains(b: BBox, p: Position): boolean {
  return p[0]! >= b[0] && p[0]! <= b[2] && p[1]! >= b[1] && p[1]! <= b[3];
}

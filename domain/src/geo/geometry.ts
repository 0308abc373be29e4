/** Plain GeoJSON geometry helpers (WGS84, [longitude, latitude]); no I/O, shared by server and web. */
export type Position = [number, number] | number[];
export type PolygonCoords = Position[][];

export interface PolygonalGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: PolygonCoords | PolygonCoords[];
}

/** Ray casting: whether a point lies inside a linear ring (on the edge counts as inside for either side). */
export function pointInRing(lon: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point lies inside a Polygon or MultiPolygon (holes excluded). */
export function pointInGeometry(lon: number, lat: number, g: PolygonalGeometry): boolean {
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as PolygonCoords[];
  return polygons.some(
    (rings) => pointInRing(lon, lat, rings[0] ?? []) && !rings.slice(1).some((hole) => pointInRing(lon, lat, hole)),
  );
}

import type { Language } from '@flood/domain';
import {
  bboxContains,
  compareVietnamese,
  formatArea,
  formatDistance,
  pointInCircle,
  polygonAreaSquareMetres,
  type StationReading,
} from '@flood/domain';

/** A shape drawn to query stations (spec §2 'query by radius', 'query by area'); latitudes first, as Leaflet. */
export type DrawnShape =
  | { kind: 'circle'; centre: [number, number]; radius: number }
  | { kind: 'rectangle'; south: number; west: number; north: number; east: number };

/** Whether a station's position lies inside the shape (its edge included). */
export function shapeContains(shape: DrawnShape, lat: number, long: number): boolean {
  if (!Number.isFinite(lat) || !Number.isFinite(long)) return false;
  if (shape.kind === 'circle') return pointInCircle([shape.centre[1], shape.centre[0]], shape.radius, [long, lat]);
  return bboxContains([shape.west, shape.south, shape.east, shape.north], [long, lat]);
}

/** The stations inside the shape: rain stations, then water stations, each by name as Vietnamese sorts it. */
export function readingsInShape(shape: DrawnShape, readings: readonly StationReading[]): StationReading[] {
  return readings
    .filter((r) => shapeContains(shape, r.lat, r.long))
    .sort((a, b) => (a.kind === b.kind ? compareVietnamese(a.stationName, b.stationName) : a.kind === 'rain' ? -1 : 1));
}

/** What the panel says of the shape's size: a circle's radius, a rectangle's area (geodesic). */
export function shapeSize(shape: DrawnShape, lang: Language): { key: 'radius' | 'area'; value: string } {
  if (shape.kind === 'circle') return { key: 'radius', value: formatDistance(shape.radius, lang) };
  const { south, west, north, east } = shape;
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
  ];
  return { key: 'area', value: formatArea(polygonAreaSquareMetres(ring), lang) };
}

import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/** A longitude/latitude box: [west, south, east, north]. */
export type LonLatBox = [number, number, number, number];

/** Positions on screen (px, y down) from longitude/latitude. */
export interface PreviewProjection {
  project: (lon: number, lat: number) => [number, number];
}

/** The polygons' outer and inner rings of a geometry (points and lines have none). */
function polygonRings(geometry: Geometry | null | undefined): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return geometry.coordinates;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
  if (geometry.type === 'GeometryCollection') return geometry.geometries.flatMap(polygonRings);
  return [];
}

/** The box around the communes' polygons and the stations; null when there is nothing to show. */
export function previewBounds(
  regions: FeatureCollection | undefined,
  points: readonly { lat: number; long: number }[],
): LonLatBox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const add = (lon: number, lat: number) => {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  };
  for (const f of regions?.features ?? [])
    for (const ring of polygonRings(f.geometry)) for (const p of ring) add(p[0]!, p[1]!);
  for (const p of points) add(p.long, p.lat);
  return west <= east ? [west, south, east, north] : null;
}

/**
 * Fits a box into `width` × `height` pixels with `padding` on every side, keeping shapes true (an
 * equirectangular projection scaled by the cosine of the box's middle latitude, which at the district's size,
 * ~50 km, differs from Web Mercator by under 0.5 %). The box is centred in the space it does not fill.
 */
export function fitProjection(box: LonLatBox, width: number, height: number, padding: number): PreviewProjection {
  const [west, south, east, north] = box;
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * k, 1e-9);
  const spanY = Math.max(north - south, 1e-9);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    project: (lon, lat) => [offsetX + (lon - west) * k * scale, offsetY + (north - lat) * scale],
  };
}

/** The SVG path of a feature's polygons (rings closed, holes kept by the even-odd rule), whole pixels. */
export function featurePath(feature: Feature, projection: PreviewProjection): string {
  return polygonRings(feature.geometry)
    .filter((ring) => ring.length >= 3)
    .map(
      (ring) =>
        `M${ring
          .map((p) => {
            const [x, y] = projection.project(p[0]!, p[1]!);
            return `${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;
          })
          .join('L')}Z`,
    )
    .join('');
}

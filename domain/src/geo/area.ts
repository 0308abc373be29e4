import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';
import { EARTH_RADIUS_M, haversineMetres } from './distance';

import type { Position } from './geometry';

const RAD = Math.PI / 180;

/**
 * Area in square metres of a ring of [longitude, latitude] positions on the sphere of the haversine
 * distances (closed or not, either winding): the measuring tool and the 'query by area' rectangle.
 * Chamberlain & Duquette's formula — exact for edges along meridians and parallels (a rectangle on the map),
 * within a fraction of a per cent for a district's shapes.
 */
export function polygonAreaSquareMetres(ring: readonly Position[]): number {
  const n = ring.length;
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    sum += (b[0]! - a[0]!) * RAD * (2 + Math.sin(a[1]! * RAD) + Math.sin(b[1]! * RAD));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Whether a position lies within `radiusMetres` of a centre (the edge included): 'query by radius'. */
export function pointInCircle(centre: Position, radiusMetres: number, p: Position): boolean {
  return haversineMetres(centre, p) <= radiusMetres;
}

/**
 * An area as people read it on the map: whole square metres under 10 000 m² ('9.850 m²'), hectares with
 * 2 decimals under 100 ha ('12,35 ha'), then square kilometres ('3,42 km²'). Rounds before choosing the unit,
 * as formatDistance does, so 9 999,7 m² reads '1,00 ha'.
 */
export function formatArea(squareMetres: number, lang: Language = 'vi'): string {
  if (!Number.isFinite(squareMetres)) return '';
  const m2 = Math.max(0, squareMetres);
  if (Math.round(m2) < 10_000) return `${formatNumber(Math.round(m2), 0, lang)} m²`;
  const ha = m2 / 10_000;
  if (Math.round(ha * 100) / 100 < 100) return `${formatNumber(ha, 2, lang)} ha`;
  return `${formatNumber(m2 / 1_000_000, 2, lang)} km²`;
}

import '../common/zod-messages';
import { z } from 'zod';
import type { PolygonalGeometry } from '../geo/geometry';
import { UNIT_CODE_PATTERN } from './area.schemas';
import { unitAt } from './region-units';

/**
 * One install, several units' public pages (#26 point 4): `/xa/{code}/dashboard`, `/xa/{code}/maps`… are the
 * public pages narrowed to one unit of the area. 'xa' (xã) for every unit type: a ward's or a special zone's
 * pages use it too, as the path is an address, not the unit's title.
 */
export const UNIT_PAGES_PREFIX = '/xa';

/** Where a unit's public pages start when only `/xa/{code}` is typed. */
export const UNIT_HOME = '/dashboard';

/** The public reads that take `?unit=` and answer only that unit's part (the others are the whole area's). */
export const UNIT_NARROWED_READS = [
  '/api/water',
  '/api/station',
  '/api/alerts/active',
  '/api/warnings/active',
  '/api/news',
];

/** `?unit=` of a public read: one unit's code. Unknown codes give an empty answer, not an error (an old link). */
export const UnitQuerySchema = z.object({
  unit: z.string().trim().regex(UNIT_CODE_PATTERN, 'Mã đơn vị không hợp lệ').optional(),
});

const UNIT_PATH = /^\/xa\/([0-9A-Za-z_-]{1,12})(\/.*)?$/;

/**
 * A public path split into the unit it is narrowed to and the page's own path: `/xa/06978/maps` →
 * `{ unit: '06978', path: '/maps' }`; `/maps` → `{ unit: null, path: '/maps' }`; `/xa/06978` → the unit's home.
 */
export function splitUnitPath(pathname: string): { unit: string | null; path: string } {
  const m = UNIT_PATH.exec(pathname);
  if (!m) return { unit: null, path: pathname };
  const rest = m[2] && m[2] !== '/' ? m[2] : UNIT_HOME;
  return { unit: m[1]!, path: rest };
}

/** A public page's path for one unit (`unit` null: the whole area's page). Paths with a query keep it. */
export function unitPagePath(unit: string | null | undefined, path: string): string {
  if (!unit) return path;
  return `${UNIT_PAGES_PREFIX}/${encodeURIComponent(unit)}${path}`;
}

/** A public read narrowed to a unit: `?unit=` (or `&unit=`) added when the read is one of UNIT_NARROWED_READS. */
export function unitRead(url: string, unit: string | null | undefined): string {
  if (!unit) return url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!UNIT_NARROWED_READS.includes(path)) return url;
  return `${url}${q < 0 ? '?' : '&'}unit=${encodeURIComponent(unit)}`;
}

/** The unit a station belongs to (#26): staff's choice when made, else the unit whose boundary holds it. */
export function stationUnitCode(
  units: readonly { code: string; geometry: PolygonalGeometry }[],
  s: { unitCode: string | null | undefined; lat: number; long: number },
): string | null {
  return s.unitCode ?? unitAt(units, s.long, s.lat);
}

/** Whether a thing for `units` (a news item's tags, a warning's communes) is shown on one unit's pages: none = all. */
export function concernsUnit(units: readonly string[], unit: string): boolean {
  return units.length === 0 || units.includes(unit);
}

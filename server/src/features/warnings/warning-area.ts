import {
  areaDescription,
  type CommuneItem,
  closeRing,
  type PolygonalGeometry,
  type PolygonCoords,
  type Position,
  ringsTouch,
  touchingGroups,
} from '@flood/domain';
import type { Commune } from '../../db/seed/seed-files';

/**
 * The area of an officer's warning (#23), in the parts the CAP profile wants: one part per contiguous group of
 * its communes (communes that share a border go together), or the one polygon drawn on the map.
 */
export interface AreaPart {
  /** Stable name of the part: its communes' codes joined by '+', or 'polygon'. */
  key: string;
  /** The communes' short names; for a drawn area, the communes it touches. */
  names: string[];
  /** GSO codes of its communes (a drawn area: those it touches). */
  codes: string[];
  /** Outer rings, [lon, lat], closed, ≤ 6 decimals. */
  rings: [number, number][][];
  /** The CAP areaDesc (≤ 49 characters). */
  desc: string;
}

export interface WarningArea {
  parts: AreaPart[];
  /** Every commune the area covers or touches (recipients are chosen by these). */
  codes: string[];
  names: string[];
  geometry: PolygonalGeometry;
}

const outerRings = (g: PolygonalGeometry): Position[][] =>
  ((g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as PolygonCoords[]).map((p) => p[0]!);

/** Whether two communes share ground (a border, or one inside the other). */
const communesTouch = (a: Commune, b: Commune) =>
  outerRings(a.geometry).some((ra) => outerRings(b.geometry).some((rb) => ringsTouch(ra, rb)));

/** The area of a warning from its communes or its drawn ring. Unknown codes are refused by the caller. */
export function warningArea(
  w: { communes: readonly string[]; polygon: readonly Position[] | null },
  all: readonly Commune[],
): WarningArea {
  const province = all[0]?.province ?? '';
  if (w.polygon) {
    const ring = closeRing(w.polygon);
    const touched = all.filter((c) => outerRings(c.geometry).some((r) => ringsTouch(r, ring)));
    const names = touched.map((c) => c.name);
    return {
      parts: [
        {
          key: 'polygon',
          names,
          codes: touched.map((c) => c.gsoCode),
          rings: [ring],
          desc: areaDescription([], province),
        },
      ],
      codes: touched.map((c) => c.gsoCode),
      names,
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  }
  const chosen = all.filter((c) => w.communes.includes(c.gsoCode));
  const parts = touchingGroups(chosen, communesTouch).map((group) => ({
    key: group.map((c) => c.gsoCode).join('+'),
    names: group.map((c) => c.name),
    codes: group.map((c) => c.gsoCode),
    rings: group.flatMap((c) => outerRings(c.geometry).map((r) => closeRing(r))),
    desc: areaDescription(
      group.map((c) => c.name),
      province,
    ),
  }));
  return {
    parts,
    codes: chosen.map((c) => c.gsoCode),
    names: chosen.map((c) => c.name),
    geometry: {
      type: 'MultiPolygon',
      coordinates: chosen.flatMap((c) => outerRings(c.geometry).map((r) => [closeRing(r)])),
    },
  };
}

/** The communes as the API gives them (composer, map). */
export const toCommuneItem = (c: Commune): CommuneItem => ({
  gsoCode: c.gsoCode,
  name: c.name,
  fullName: c.fullName,
  province: c.province,
  geometry: c.geometry as CommuneItem['geometry'],
});

import type { Language } from '../common/language';
import { formatNumber } from '../common/number-format';
import type { PolygonalGeometry } from '../geo/geometry';
import { WATER_COLOUR_BANDS } from '../stations/colours';
import {
  boxesOverlap,
  intersectionAreaSquareMetres,
  type PreparedRegion,
  prepareGeometry,
  regionAreaSquareMetres,
} from './intersection-area';

/**
 * Flooded area per commune of a flood extent layer (back-office §3 "Flood analysis data": a Total and one
 * column per area), broken down by depth class when the features carry `value` (water depth in metres).
 */

/** A depth class: the §9 water bands (m), lowest first; `unknown` for features without a numeric `value`. */
export interface DepthClass {
  key: string;
  /** Depth above which a feature belongs to the class (m), and the next band's bound (null for the top one). */
  fromM: number | null;
  toM: number | null;
  colour: string;
  vi: string;
  en: string;
}

/** A band limit as written in the legend: as many decimals as it has (0,5 m; 1 m). */
const fmt = (n: number, lang: Language) => formatNumber(n, 2, lang, 0);

/** The classes of the legend of water depths, from the shallowest; then 'unknown'. */
export const DEPTH_CLASSES: readonly DepthClass[] = [
  ...[...WATER_COLOUR_BANDS].reverse().map((b, i, all) => {
    const next = all[i + 1]?.above ?? null;
    const label = (lang: Language) =>
      next === null ? `> ${fmt(b.above, lang)} m` : `${fmt(b.above, lang)}–${fmt(next, lang)} m`;
    return {
      key: next === null ? `${b.above}+` : `${b.above}-${next}`,
      fromM: b.above,
      toM: next,
      colour: b.colour,
      vi: label('vi'),
      en: label('en'),
    };
  }),
  { key: 'unknown', fromM: null, toM: null, colour: '#bdbdbd', vi: 'Không rõ độ sâu', en: 'Unknown depth' },
];

/** The class of a feature's `value` (depth in m, number or numeric text): the band it is above. */
export function depthClassOf(value: unknown): string {
  const v = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) return 'unknown';
  for (const b of WATER_COLOUR_BANDS) if (v > b.above) return DEPTH_CLASSES.find((c) => c.fromM === b.above)!.key;
  return 'unknown';
}

/** An area the flood is measured in: a commune of the administrative regions layer. */
export interface AnalysisZone {
  /** `ID_3` of the region feature (as text). */
  id: string;
  /** GSO code when the feature has one (`GSO_CODE`). */
  code: string | null;
  /** `NAME_3`, e.g. 'Thanh Sơn'; `fullName` = `FULLNAME_3` ('Xã Thanh Sơn') or the name. */
  name: string;
  fullName: string;
  geometry: PolygonalGeometry;
}

interface GeoFeature {
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

const isPolygonal = (g: GeoFeature['geometry']): g is PolygonalGeometry =>
  !!g && (g.type === 'Polygon' || g.type === 'MultiPolygon') && Array.isArray(g.coordinates);

/** The communes of an administrative regions layer: polygon features with `NAME_3` (ID_3 their id). */
export function zonesOfRegionLayer(layer: { features?: unknown[] } | null | undefined): AnalysisZone[] {
  const zones: AnalysisZone[] = [];
  for (const raw of layer?.features ?? []) {
    const f = raw as GeoFeature;
    const p = f.properties ?? {};
    const name = typeof p.NAME_3 === 'string' ? p.NAME_3.trim() : '';
    if (!name || !isPolygonal(f.geometry)) continue;
    const id = p.ID_3 ?? p.GSO_CODE ?? name;
    zones.push({
      id: String(id),
      code: p.GSO_CODE != null ? String(p.GSO_CODE) : null,
      name,
      fullName: typeof p.FULLNAME_3 === 'string' && p.FULLNAME_3.trim() ? p.FULLNAME_3.trim() : name,
      geometry: f.geometry,
    });
  }
  return zones;
}

/** Square metres by depth class key. */
export type AreaByClass = Record<string, number>;

export interface ZoneFloodArea {
  id: string;
  code: string | null;
  name: string;
  fullName: string;
  /** The commune's own area (m²). */
  areaM2: number;
  /** Flooded area inside the commune (m²), and by depth class. */
  floodedM2: number;
  byClass: AreaByClass;
}

/** The stored analysis of one flood layer: every commune, the Total over them, and what lay outside them. */
export interface FloodAreaResult {
  zones: ZoneFloodArea[];
  total: { areaM2: number; floodedM2: number; byClass: AreaByClass };
  /** Flooded area outside every commune (m²): extents drawn past the district's boundary. */
  outsideM2: number;
  /** Polygon features measured, and features skipped (points, lines, empty geometry). */
  features: number;
  skipped: number;
}

/**
 * Measures a flood layer feature by feature (so the caller can yield between features on a busy server).
 * Features of one layer are taken not to overlap (an extent or a depth classification is a partition):
 * overlapping features would be counted twice, so a commune's share is capped at its own area.
 */
export function createFloodAreaAccumulator(zones: readonly AnalysisZone[]) {
  const prepared = zones.map((z) => {
    const region = prepareGeometry(z.geometry);
    return { zone: z, region, areaM2: regionAreaSquareMetres(region), byClass: {} as AreaByClass, flooded: 0 };
  });
  let outside = 0;
  let features = 0;
  let skipped = 0;

  return {
    /** Adds one GeoJSON feature of the flood layer. */
    add(raw: unknown): void {
      const f = raw as GeoFeature;
      if (!isPolygonal(f?.geometry)) {
        skipped++;
        return;
      }
      const region: PreparedRegion = prepareGeometry(f.geometry);
      if (region.count === 0) {
        skipped++;
        return;
      }
      features++;
      const cls = depthClassOf(f.properties?.value);
      let inZones = 0;
      for (const p of prepared) {
        if (!boxesOverlap(p.region.bbox, region.bbox)) continue;
        const a = intersectionAreaSquareMetres(region, p.region);
        if (a <= 0) continue;
        p.flooded += a;
        p.byClass[cls] = (p.byClass[cls] ?? 0) + a;
        inZones += a;
      }
      outside += Math.max(0, regionAreaSquareMetres(region) - inZones);
    },

    result(): FloodAreaResult {
      const out = prepared.map((p) => ({
        id: p.zone.id,
        code: p.zone.code,
        name: p.zone.name,
        fullName: p.zone.fullName,
        areaM2: p.areaM2,
        floodedM2: Math.min(p.flooded, p.areaM2),
        byClass: { ...p.byClass },
      }));
      const byClass: AreaByClass = {};
      for (const z of out) for (const [k, v] of Object.entries(z.byClass)) byClass[k] = (byClass[k] ?? 0) + v;
      return {
        zones: out,
        total: {
          areaM2: out.reduce((s, z) => s + z.areaM2, 0),
          floodedM2: out.reduce((s, z) => s + z.floodedM2, 0),
          byClass,
        },
        outsideM2: outside,
        features,
        skipped,
      };
    },
  };
}

/** Measures a whole flood layer at once (tests, small layers). */
export function measureFloodLayer(
  layer: { features?: unknown[] } | null | undefined,
  zones: readonly AnalysisZone[],
): FloodAreaResult {
  const acc = createFloodAreaAccumulator(zones);
  for (const f of layer?.features ?? []) acc.add(f);
  return acc.result();
}

/** Square metres as hectares with two decimals (the charts' unit). */
export function squareMetresToHectares(m2: number): number {
  return Math.round(m2 / 100) / 100;
}

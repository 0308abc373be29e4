import { type PolygonalGeometry, pointInGeometry } from '../geo/geometry';
import type { ParsedLayer } from '../geo/layer-places';
import { type AreaUnit, UNIT_CODE_PATTERN, unitTypeOf } from './area.schemas';

interface Feature {
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

const featuresOf = (layer: ParsedLayer | undefined): Feature[] =>
  ((layer?.features ?? []) as unknown[]).filter((f): f is Feature => typeof f === 'object' && f !== null);

const isPolygonal = (g: Feature['geometry']): g is PolygonalGeometry =>
  !!g && (g.type === 'Polygon' || g.type === 'MultiPolygon') && Array.isArray(g.coordinates);

/** A property's value as a unit's code or name: text or a number, trimmed; null when empty or neither. */
function textOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t ? t : null;
}

/** The properties the layer's features hold, in the order they first appear. */
export function layerPropertyNames(layer: ParsedLayer | undefined): string[] {
  const names = new Set<string>();
  for (const f of featuresOf(layer)) for (const k of Object.keys(f.properties ?? {})) names.add(k);
  return [...names];
}

/**
 * The units a region layer holds, read with the properties the uploader chose (#26 point 2): one unit per polygonal
 * feature with a code and a name; its type from `typeProperty` when that says 'Xã', 'Phường'…, else from the name
 * ('Xã Kỳ Thượng' → XA, named 'Kỳ Thượng'), else a commune. Features left out are listed with why (1-based).
 */
export function regionUnits(
  layer: ParsedLayer | undefined,
  p: { codeProperty: string; nameProperty: string; typeProperty?: string | undefined },
): { units: AreaUnit[]; skipped: { feature: number; reason: string }[] } {
  const units: AreaUnit[] = [];
  const skipped: { feature: number; reason: string }[] = [];
  const seen = new Set<string>();
  for (const [i, f] of featuresOf(layer).entries()) {
    const props = f.properties ?? {};
    const code = textOf(props[p.codeProperty]);
    const rawName = textOf(props[p.nameProperty]);
    const problem = !isPolygonal(f.geometry)
      ? 'không phải vùng (Polygon/MultiPolygon)'
      : !code
        ? `không có mã ở thuộc tính ${p.codeProperty}`
        : !UNIT_CODE_PATTERN.test(code)
          ? `mã "${code}" không hợp lệ`
          : !rawName
            ? `không có tên ở thuộc tính ${p.nameProperty}`
            : seen.has(code)
              ? `mã ${code} trùng với một vùng trước`
              : null;
    if (problem || !code || !rawName) {
      skipped.push({ feature: i + 1, reason: problem ?? '' });
      continue;
    }
    seen.add(code);
    // A name that starts with its type: the type taken from it, the rest kept as the name.
    const prefixed = /^(xã|phường|thị trấn|đặc khu)\s+(.+)$/iu.exec(rawName);
    const type =
      (p.typeProperty ? unitTypeOf(props[p.typeProperty]) : null) ?? (prefixed ? unitTypeOf(prefixed[1]) : null);
    units.push({ code, name: (prefixed?.[2] ?? rawName).slice(0, 100), type: type ?? 'XA' });
  }
  return { units, skipped };
}

/** The boundary of each code in the layer (the first polygonal feature with it). */
export function unitGeometries(layer: ParsedLayer | undefined, codeProperty: string): Map<string, PolygonalGeometry> {
  const out = new Map<string, PolygonalGeometry>();
  for (const f of featuresOf(layer)) {
    const code = textOf(f.properties?.[codeProperty]);
    if (code && isPolygonal(f.geometry) && !out.has(code)) out.set(code, f.geometry);
  }
  return out;
}

/** The code of the unit whose boundary holds the point (the first, when boundaries overlap), or null. */
export function unitAt(
  units: readonly { code: string; geometry: PolygonalGeometry }[],
  lon: number,
  lat: number,
): string | null {
  return units.find((u) => pointInGeometry(lon, lat, u.geometry))?.code ?? null;
}

import { type BBox, bboxOfPositions, positionsOf } from './distance';

/** A parsed GeoJSON layer, or null when the type has no file (or its bytes cannot be read). */
export type ParsedLayer = { features?: unknown[] } | null;

/** A named point of a layer: where a feature is (a point, or the centre of its box) and its box for areas. */
export interface LayerPlace {
  name: string;
  lng: number;
  lat: number;
  bbox?: BBox;
  properties: Record<string, unknown>;
}

/** The first non-empty text among these properties (their names differ between data sources). */
export function textProperty(props: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = props[k];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v).trim();
  }
  return null;
}

/**
 * The features of a layer that carry a name under one of `nameKeys`, with their position: a Point's
 * own (a MultiPoint's first), any other geometry's box centre and box.
 */
export function layerPlaces(layer: ParsedLayer | undefined, nameKeys: readonly string[]): LayerPlace[] {
  const out: LayerPlace[] = [];
  for (const f of layer?.features ?? []) {
    const feature = f as { properties?: Record<string, unknown> | null; geometry?: { type?: string } | null };
    const properties = feature.properties ?? {};
    const name = textProperty(properties, nameKeys);
    if (!name || !feature.geometry) continue;
    const g = feature.geometry as { type?: string; coordinates?: unknown };
    if (g.type === 'Point' || g.type === 'MultiPoint') {
      const p = positionsOf(g).next().value;
      if (p) out.push({ name, lng: p[0]!, lat: p[1]!, properties });
      continue;
    }
    const bbox = bboxOfPositions(positionsOf(g));
    if (bbox) out.push({ name, lng: (bbox[0] + bbox[2]) / 2, lat: (bbox[1] + bbox[3]) / 2, bbox, properties });
  }
  return out;
}

/** The box of every position of a layer. */
export function layerBBox(layer: ParsedLayer | undefined): BBox | null {
  return bboxOfPositions(
    (function* () {
      for (const f of layer?.features ?? []) yield* positionsOf((f as { geometry?: unknown }).geometry);
    })(),
  );
}

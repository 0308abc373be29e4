import { type BBox, bboxOfPositions, type GeodataFileType, positionsOf } from '@flood/domain';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage';
import { newestOfTypes } from './geodata.repository';

/** Which file is the current one of a type (the newest, as the map shows it). */
export interface LayerVersion {
  id: number;
  path: string;
  sha256: string | null;
}
export type LayerVersions = ReadonlyMap<GeodataFileType, LayerVersion>;

/** A parsed GeoJSON layer, or null when the type has no file (or its bytes cannot be read). */
export type ParsedLayer = { features?: unknown[] } | null;

const keyOf = (types: readonly GeodataFileType[], versions: LayerVersions) =>
  types
    .map((t) => {
      const v = versions.get(t);
      return v ? `${v.id}:${v.sha256 ?? v.path}` : '-';
    })
    .join('|');

/**
 * Structures built from the current base layers (the routing graph, the search index, the district
 * bounds), rebuilt only when a layer they read changes: `versions` asks the database which file is
 * current (one small query per call, so every process sees an upload at once); a derived value is cached
 * under the ids and hashes of its layers and rebuilt when they differ. Parsed files are not kept.
 */
export function createGeoLayers({ db, storage }: { db: Db; storage: FileStorage }) {
  async function read(v: LayerVersion | undefined): Promise<ParsedLayer> {
    if (!v) return null;
    const bytes = await storage.read(v.path);
    if (!bytes) return null;
    try {
      const parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as ParsedLayer) : null;
    } catch {
      return null;
    }
  }

  return {
    async versions(types: readonly GeodataFileType[]): Promise<LayerVersions> {
      const rows = await newestOfTypes(db, types);
      return new Map(rows.map((r) => [r.type as GeodataFileType, { id: r.id, path: r.path!, sha256: r.sha256 }]));
    },

    /** A value built from some layers, cached until one of them changes. */
    derived<T>(
      types: readonly GeodataFileType[],
      build: (layers: ParsedLayer[]) => T | Promise<T>,
    ): (versions: LayerVersions) => Promise<T> {
      let cached: { key: string; value: Promise<T> } | undefined;
      return (versions) => {
        const key = keyOf(types, versions);
        if (cached?.key !== key) {
          const entry = {
            key,
            value: Promise.all(types.map((t) => read(versions.get(t)))).then(build),
          };
          entry.value.catch(() => {
            if (cached === entry) cached = undefined;
          });
          cached = entry;
        }
        return cached.value;
      };
    },
  };
}
export type GeoLayers = ReturnType<typeof createGeoLayers>;

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

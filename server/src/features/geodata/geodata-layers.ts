import type { GeodataFileType, ParsedLayer } from '@flood/domain';
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

export type { ParsedLayer };

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

/** The places of a layer and its box: the domain's rules (#25: the browser routes offline with them too). */
export { type LayerPlace, layerBBox, layerPlaces, textProperty } from '@flood/domain';

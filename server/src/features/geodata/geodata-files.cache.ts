import type { EventBus } from '../../lib/events';
import { createExpiringCache, type PreparedBody } from '../../lib/prepared-body';
import type { FileStorage } from '../../lib/storage';
import { GEODATA_CHANGED, type GeodataService } from './geodata.service';

/** A file above this stays on disk (streamed by the route): a 20 MB flood extent is not kept in memory. */
const KEEP_MAX_BYTES = 4 * 1024 * 1024;
/** Files kept at once (each with its .br and .gz: ~1.5× its size). */
const MAX_FILES = 32;

/** A stored file's bytes ready to send, with the route's ETag (one per file, as the route sends it). */
export interface KeptGeodataFile {
  prepared: PreparedBody;
  etag: string;
}

/**
 * The stored files the public map loads (`GET /api/geojson/:ref`, #25 point 5), read once from storage with the
 * .br and .gz the upload wrote, and served from memory by the fast lane of hot reads. A stored file never changes
 * (a new version is a new upload), but a deleted one must answer 404 at once: every geodata change drops them all.
 */
export function createGeodataFilesCache({
  geodata,
  storage,
  bus,
}: {
  geodata: GeodataService;
  storage: FileStorage;
  bus: EventBus;
}) {
  const cache = createExpiringCache<string, KeptGeodataFile | null>(
    async (ref) => {
      const forever = Number.POSITIVE_INFINITY;
      const row = await geodata.findFile(ref).catch(() => null);
      if (!row?.path || (row.size ?? Number.POSITIVE_INFINITY) > KEEP_MAX_BYTES)
        return { value: null, expiresAt: forever };
      const etag = `"${(row.sha256 ?? String(row.id)).slice(0, 32)}"`;
      const variants = row.encodings.split(',').filter(Boolean);
      const [body, br, gz] = await Promise.all([
        storage.read(row.path),
        variants.includes('br') ? storage.read(`${row.path}.br`) : null,
        variants.includes('gzip') ? storage.read(`${row.path}.gz`) : null,
      ]);
      if (!body) return { value: null, expiresAt: forever };
      const prepared: PreparedBody = {
        contentType: row.contentType ?? 'application/octet-stream',
        identity: { body, etag, encoding: null },
      };
      if (br && gz) {
        prepared.br = { body: br, etag, encoding: 'br' };
        prepared.gzip = { body: gz, etag, encoding: 'gzip' };
      }
      return { value: { prepared, etag }, expiresAt: forever };
    },
    { now: () => Date.now(), maxKeys: MAX_FILES },
  );
  bus.subscribe((e) => {
    if (e.type === GEODATA_CHANGED) cache.drop();
  });
  return {
    /** Reads the file into memory for the next callers (after the route answered one). */
    warm(ref: string): void {
      cache.get(ref).catch(() => {});
    },
    /** The kept bytes, when ready. */
    peek: (ref: string): KeptGeodataFile | undefined => cache.peek(ref) ?? undefined,
  };
}
export type GeodataFilesCache = ReturnType<typeof createGeodataFilesCache>;

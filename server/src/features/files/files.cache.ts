import type { Readable } from 'node:stream';
import type { HotHit } from '../../lib/hot-reads';
import { createExpiringCache } from '../../lib/prepared-body';
import type { FilesService } from './files.service';

/** A file above this stays on disk (streamed by the route). */
const KEEP_MAX_BYTES = 2 * 1024 * 1024;
/** Files kept at once. */
const MAX_FILES = 32;
const FOREVER = Number.POSITIVE_INFINITY;

/** The bytes of a stream, or null past `max` (the stream is then dropped). */
async function bytesOf(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The uploaded files visitors download (`GET /api/files/:id`: a directive document's PDF, a news picture; #25
 * point 5), read once from storage and served from memory by the fast lane of hot reads with the headers the route
 * sends. An uploaded file never changes and is never deleted (a new version is a new upload), so nothing drops them.
 */
export function createFilesCache({
  files,
  headersOf,
}: {
  files: FilesService;
  /** The route's headers for a file (ETag aside): Cache-Control, sandboxing CSP, Content-Disposition… */
  headersOf: (file: { key: string; mime: string; name: string }) => Record<string, string>;
}) {
  const cache = createExpiringCache<string, HotHit | null>(
    async (id) => {
      const file = await files.find(id, 'file').catch(() => null);
      // An id that names nothing: asked again later (nothing is created under a given id, but be modest).
      if (!file) return { value: null, expiresAt: Date.now() + 60_000 };
      const opened = await files.open(file.key).catch(() => null);
      const body = opened && opened.size <= KEEP_MAX_BYTES ? await bytesOf(opened.stream, KEEP_MAX_BYTES) : null;
      if (!body) {
        opened?.stream.destroy();
        return { value: null, expiresAt: FOREVER };
      }
      const { 'cache-control': cacheControl = '', ...headers } = headersOf(file);
      const etag = `"${file.key.slice(0, 32)}"`;
      return {
        // The route sends no Vary (nothing is compressed): the lane sends none either.
        value: {
          prepared: { contentType: file.mime, identity: { body, etag, encoding: null } },
          cacheControl,
          headers: { ...headers, vary: '' },
        },
        expiresAt: FOREVER,
      };
    },
    { now: () => Date.now(), maxKeys: MAX_FILES },
  );
  return {
    /** Reads the file into memory for the next callers (after the route answered one). */
    warm(id: string): void {
      cache.get(id).catch(() => {});
    },
    /** The kept bytes, when ready. */
    peek: (id: string): HotHit | undefined => cache.peek(id) ?? undefined,
  };
}
export type FilesCache = ReturnType<typeof createFilesCache>;

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PreparedVariant {
  body: Buffer;
  /** Strong, per representation: a compressed variant carries its own tag (`"…-br"`, `"…-gz"`). */
  etag: string;
  encoding: 'br' | 'gzip' | null;
}

/** Bytes of a hot public read, serialised once and compressed once, ready to send many times. */
export interface PreparedBody {
  contentType: string;
  identity: PreparedVariant;
  br?: PreparedVariant;
  gzip?: PreparedVariant;
}

/** Below this many bytes compression is not worth it (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_ABOVE = 1024;

/**
 * Serialises once for many readers (ARCHITECTURE.md: hot public reads serve cached, pre-serialised and
 * pre-compressed bytes with an ETag). Compression runs in the thread pool, off the event loop.
 */
export async function prepareBody(body: string | Buffer, contentType: string): Promise<PreparedBody> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const tag = createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
  const prepared: PreparedBody = { contentType, identity: { body: bytes, etag: `"${tag}"`, encoding: null } };
  if (bytes.length >= COMPRESS_ABOVE) {
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    prepared.br = { body: br, etag: `"${tag}-br"`, encoding: 'br' };
    prepared.gzip = { body: gz, etag: `"${tag}-gz"`, encoding: 'gzip' };
  }
  return prepared;
}

/** True when Accept-Encoding lists the coding without `q=0`. */
function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

// Browsers send a handful of distinct Accept-Encoding values: remember the choice for each.
const chosen = new Map<string, 'br' | 'gzip' | null>();
function codingFor(header: string): 'br' | 'gzip' | null {
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null;
    if (chosen.size >= 256) chosen.clear();
    chosen.set(header, coding);
  }
  return coding;
}

/** The variant for the request's Accept-Encoding: brotli, else gzip, else the plain bytes. */
export function pickVariant(prepared: PreparedBody, acceptEncoding: string | undefined): PreparedVariant {
  if (!acceptEncoding || !prepared.br) return prepared.identity;
  const coding = codingFor(acceptEncoding);
  return (coding === 'br' ? prepared.br : coding === 'gzip' ? prepared.gzip : undefined) ?? prepared.identity;
}

/**
 * `Cache-Control` of a public read: shared caches may keep it `maxAge` seconds. A signed-in caller (the
 * back office, which changes what it then lists) revalidates each time instead, so it never sees its own
 * change late; the ETag keeps that a 304.
 */
export function publicCacheControl(request: FastifyRequest, maxAge: number): string {
  return request.headers.authorization ? 'private, no-cache' : `public, max-age=${maxAge}`;
}

/** True when If-None-Match names the tag (weak comparison, as for a GET). */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch === etag || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** Sends prepared bytes: the negotiated variant with its ETag, or 304 when the client holds it (If-None-Match). */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
  cacheControl: string,
): FastifyReply {
  const variant = pickVariant(prepared, request.headers['accept-encoding']);
  reply.header('etag', variant.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (clientHolds(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.header('content-type', prepared.contentType).send(variant.body);
}

/**
 * Values computed once per key and shared until they expire or are dropped. Callers that arrive while a
 * value loads share that load; a drop during a load keeps the loaded value out of the cache, so an event
 * that changed the data is never followed by an older answer.
 */
export function createExpiringCache<K, V>(
  load: (key: K) => Promise<{ value: V; expiresAt: number }>,
  opts: { now: () => number; maxKeys?: number },
) {
  const maxKeys = opts.maxKeys ?? 64;
  const entries = new Map<K, { promise: Promise<V>; expiresAt: number; value?: V }>();
  return {
    /** The value when loaded and fresh, without waiting (else undefined: call get). */
    peek(key: K): V | undefined {
      const hit = entries.get(key);
      return hit && hit.expiresAt > opts.now() ? hit.value : undefined;
    },
    get(key: K): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > opts.now()) return hit.promise;
      const entry: { promise: Promise<V>; expiresAt: number; value?: V } = {
        promise: undefined as unknown as Promise<V>,
        expiresAt: Number.POSITIVE_INFINITY,
      };
      entry.promise = load(key).then(
        ({ value, expiresAt }) => {
          if (entries.get(key) === entry) {
            entry.value = value;
            entry.expiresAt = expiresAt;
          }
          return value;
        },
        (err) => {
          if (entries.get(key) === entry) entries.delete(key);
          throw err;
        },
      );
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value as K);
      return entry.promise;
    },
    /** Drops the values whose key matches (every value without a predicate). */
    drop(matches?: (key: K) => boolean): void {
      for (const key of [...entries.keys()]) if (!matches || matches(key)) entries.delete(key);
    },
  };
}

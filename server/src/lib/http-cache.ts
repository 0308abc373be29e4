import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends bytes that a browser or CDN may cache: a strong ETag from the content, `Cache-Control` as given,
 * and 304 Not Modified when the client already holds them (If-None-Match).
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  opts: {
    contentType: string;
    cacheControl: string;
    /** Request headers besides Accept-Encoding that chose the bytes (e.g. `accept`). */
    vary?: string;
  },
): FastifyReply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  reply
    .header('etag', etag)
    .header('cache-control', opts.cacheControl)
    .header('vary', opts.vary ? `accept-encoding, ${opts.vary}` : 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type(opts.contentType).send(body);
}

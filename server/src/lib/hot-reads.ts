import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientHolds, type PreparedBody, pickVariant } from './prepared-body';
import type { SecurityHeaders } from './security-headers';

/** Prepared bytes ready for this request, and their max-age; undefined lets the route answer as usual. */
export type HotPeek = (request: FastifyRequest) => { prepared: PreparedBody; maxAge: number } | undefined;

export interface HotReads {
  /** Serves `path` (a public GET route without parameters) from `peek` whenever it has bytes ready for an anonymous caller. */
  add(path: string, peek: HotPeek): void;
}

/**
 * The fast lane of hot public reads (ARCHITECTURE.md: cached, pre-serialised, pre-compressed bytes): the
 * first onRequest hook answers an anonymous GET of a registered public route from prepared bytes, writing
 * the security headers, request id, ETag and Cache-Control itself, and ends the request lifecycle there
 * (no validation, handler, serializer or compression). Anything else — a signed-in caller, a query the
 * peek does not recognise, bytes not yet prepared — goes on to the route, which gives the same answer.
 * Register it before every other onRequest hook.
 */
export function registerHotReads(app: FastifyInstance, security: SecurityHeaders): HotReads {
  const lanes = new Map<string, HotPeek>();
  const securityFlat = security.flat();
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return done();
    // The path as sent (cheaper than routeOptions, built anew on each access); a path spelt otherwise
    // (a trailing slash…) just takes the route.
    const url = request.url;
    const q = url.indexOf('?');
    const peek = lanes.get(q < 0 ? url : url.slice(0, q));
    const hit = peek?.(request);
    if (!hit || request.routeOptions.config.access !== 'public') return done();
    const variant = pickVariant(hit.prepared, request.headers['accept-encoding']);
    const headers = [
      ...securityFlat,
      'x-request-id',
      request.id,
      'etag',
      variant.etag,
      'cache-control',
      `public, max-age=${hit.maxAge}`,
      'vary',
      'accept-encoding',
    ];
    const res = reply.raw;
    reply.hijack();
    if (clientHolds(request.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers.push('content-type', hit.prepared.contentType, 'content-length', String(variant.body.length));
      if (variant.encoding) headers.push('content-encoding', variant.encoding);
      res.writeHead(200, headers);
      res.end(variant.body);
    }
    // Answered: `done` is not called, which ends the hook chain (Fastify "Respond to a request from a hook").
  });
  return {
    add(path, peek) {
      lanes.set(path, peek);
    },
  };
}

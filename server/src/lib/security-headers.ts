import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type HelmetOptions = Omit<FastifyHelmetOptions, 'enableCSPNonces' | 'global'>;
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
/** Header name and value pairs, in helmet's order. */
export type SecurityHeaders = readonly (readonly [string, string])[];

// The very helmet that @fastify/helmet wraps (its own dependency), resolved through it.
const require = createRequire(import.meta.url);
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (o: HelmetOptions) => HelmetMiddleware;

/**
 * The headers helmet sets for these options, computed once. The options must be static (no per-request
 * functions or nonces): then every response gets the same headers, which is what this app configures.
 */
export function securityHeadersOf(options: HelmetOptions): SecurityHeaders {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * Helmet's headers on every response, as @fastify/helmet sets them (on the raw response, so a hijacked
 * reply such as the event stream keeps them) — without rebuilding helmet on every request as the plugin
 * does, which cost hot public reads half their throughput (docs/decisions.md "Open data and hot reads").
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}

/**
 * Helmet's headers that only a document (or a worker's script) reads: a page's policy, framing, opener, agent
 * cluster, DNS prefetching, and the legacy IE/Flash ones. A script or style sheet the page loads is governed by the
 * page's: for it they are only bytes, ~530 of each answer's ~1,000, which HTTP/1.1 sends uncompressed with each of
 * the ~30 built files of a first visit (16 KB, a third of a second at 400 kbit/s). Kept on those: Content-Type with
 * nosniff (a script or style sheet must be one), Cross-Origin-Resource-Policy, HSTS, and Referrer-Policy (a style
 * sheet's own loads follow its referrer policy). docs/security.md.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * A built script or style sheet (`assets/*.js`, `assets/*.css` of the web build, its path inside the build with `/`):
 * loaded by the portal's pages, never opened as a document nor run as a worker (the service worker is `sw.js`, the
 * ALTCHA widget's workers are made from code in memory and take the page's policy).
 */
export function isBuiltSubresource(rel: string): boolean {
  return /^assets\/[^/]+\.(js|css)$/.test(rel);
}

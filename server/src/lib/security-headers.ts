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

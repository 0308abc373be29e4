import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from '../config';
import { registerErrorHandler } from '../lib/errors';
import { loggerOptionsOf } from '../lib/logging';

/**
 * Answers a request before Fastify builds anything for it, or returns false (then Fastify takes it): the fast lane
 * of hot public reads (lib/hot-reads.ts). `requestId` gives the id Fastify would have given it.
 */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse, requestId: () => string) => boolean;

/**
 * The Fastify instance with what every request goes through: request ids, time limits, the zod compilers, the
 * error answers. Its HTTP server first asks the front door (`openFrontDoor`), if one was opened.
 */
export function createHttpServer(config: Config, logger?: FastifyServerOptions['logger']): FastifyInstance {
  // Request ids correlate log lines and error bodies; they need to be unique, not secret. A random prefix
  // per process and a counter cost a fraction of a UUID per request (measured on the hot public reads).
  const idPrefix = randomBytes(6).toString('hex');
  let idCounter = 0;
  const genReqId = (req: IncomingMessage) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
      ? incoming
      : `${idPrefix}-${(++idCounter).toString(36)}`;
  };
  let frontDoor: FrontDoor | undefined;
  const app = Fastify({
    logger: logger ?? loggerOptionsOf(config.LOG_LEVEL),
    genReqId,
    // Fastify's own HTTP/1 server (lib/server.js, the same options and time limits), with the front door before it.
    serverFactory: (handler, opts) => {
      const server = createServer((opts.http ?? {}) as ServerOptions, (req, res) => {
        if (frontDoor?.(req, res, () => genReqId(req))) return;
        handler(req, res);
      });
      server.keepAliveTimeout = opts.keepAliveTimeout as number;
      server.requestTimeout = opts.requestTimeout as number;
      server.setTimeout(opts.connectionTimeout as number);
      return server;
    },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // A request (headers and body) must arrive whole within REQUEST_TIMEOUT_SECONDS: a body trickled a byte at a
    // time would otherwise hold its connection and memory for ever. Node checks every `connectionsCheckingInterval`.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, (config.REQUEST_TIMEOUT_SECONDS * 1000) / 4)),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Open event streams must not hold a shutdown.
    forceCloseConnections: true,
  });
  app.decorate('openFrontDoor', (door: FrontDoor) => {
    frontDoor = door;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  return app;
}

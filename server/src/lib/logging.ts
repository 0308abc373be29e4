import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: a station's push key (the data loggers send it in the URL). */
const SECRET_PARAMS = /([?&](?:key|token|password|altcha)=)[^&#]*/gi;

/** A request URL as it may be logged: secret query values replaced by `***`. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1***') : url;
}

/**
 * The server's logger options: requests are logged without secrets (ASVS 7.1.1) — no Authorization or
 * Cookie header, and no push key from a station's URL, which Fastify's default request line would print.
 */
export function loggerOptionsOf(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket ? req.socket.remotePort : undefined,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

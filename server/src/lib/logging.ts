import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are secrets: a station's push key (the data loggers send it in the URL). */
const SECRET_PARAMS = /([?&](?:key|token|password|altcha)=)[^&#]*/gi;

/**
 * Path segments that are secrets (#24): a subscription's signed manage token in `/h/<token>`,
 * `/api/subscriptions/<token>…`, and the SMS receipt address's token.
 */
const SECRET_PATHS = /^(\/h\/|\/api\/subscriptions\/|\/api\/delivery-receipts\/sms\/)(?!confirm-email\b)[^/?#]+/;

/** A request URL as it may be logged: secret query values and path tokens replaced by `***`. */
export function redactUrl(url: string): string {
  const path = url.replace(SECRET_PATHS, '$1***');
  return path.includes('?') ? path.replace(SECRET_PARAMS, '$1***') : path;
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

/** Log lines kept in memory while stdout cannot take them (a full disk under a log file); later ones are dropped. */
export const LOG_BUFFER_MAX_BYTES = 4 * 1024 * 1024;

/**
 * stdout for the log, which a full disk must not end: pino's own destination re-emits every write error but
 * EPIPE as an unhandled 'error' event, so with the log in a file on the full disk (`npm start >> portal.log`)
 * the first line that could not be written ended the process. Here the lines wait in memory (at most
 * LOG_BUFFER_MAX_BYTES, then new ones are dropped) and are written, in order, once the file takes them again:
 * tried again with each new line and every second (a full buffer takes no line, so it is kicked then too).
 */
/** How long after a failed log write the exit's synchronous flush is skipped. */
const FLUSH_AFTER_ERROR_MS = 5_000;

export function logDestination(fd = 1): ReturnType<typeof pino.destination> {
  const destination = pino.destination({ dest: fd, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
  let failing = false;
  let lastErrorAt = Number.NEGATIVE_INFINITY;
  let retry: NodeJS.Timeout | undefined;
  // An empty write makes sonic-boom try its waiting lines again (it does only when a line is added).
  const tryAgain = () => destination.write('');
  destination.on('error', () => {
    failing = true;
    lastErrorAt = Date.now();
    retry ??= setInterval(tryAgain, 1000).unref();
  });
  destination.on('write', () => {
    failing = false;
    clearInterval(retry);
    retry = undefined;
  });
  destination.on('drop', tryAgain);
  // At exit pino writes what is left with flushSync, which retries ENOSPC every 100 ms for ever: the process
  // never ended on SIGTERM while the disk was full. While the last write failed, those lines are given up — and
  // also within 5 s of any failure: on a nearly full disk a write may pass in part (clearing `failing`) just
  // before the next one fails, and a flush then hung the shutdown (CI, 27/11/2026: SIGTERM killed after 15 s).
  const flushSync = destination.flushSync.bind(destination);
  destination.flushSync = () => {
    if (!failing && Date.now() - lastErrorAt > FLUSH_AFTER_ERROR_MS) flushSync();
  };
  return destination;
}

/**
 * stdout and stderr written directly (the start banner, the embedded server's messages before the log exists):
 * a failed write (a full disk under the file they go to, a closed pipe) is dropped instead of ending the process.
 */
export function keepStdioErrorsQuiet(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}

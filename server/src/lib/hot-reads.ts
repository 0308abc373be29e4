import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { PortalEventName } from '@flood/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EventBus } from './events';
import { clientHolds, type PreparedBody, type PreparedVariant, pickVariant, prepareBody } from './prepared-body';
import type { SecurityHeaders } from './security-headers';

/** Prepared bytes ready for this request; undefined lets the route answer as usual. */
export type HotPeek = (request: FastifyRequest) => HotHit | undefined;

export interface HotHit {
  prepared: PreparedBody;
  /** `Cache-Control: public, max-age=…`, unless `cacheControl` says otherwise. */
  maxAge?: number;
  cacheControl?: string;
  /**
   * Headers of the route's own (a stored file's sandboxing CSP…), written in place of the same security headers and
   * of the lane's Vary; an empty value is not sent.
   */
  headers?: Readonly<Record<string, string>>;
}

export interface HotReads {
  /** Serves `path` (a public GET route without parameters, a built file, a page) from `peek` whenever it has bytes ready for an anonymous caller. */
  add(path: string, peek: HotPeek): void;
  /** Serves every path `prefix` + one segment (a public GET route with one parameter at its end) from `peek`. */
  addPrefix(prefix: string, peek: HotPeek): void;
  /** How many requests the lane has answered (tests tell a kept answer from the route's by it). */
  answered(): number;
  /** How many of them at the front door, before Fastify. */
  answeredAtDoor(): number;
}

/**
 * A public GET route whose own answer to an anonymous caller is kept, prepared (compressed once), and sent
 * again for the same URL until one of `events` is published or `maxAgeMs` has passed (#25, point 5): declared
 * in the route's `config.hot`, nothing else to write.
 */
export interface HotRoute {
  /** Events that change what the route answers: each drops every kept answer of the route at once. */
  events: readonly PortalEventName[];
  /** Longest an answer is kept (what changes by the clock alone: a scheduled item, an expiry); default 60 s. */
  maxAgeMs?: number;
  /** Request headers besides the URL the answer depends on (e.g. `accept`, `host`). */
  keyHeaders?: readonly string[];
}

/** Answers kept from routes' own replies: per URL, then per value of the route's key headers. */
interface Slot {
  route: HotRoute;
  items: Map<string, Kept>;
  bytes: number;
}
interface Kept {
  prepared: PreparedBody;
  /** The route's headers (security headers included), flat, without the per-request and per-encoding ones. */
  headers: string[];
  /** Those of a 200 with each variant of the bytes (length, encoding added), built when the answer is kept. */
  ok: ReadonlyMap<PreparedVariant, string[]>;
  etag: string | undefined;
  expiresAt: number;
  bytes: number;
  /** When one caller was let through to the route to make the answer again, its time out by the clock. */
  renewingSince?: number;
}

/** Headers of a reply that are per request or per encoding: the lane writes its own. */
const PER_REQUEST = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'vary',
]);
/** Only text is kept (JSON, CSV, XML, HTML): what compression pays for, and never a stream or a 20 MB file. */
const TEXT = /^(application\/([\w.+-]*json|[\w.+-]*xml)|text\/)/;
const KEEP_MAX_BYTES = 4 * 1024 * 1024;
const MAX_URLS = 512;
/** Bytes kept at most (identity, br and gzip together): URLs made up by the thousand only push out the oldest. */
const BUDGET_BYTES = 64 * 1024 * 1024;
/** Answers being compressed at once: a flood of new URLs cannot fill the thread pool with compression. */
const MAX_PREPARING = 2;
/** How long the callers of an answer out of time wait for the one caller renewing it (then another one tries). */
const RENEW_WAIT_MS = 2_000;
const DEFAULT_MAX_AGE_MS = 60_000;
const capture = Symbol('hot-read capture');
const renewing = Symbol('hot-read renewing');
type Renewing = IncomingMessage & { [renewing]?: true };
type Capturing = FastifyRequest & {
  [capture]?: { route: HotRoute; generation: number; payload?: string | Buffer; contentType?: string };
};

const keyOf = (headers: IncomingHttpHeaders, names: readonly string[] | undefined) => {
  if (!names) return '';
  let key = '';
  for (const n of names) key += `${headers[n] ?? ''}\n`;
  return key;
};

/** How many URLs' parsed queries the door keeps (the pages poll a handful; made-up ones only push out the oldest). */
const MAX_DOOR_QUERIES = 256;

/**
 * What a lane reads of a request (its URL, headers, query) at the front door, before Fastify made one: the query
 * parsed as Fastify's default parser does for the plain `a=1&b=2` a lane recognises, once per URL (`queries`) and
 * frozen, as every caller of the URL shares it. A class, not an object literal with a getter: V8 builds such a
 * literal's shape anew at every request, which cost the door a tenth of its time (perf, #25 point 5).
 */
class DoorRequest {
  constructor(
    readonly url: string,
    readonly headers: IncomingHttpHeaders,
    readonly method: string | undefined,
    private readonly queries: Map<string, Readonly<Record<string, unknown>>>,
  ) {}
  get query(): Readonly<Record<string, unknown>> {
    const url = this.url;
    let query = this.queries.get(url);
    if (!query) {
      const q = url.indexOf('?');
      query = Object.freeze(q < 0 ? {} : { ...parseQuery(url.slice(q + 1)) });
      if (this.queries.size >= MAX_DOOR_QUERIES) this.queries.delete(this.queries.keys().next().value as string);
      this.queries.set(url, query);
    }
    return query;
  }
}

/** The headers of one answer, built once: those of a 304 (no body), and of a 200 with this variant's bytes. */
interface Prebuilt {
  notModified: string[];
  ok: string[];
}

/** The headers a variant of the bytes adds to a 200: its length and encoding. */
const bodyHeaders = (variant: PreparedVariant) =>
  variant.encoding
    ? ['content-length', String(variant.body.length), 'content-encoding', variant.encoding]
    : ['content-length', String(variant.body.length)];

/**
 * The fast lane of hot public reads (ARCHITECTURE.md: cached, pre-serialised, pre-compressed bytes): the
 * first onRequest hook answers an anonymous GET of a registered public route from prepared bytes, writing
 * the security headers, request id, ETag and Cache-Control itself, and ends the request lifecycle there
 * (no validation, handler, serializer or compression). Anything else — a signed-in caller, a query the
 * peek does not recognise, bytes not yet prepared — goes on to the route, which gives the same answer.
 * Two kinds of lanes: `add` (a feature's own cache says what is ready), and routes declaring `config.hot`,
 * whose own answer to an anonymous caller is kept until an event of the bus changes it.
 * Register it before every other onRequest hook, and before @fastify/compress (it keeps the uncompressed reply).
 */
export function registerHotReads(
  app: FastifyInstance,
  security: SecurityHeaders,
  opts: { bus?: EventBus; now?: () => number } = {},
): HotReads {
  const now = opts.now ?? Date.now;
  const lanes = new Map<string, HotPeek>();
  const prefixLanes = new Map<string, HotPeek>();
  const kept = new Map<string, Slot>();
  const securityFlat = security.flat();
  let answered = 0;
  let atDoor = 0;
  // Published events per name: an answer built while one of its route's events was published is not kept.
  const generations = new Map<string, number>();
  const generationOf = (route: HotRoute) => {
    let g = 0;
    for (const e of route.events) g += generations.get(e) ?? 0;
    return g;
  };
  let keptBytes = 0;
  let preparing = 0;
  const forget = (url: string) => {
    const slot = kept.get(url);
    if (!slot) return;
    keptBytes -= slot.bytes;
    kept.delete(url);
  };
  // Out of time (never by an event: that drops it): one caller goes on to the route and makes it again, the others
  // still get it meanwhile (a few milliseconds more), rather than all of them loading the route at once.
  const fresh = (item: Kept) => {
    const t = now();
    if (item.expiresAt > t) return true;
    if (item.renewingSince !== undefined && t - item.renewingSince < RENEW_WAIT_MS) return true;
    item.renewingSince = t;
    return false;
  };
  opts.bus?.subscribe((event) => {
    generations.set(event.type, (generations.get(event.type) ?? 0) + 1);
    for (const [url, slot] of kept) if (slot.route.events.includes(event.type)) forget(url);
  });

  // The headers of each variant of the lanes' bytes, built at its first answer: a request then only adds its id. A
  // WeakMap: they go with the bytes. `from` and `cacheControl` tell for which own headers and caching they were
  // built, as a lane could answer the same bytes with others. (A kept answer holds its own: `Kept.ok`.)
  const prebuilt = new WeakMap<PreparedVariant, { from: unknown; cacheControl: string; headers: Prebuilt }>();

  /** A kept answer (its route's headers) for this request: 304 when the caller holds it. */
  const sendKept = (item: Kept, h: IncomingHttpHeaders, res: ServerResponse, requestId: string) => {
    answered++;
    if (item.etag && clientHolds(h['if-none-match'], item.etag)) {
      res.writeHead(304, item.headers.concat('x-request-id', requestId));
      res.end();
      return;
    }
    const variant = pickVariant(item.prepared, h['accept-encoding']);
    // pickVariant answers one of the variants `ok` was built for.
    res.writeHead(200, item.ok.get(variant)!.concat('x-request-id', requestId));
    res.end(variant.body);
  };
  /** The headers of a lane's answer: the security headers (or the route's own in their place), ETag, caching. */
  const hitHeaders = (hit: HotHit, variant: PreparedVariant, cacheControl: string): Prebuilt => {
    const own = hit.headers;
    const headers = [
      ...(own ? security.filter(([name]) => own[name] === undefined).flat() : securityFlat),
      'etag',
      variant.etag,
      'cache-control',
      cacheControl,
    ];
    if (own?.vary === undefined) headers.push('vary', 'accept-encoding');
    if (own) for (const name in own) if (own[name]) headers.push(name, own[name]!);
    return {
      notModified: headers,
      ok: [...headers, 'content-type', hit.prepared.contentType, ...bodyHeaders(variant)],
    };
  };
  /** A lane's prepared bytes with the security headers (or the route's own in their place). */
  const sendHit = (hit: HotHit, h: IncomingHttpHeaders, res: ServerResponse, requestId: string) => {
    answered++;
    const variant = pickVariant(hit.prepared, h['accept-encoding']);
    const cacheControl = hit.cacheControl ?? `public, max-age=${hit.maxAge ?? 0}`;
    let built = prebuilt.get(variant);
    if (!built || built.from !== hit.headers || built.cacheControl !== cacheControl) {
      built = { from: hit.headers, cacheControl, headers: hitHeaders(hit, variant, cacheControl) };
      prebuilt.set(variant, built);
    }
    if (clientHolds(h['if-none-match'], variant.etag)) {
      res.writeHead(304, built.headers.notModified.concat('x-request-id', requestId));
      res.end();
    } else {
      res.writeHead(200, built.headers.ok.concat('x-request-id', requestId));
      res.end(variant.body);
    }
  };
  /** The lane of a path as sent (a path spelt otherwise, with a trailing slash…, just takes the route). */
  const laneOf = (url: string) => {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    return (
      lanes.get(path) ?? (prefixLanes.size ? prefixLanes.get(path.slice(0, path.lastIndexOf('/') + 1)) : undefined)
    );
  };
  // An API lane once seen in front of a public route (Fastify's routing checked it): the front door may serve it.
  const publicLanes = new WeakSet<HotPeek>();
  const doorQueries = new Map<string, Readonly<Record<string, unknown>>>();

  // The front door (app/http-server.ts): the same answers before Fastify builds a request, a reply, a logger for
  // it. What it does not answer (an API lane not yet seen in front of its public route…) goes on to Fastify.
  app.openFrontDoor?.((req, res, requestId) => {
    const h = req.headers;
    if (req.method !== 'GET' || h.authorization !== undefined || h.range !== undefined) return false;
    const url = req.url ?? '';
    const slot = kept.get(url);
    const item = slot?.items.get(keyOf(h, slot.route.keyHeaders));
    if (item) {
      if (fresh(item)) {
        atDoor++;
        sendKept(item, h, res, requestId());
        return true;
      }
      // This caller makes the answer again: Fastify's lane must not give it the old one.
      (req as Renewing)[renewing] = true;
      return false;
    }
    const peek = laneOf(url);
    if (!peek || (url.startsWith('/api/') && !publicLanes.has(peek))) return false;
    const hit = peek(new DoorRequest(url, h, req.method, doorQueries) as unknown as FastifyRequest);
    if (!hit) return false;
    atDoor++;
    sendHit(hit, h, res, requestId());
    return true;
  });

  app.addHook('onRequest', (request, reply, done) => {
    // A signed-in caller takes the route (its permissions); so does a Range request (the static plugin's).
    const h = request.headers;
    if (request.method !== 'GET' || h.authorization !== undefined || h.range !== undefined) return done();
    const url = request.url;
    const slot = (request.raw as Renewing)[renewing] ? undefined : kept.get(url);
    const item = slot?.items.get(keyOf(h, slot.route.keyHeaders));
    if (item && fresh(item)) {
      reply.hijack();
      sendKept(item, h, reply.raw, request.id);
      return;
    }
    const peek = laneOf(url);
    const hit = peek?.(request);
    if (!peek || !hit) return done();
    // A static file or page has no route of its own; an API path must be a public route.
    if (url.startsWith('/api/')) {
      if (request.routeOptions.config.access !== 'public') return done();
      publicLanes.add(peek);
    }
    reply.hijack();
    sendHit(hit, h, reply.raw, request.id);
    // Answered: `done` is not called, which ends the hook chain (Fastify "Respond to a request from a hook").
  });

  // A route declaring config.hot marks its anonymous GETs for keeping (its own hook: nothing for other routes).
  app.addHook('onRoute', (route) => {
    const hot = route.config?.hot;
    if (!hot || route.config?.access !== 'public') return;
    const mark = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      if (request.method === 'GET' && request.headers.authorization === undefined) {
        (request as Capturing)[capture] = { route: hot, generation: generationOf(hot) };
      }
      done();
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), mark];
  });

  // The route's own answer, before compression (this hook comes before @fastify/compress's)…
  app.addHook('onSend', (request, reply, payload, done) => {
    const c = (request as Capturing)[capture];
    if (c && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (
        TEXT.test(contentType) &&
        Buffer.byteLength(payload) <= KEEP_MAX_BYTES &&
        !reply.getHeader('content-encoding')
      ) {
        c.payload = payload;
        c.contentType = contentType;
      }
    }
    done(null, payload);
  });
  // …with the headers as finally sent (every onSend hook has set its own), kept for the next anonymous caller.
  app.addHook('onResponse', (request, reply, done) => {
    const c = (request as Capturing)[capture];
    if (!c?.payload || reply.statusCode !== 200) return done();
    const headers: string[] = [];
    let vary = '';
    const all = reply.getHeaders();
    // An answer setting a cookie is someone's own: never sent to others.
    if (all['set-cookie'] !== undefined) return done();
    for (const [name, value] of Object.entries(all)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      if (name === 'vary') vary = text;
      else if (!PER_REQUEST.has(name)) headers.push(name, text);
    }
    // Vary as the route had it before compression (the lane adds accept-encoding to compressed bytes).
    const routeVary = vary
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && v.toLowerCase() !== 'accept-encoding');
    const etag = all.etag === undefined ? undefined : String(all.etag);
    const url = request.url;
    const key = keyOf(request.headers, c.route.keyHeaders);
    const expiresAt = now() + (c.route.maxAgeMs ?? DEFAULT_MAX_AGE_MS);
    if (preparing >= MAX_PREPARING) return done();
    preparing++;
    void prepareBody(c.payload, c.contentType ?? '')
      .then((prepared) => {
        // An event since the request began: these bytes may be older than it; the next read takes the route.
        if (generationOf(c.route) !== c.generation) return;
        // Two answers of the URL being prepared at once (a slow compression): the one made first must not replace
        // the one kept since, nor undo a renewal under way (its callers would all go to the route again).
        const current = kept.get(url)?.items.get(key);
        if (current && current.expiresAt >= expiresAt) return;
        const varies = prepared.br ? [...routeVary, 'accept-encoding'] : routeVary;
        if (varies.length) headers.push('vary', varies.join(', '));
        const size =
          prepared.identity.body.length + (prepared.br?.body.length ?? 0) + (prepared.gzip?.body.length ?? 0);
        if ((kept.get(url)?.items.size ?? 0) >= 16) forget(url);
        let slot = kept.get(url);
        // Room made by the oldest URLs first (a Map keeps the order of insertion).
        const full = () => (!slot && kept.size >= MAX_URLS) || keptBytes + size > BUDGET_BYTES;
        for (const old of kept.keys()) {
          if (!full()) break;
          if (old !== url) forget(old);
        }
        if (full()) return;
        if (!slot) {
          slot = { route: c.route, items: new Map(), bytes: 0 };
          kept.set(url, slot);
        }
        const before = slot.items.get(key);
        if (before) slot.bytes -= before.bytes;
        const ok = new Map(
          [prepared.identity, prepared.br, prepared.gzip]
            .filter((v) => v !== undefined)
            .map((v) => [v, [...headers, ...bodyHeaders(v)]]),
        );
        slot.items.set(key, { prepared, headers, ok, etag, expiresAt, bytes: size });
        slot.bytes += size;
        keptBytes += size - (before?.bytes ?? 0);
      })
      .finally(() => {
        preparing--;
      });
    done();
  });

  return {
    add(path, peek) {
      lanes.set(path, peek);
    },
    addPrefix(prefix, peek) {
      prefixLanes.set(prefix, peek);
    },
    answered: () => answered,
    answeredAtDoor: () => atDoor,
  };
}

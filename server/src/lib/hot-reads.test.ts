import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../app/http-server';
import { loadConfig } from '../config';
import { createMemoryEventBus, type EventBus } from './events';
import { registerHotReads } from './hot-reads';
import { type PreparedBody, prepareBody } from './prepared-body';
import { registerSecurityHeaders, securityHeadersOf } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'https:'], objectSrc: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
} as const;
const BODY = JSON.stringify({ items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Lớp ${i}` })) });

let app: FastifyInstance;
let base: string;
let handled = 0;
let ready: PreparedBody | undefined;
beforeAll(async () => {
  const headers = securityHeadersOf(OPTIONS);
  app = Fastify({ logger: false });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const hot = registerHotReads(app, headers);
  registerSecurityHeaders(app, headers);
  hot.add('/hot', (req) =>
    ready && (req.query as { q?: string }).q === undefined ? { prepared: ready, maxAge: 7 } : undefined,
  );
  app.get('/hot', { config: { access: 'public' } }, async () => {
    handled++;
    return { fromHandler: true };
  });
  app.get('/other', { config: { access: 'public' } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(() => app?.close());

describe('security headers', () => {
  it('are exactly those @fastify/helmet sets for the same options', async () => {
    const reference = Fastify({ logger: false });
    await reference.register(helmet, OPTIONS);
    reference.get('/', async () => ({}));
    const theirs = (await reference.inject({ url: '/' })).headers;
    await reference.close();
    const ours = (await app.inject({ url: '/other' })).headers;
    const names = securityHeadersOf(OPTIONS).map(([n]) => n);
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options']));
    for (const n of names) expect(ours[n], n).toBe(theirs[n]);
    for (const n of Object.keys(theirs)) {
      if (!['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(n)) {
        expect(names, n).toContain(n);
      }
    }
  });
});

describe('hot reads lane', () => {
  it('goes on to the route while no bytes are ready', async () => {
    ready = undefined;
    const res = await app.inject({ url: '/hot' });
    expect(res.json()).toEqual({ fromHandler: true });
    expect(handled).toBe(1);
  });

  it('answers from prepared bytes without the route, over real HTTP and inject alike', async () => {
    ready = await prepareBody(BODY, 'application/json; charset=utf-8');
    const res = await fetch(`${base}/hot`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(BODY);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=7');
    expect(res.headers.get('etag')).toBe(ready.identity.etag);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const injected = await app.inject({ url: '/hot', headers: { 'accept-encoding': 'br' } });
    expect(injected.headers['content-encoding']).toBe('br');
    expect(injected.headers.etag).toBe(ready.br!.etag);
    expect(injected.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(brotliDecompressSync(injected.rawPayload).toString()).toBe(BODY);
    const notModified = await fetch(`${base}/hot`, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': ready.identity.etag },
    });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(handled).toBe(1);
  });

  it('leaves signed-in callers, other methods and unrecognised queries to the route', async () => {
    await app.inject({ url: '/hot', headers: { authorization: 'Bearer x' } });
    await app.inject({ url: '/hot?q=1' });
    expect((await app.inject({ method: 'HEAD', url: '/hot' })).statusCode).toBe(200);
    expect(handled).toBe(4);
    expect((await app.inject({ url: '/other' })).json()).toEqual({ ok: true });
  });
});

describe('routes declaring config.hot', () => {
  let hotApp: FastifyInstance;
  let bus: EventBus;
  let clock = 1_000_000;
  let version = 1;
  let calls = 0;
  let gate: Promise<void> | undefined;
  const read = (url: string, headers: Record<string, string> = {}) => hotApp.inject({ url, headers });
  /** Waits (a loaded machine may take a while) until `ok` holds. */
  async function until(ok: () => boolean) {
    for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(ok()).toBe(true);
  }
  /** Reads until the answer is kept (it is compressed off the request): a read the route does not see. */
  async function settle(url: string) {
    await read(url);
    for (let i = 0; i < 300; i++) {
      const n = calls;
      await read(url);
      if (calls === n) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${url} never kept`);
  }

  beforeAll(async () => {
    bus = createMemoryEventBus();
    hotApp = Fastify({ logger: false });
    registerHotReads(hotApp, [], { bus, now: () => clock });
    hotApp.get(
      '/kept/:id',
      { config: { access: 'public', hot: { events: ['news-changed'], maxAgeMs: 5_000, keyHeaders: ['accept'] } } },
      async (req) => {
        calls++;
        await gate;
        return {
          id: (req.params as { id: string }).id,
          version,
          accept: req.headers.accept ?? null,
          pad: 'x'.repeat(2000),
        };
      },
    );
    await hotApp.ready();
  });
  afterAll(() => hotApp?.close());

  it('answers the same URL and key headers from the kept answer until an event of the route or the time is up', async () => {
    await settle('/kept/1');
    const n = calls;
    expect((await read('/kept/1')).json()).toMatchObject({ id: '1', version: 1 });
    expect((await read('/kept/1', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect(calls).toBe(n);
    // Another URL, another Accept, a signed-in caller: the route.
    await read('/kept/2');
    expect((await read('/kept/1', { accept: 'text/csv' })).json().accept).toBe('text/csv');
    await read('/kept/1', { authorization: 'Bearer x' });
    expect(calls).toBe(n + 3);
    // An event of another name changes nothing; the route's event drops it at once.
    bus.publish('data-layers-changed', {});
    await read('/kept/1');
    expect(calls).toBe(n + 3);
    version = 2;
    bus.publish('news-changed', {});
    expect((await read('/kept/1')).json().version).toBe(2);
    expect(calls).toBe(n + 4);
    // Past maxAgeMs: the route again.
    await settle('/kept/1');
    clock += 5_000;
    const m = calls;
    await read('/kept/1');
    expect(calls).toBe(m + 1);
  });

  it('out of time, one caller goes on to the route to make it again while the others still get it', async () => {
    await settle('/kept/5');
    const n = calls;
    clock += 5_000;
    let open!: () => void;
    gate = new Promise((r) => {
      open = r;
    });
    const renewing = read('/kept/5');
    try {
      await until(() => calls === n + 1);
      version = 3;
      expect((await read('/kept/5')).json().version).toBe(2);
      expect(calls).toBe(n + 1);
    } finally {
      open();
      gate = undefined;
    }
    expect((await renewing).json().version).toBe(3);
    // Once its bytes are prepared, the renewed answer replaces the old one, without the route.
    let version5 = 2;
    for (let i = 0; i < 300 && version5 !== 3; i++) {
      version5 = (await read('/kept/5')).json().version;
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(version5).toBe(3);
    expect(calls).toBe(n + 1);
  });

  it('does not keep an answer loaded while an event of the route was published (it may be older)', async () => {
    let open!: () => void;
    gate = new Promise((r) => {
      open = r;
    });
    const n0 = calls;
    const pending = read('/kept/3');
    // The route is loading (its handler waits at the gate) when the event comes.
    await until(() => calls === n0 + 1);
    bus.publish('news-changed', {});
    open();
    await pending;
    gate = undefined;
    await new Promise((r) => setTimeout(r, 100));
    const n = calls;
    await read('/kept/3');
    expect(calls).toBe(n + 1);
  });
});

// The front door (app/http-server.ts) answers before Fastify, with each answer's headers built once (#25, point 5):
// they must follow the lane's bytes, caching and own headers, and the query a lane reads is parsed once per URL.
describe('the front door', () => {
  let door: FastifyInstance;
  let doorHot: ReturnType<typeof registerHotReads>;
  let doorBase: string;
  let lane: { prepared: PreparedBody; maxAge?: number; headers?: Record<string, string> } | undefined;
  const seen: { query: Readonly<Record<string, unknown>>; frozen: boolean }[] = [];
  beforeAll(async () => {
    door = createHttpServer(loadConfig({ ADMIN_PASSWORD: 'door-test-password', LOG_LEVEL: 'silent' }), false);
    doorHot = registerHotReads(door, securityHeadersOf(OPTIONS));
    doorHot.add('/lane', (req) => {
      const query = req.query as Readonly<Record<string, unknown>>;
      seen.push({ query, frozen: Object.isFrozen(query) });
      return lane;
    });
    door.get('/lane', { config: { access: 'public' } }, async () => ({ fromRoute: true }));
    await door.listen({ port: 0, host: '127.0.0.1' });
    doorBase = `http://127.0.0.1:${(door.server.address() as { port: number }).port}`;
  });
  afterAll(() => door?.close());
  const read = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${doorBase}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

  it('sends each answer with its own headers, though they are built once per bytes', async () => {
    const first = await prepareBody('[1]', 'application/json; charset=utf-8');
    lane = { prepared: first, maxAge: 5 };
    for (let i = 0; i < 2; i++) {
      const res = await read('/lane');
      expect([res.status, await res.text()]).toEqual([200, '[1]']);
      expect(res.headers.get('etag')).toBe(first.identity.etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=5');
      expect(res.headers.get('content-length')).toBe('3');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++) ids.add((await read('/lane')).headers.get('x-request-id'));
    expect(ids.size).toBe(3);
    expect(doorHot.answeredAtDoor()).toBe(5);
    // Other caching for the same bytes.
    lane = { prepared: first, maxAge: 60 };
    expect((await read('/lane')).headers.get('cache-control')).toBe('public, max-age=60');
    // The same bytes with the route's own headers in place of a security header.
    lane = { prepared: first, maxAge: 60, headers: { 'x-frame-options': 'DENY', 'content-security-policy': '' } };
    const own = await read('/lane');
    expect(own.headers.get('x-frame-options')).toBe('DENY');
    expect(own.headers.get('content-security-policy')).toBeNull();
    lane = { prepared: first, maxAge: 60 };
    expect((await read('/lane')).headers.get('content-security-policy')).toContain("default-src 'self'");
    // New bytes: their length, tag and encoding.
    const next = await prepareBody(BODY, 'application/json; charset=utf-8');
    lane = { prepared: next, maxAge: 60 };
    const plain = await read('/lane');
    expect(await plain.text()).toBe(BODY);
    expect(plain.headers.get('etag')).toBe(next.identity.etag);
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(BODY)));
    const br = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${doorBase}/lane`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(next.br!.etag);
    expect(br.headers['content-length']).toBe(String(next.br!.body.length));
    expect(brotliDecompressSync(br.body).toString()).toBe(BODY);
    const notModified = await read('/lane', { 'if-none-match': next.identity.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(next.identity.etag);
    expect(notModified.headers.get('content-length')).toBeNull();
    // No bytes: the route answers.
    lane = undefined;
    expect(await (await read('/lane')).json()).toEqual({ fromRoute: true });
  });

  it('gives a lane the query parsed once per URL and frozen, each URL its own', async () => {
    lane = { prepared: await prepareBody('[]', 'application/json; charset=utf-8') };
    seen.length = 0;
    await read('/lane?type=A&unit=x');
    await read('/lane?type=A&unit=x');
    await read('/lane?type=B');
    expect(seen.map((s) => s.query)).toEqual([{ type: 'A', unit: 'x' }, { type: 'A', unit: 'x' }, { type: 'B' }]);
    expect(seen[0]!.query).toBe(seen[1]!.query);
    expect(seen.every((s) => s.frozen)).toBe(true);
    // Made-up URLs by the hundred only push out the oldest: each is still read as sent.
    for (let i = 0; i < 300; i++) await read(`/lane?n=${i}`);
    await read('/lane?type=A&unit=x');
    expect(seen.at(-1)!.query).toEqual({ type: 'A', unit: 'x' });
    expect(seen.at(-2)!.query).toEqual({ n: '299' });
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'public', 'sw.js'),
  'utf8',
).replace('const PRECACHE = [];', "const PRECACHE = ['/assets/index-abc.js'];");
const ORIGIN = 'https://canhbao.bache.vn';

type Listener = (event: Record<string, unknown>) => void;

/** A Cache Storage in memory: cache name → address → response. */
function fakeCaches() {
  const store = new Map<string, Map<string, Response>>();
  const keyOf = (r: string | { url: string }) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const open = async (name: string) => {
    let entries = store.get(name);
    if (!entries) {
      entries = new Map();
      store.set(name, entries);
    }
    const cache = entries;
    return {
      match: async (r: string | { url: string }) => cache.get(keyOf(r))?.clone(),
      put: async (r: string | { url: string }, response: Response) => {
        cache.set(keyOf(r), response);
      },
      add: async (url: string) => {
        cache.set(keyOf(url), new Response(`file ${url}`));
      },
      keys: async () => [...cache.keys()].map((url) => ({ url })),
    };
  };
  return {
    store,
    api: {
      open,
      keys: async () => [...store.keys()],
      has: async (name: string) => store.has(name),
      delete: async (name: string) => store.delete(name),
      match: async (r: string | { url: string }, options: { cacheName?: string } = {}) => {
        for (const [name, entries] of store) {
          if (options.cacheName && name !== options.cacheName) continue;
          const hit = entries.get(keyOf(r));
          if (hit) return hit.clone();
        }
        return undefined;
      },
    },
  };
}

/** web/public/sw.js against a fake `self`, Cache Storage and network (`online` switches the network off). */
function loadWorker() {
  const listeners = new Map<string, Listener>();
  const caches = fakeCaches();
  const net = { online: true, calls: [] as string[] };
  const fetch = vi.fn(async (input: string | { url: string }) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    net.calls.push(url.pathname + url.search);
    if (!net.online) throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/geojson' && url.search.includes('EVACUATION_ROAD')) {
      return Response.json({ items: [{ url: '/api/geojson/roads-1.geojson' }] });
    }
    return new Response(`network ${url.pathname}${url.search}`, { status: 200 });
  });
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn() },
    // The worker's own ServiceWorker object: 'activated', 'redundant' once a newer version takes over.
    serviceWorker: { state: 'activated' },
    clients: { matchAll: vi.fn(async () => []), openWindow: vi.fn(), claim: vi.fn(async () => {}) },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  runInNewContext(SOURCE, { self, URL, Headers, Response, caches: caches.api, fetch, setTimeout, clearTimeout });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    listeners.get(type)?.({
      ...event,
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
    });
    await Promise.all(pending);
    return answer;
  };
  const get = (url: string, options: { mode?: string; headers?: Record<string, string>; method?: string } = {}) =>
    dispatch('fetch', {
      request: {
        url: new URL(url, ORIGIN).href,
        method: options.method ?? 'GET',
        mode: options.mode ?? 'cors',
        headers: new Headers(options.headers ?? {}),
      },
    });
  return { listeners, caches, net, fetch, dispatch, get, self };
}

describe('the service worker offline (web/public/sw.js, #25 point 2)', () => {
  it("keeps at install the public pages, their files, the latest readings, the warnings and the district's layers", async () => {
    const { dispatch, caches, self } = loadWorker();
    await dispatch('install', {});
    expect(self.skipWaiting).toHaveBeenCalled();
    const names = [...caches.store.keys()];
    expect(names.map((n) => n.replace(/-dev$/, ''))).toEqual(['flood-assets', 'flood-pages', 'flood-data']);
    const held = (name: string) => [...caches.store.get(name)!.keys()].map((u) => u.replace(ORIGIN, ''));
    expect(held('flood-assets-dev')).toEqual(['/assets/index-abc.js']);
    // With the shell's own files: the boot script that starts the app after the first paint, the manifest, the icon.
    expect(held('flood-pages-dev')).toEqual([
      '/dashboard',
      '/maps-mobile',
      '/maps',
      '/news',
      '/app-boot.js',
      '/manifest.webmanifest',
      '/favicon.svg',
    ]);
    expect(held('flood-data-dev')).toEqual(
      expect.arrayContaining([
        '/api/water?type=CURRENT_HIGH',
        '/api/water?type=CURRENT_RAIN',
        '/api/alerts/active',
        '/api/warnings/active',
        '/api/geojson?type=REGION&pageSize=1',
        '/api/geojson?type=EVACUATION_POINT&pageSize=1',
        '/api/geojson?type=EVACUATION_ROAD&pageSize=1',
        '/api/geojson/roads-1.geojson',
      ]),
    );
  });

  it('answers a public read from the network and keeps it; offline, from its copy marked with its time', async () => {
    const { get, net, dispatch } = loadWorker();
    await dispatch('install', {});
    const online = await get('/api/water?type=CURRENT_HIGH');
    expect(await online!.text()).toBe('network /api/water?type=CURRENT_HIGH');
    expect(online!.headers.get('x-sw-cache')).toBeNull();
    net.online = false;
    const offline = await get('/api/water?type=CURRENT_HIGH');
    expect(await offline!.text()).toBe('network /api/water?type=CURRENT_HIGH');
    expect(Date.parse(offline!.headers.get('x-sw-cache') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // A read never kept: the failure.
    await expect(get('/api/news?page=1&pageSize=10')).rejects.toThrow('Failed to fetch');
  });

  it("answers a district layer's file from its copy; another layer's file from the network, not kept", async () => {
    const { get, dispatch, net, caches } = loadWorker();
    await dispatch('install', {});
    net.calls.length = 0;
    expect(await (await get('/api/geojson/roads-1.geojson'))!.text()).toBe('network /api/geojson/roads-1.geojson');
    expect(net.calls).toEqual([]);
    expect(await (await get('/api/geojson/flood-2026.geojson'))!.text()).toBe(
      'network /api/geojson/flood-2026.geojson',
    );
    expect([...caches.store.get('flood-data-dev')!.keys()]).not.toContain(`${ORIGIN}/api/geojson/flood-2026.geojson`);
  });

  it('offline, a page is its kept copy, else the shell of another kept page; other pages are not kept', async () => {
    const { get, net, dispatch, caches } = loadWorker();
    await dispatch('install', {});
    expect(await (await get('/news/12', { mode: 'navigate' }))!.text()).toBe('network /news/12');
    expect([...caches.store.get('flood-pages-dev')!.keys()]).not.toContain(`${ORIGIN}/news/12`);
    net.online = false;
    const page = await get('/dashboard', { mode: 'navigate' });
    expect(await page!.text()).toBe('network /dashboard');
    const other = await get('/about', { mode: 'navigate' });
    expect(await other!.text()).toBe('network /dashboard');
  });

  it("keeps a unit's pages and its reads at a visit; offline, its page falls back on that unit's kept page (#26)", async () => {
    const { get, net, dispatch, caches } = loadWorker();
    await dispatch('install', {});
    net.calls.length = 0;
    expect(await (await get('/xa/06973/dashboard', { mode: 'navigate' }))!.text()).toBe('network /xa/06973/dashboard');
    expect([...caches.store.get('flood-pages-dev')!.keys()]).toContain(`${ORIGIN}/xa/06973/dashboard`);
    // The visit kept the unit's own reads, as its pages ask for them.
    const data = [...caches.store.get('flood-data-dev')!.keys()];
    for (const read of [
      '/api/water?type=CURRENT_HIGH&unit=06973',
      '/api/water?type=CURRENT_RAIN&unit=06973',
      '/api/alerts/active?unit=06973',
      '/api/warnings/active?unit=06973',
    ])
      expect(data).toContain(`${ORIGIN}${read}`);
    // A page of the unit not kept (its news detail) is not kept; offline it is the unit's kept page, not the area's.
    await get('/xa/06973/news/12', { mode: 'navigate' });
    expect([...caches.store.get('flood-pages-dev')!.keys()]).not.toContain(`${ORIGIN}/xa/06973/news/12`);
    net.online = false;
    expect(await (await get('/xa/06973/about', { mode: 'navigate' }))!.text()).toBe('network /xa/06973/dashboard');
    // Another unit with nothing kept: the whole area's page.
    expect(await (await get('/xa/06988/dashboard', { mode: 'navigate' }))!.text()).toBe('network /dashboard');
  });

  it('leaves alone what must not be kept: a signed-in call, a write, the event stream, back-office reads, other sites', async () => {
    const { get, fetch } = loadWorker();
    expect(await get('/api/water?type=CURRENT_HIGH', { headers: { authorization: 'Bearer x' } })).toBeUndefined();
    expect(await get('/api/route', { method: 'POST' })).toBeUndefined();
    expect(await get('/api/events')).toBeUndefined();
    expect(await get('/api/user-info')).toBeUndefined();
    expect(await get('/api/alerts?page=1')).toBeUndefined();
    expect(await get('https://tile.openstreetmap.org/1/1/1.png')).toBeUndefined();
    expect(await get('/canh-bao/3', { mode: 'navigate' })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('serves a hashed file from any kept version first', async () => {
    const { get, dispatch, net } = loadWorker();
    await dispatch('install', {});
    net.online = false;
    expect(await (await get('/assets/index-abc.js'))!.text()).toBe('file /assets/index-abc.js');
  });

  it('a worker finishing a fetch after a newer one deleted its caches does not bring them back', async () => {
    const { get, dispatch, caches } = loadWorker();
    await dispatch('install', {});
    for (const name of [...caches.store.keys()]) caches.store.delete(name);
    await get('/api/water?type=CURRENT_HIGH');
    await get('/dashboard', { mode: 'navigate' });
    await get('/assets/other-def.js');
    expect([...caches.store.keys()]).toEqual([]);
  });

  it('a replaced worker whose cache was deleted between its has() and open() deletes it again', async () => {
    const { get, dispatch, caches, self } = loadWorker();
    await dispatch('install', {});
    const names = [...caches.store.keys()];
    // The newer version activates (this one is then 'redundant') and deletes the caches just after has() answered.
    const has = caches.api.has;
    caches.api.has = async (name: string) => {
      const answer = await has(name);
      if (self.serviceWorker.state !== 'redundant') {
        self.serviceWorker.state = 'redundant';
        for (const n of names) caches.store.delete(n);
      }
      return answer;
    };
    await get('/api/water?type=CURRENT_HIGH');
    expect([...caches.store.keys()]).toEqual([]);
  });

  it("on activate deletes the other versions' caches but the hashed files of the one just before", async () => {
    const { dispatch, caches, self } = loadWorker();
    for (const name of ['flood-pages-old1', 'flood-assets-old1', 'flood-data-old2', 'flood-assets-old2', 'other-app']) {
      await caches.api.open(name);
    }
    await dispatch('install', {});
    await dispatch('activate', {});
    expect([...caches.store.keys()].sort()).toEqual(
      ['flood-assets-dev', 'flood-assets-old2', 'flood-data-dev', 'flood-pages-dev', 'other-app'].sort(),
    );
    expect(self.clients.claim).toHaveBeenCalled();
  });
});

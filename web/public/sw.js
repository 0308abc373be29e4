/*
 * The portal's service worker: the warnings pushed to a subscriber of 'Thông báo trên trình duyệt' (#24), and the
 * portal offline (#25, point 2). Plain JavaScript, copied from web/public to the site's root (scope '/'); the build
 * writes its version and the files to keep in advance into the copy (web/build/service-worker.ts), so every build
 * is a new service worker.
 *
 * Offline (docs/decisions.md, "Offline: the installable app and its service worker"):
 * - pages (navigations): network first; a copy of the public pages kept, answered when the network fails or is too
 *   slow; offline, any other page gets a kept page's shell (the app routes by the address);
 * - the app's hashed files (/assets/*): cache first (a hashed name never changes); those of the public pages are
 *   fetched at install; the previous version's are kept one more version, so a page still open on it loads them;
 * - the public reads (latest readings, warnings, the communes, evacuation points and roads layers, and the rest the
 *   public pages read): network first, a copy kept (of the stored GeoJSON files only the district's layers, kept at
 *   each visit and answered from the copy: a file's address never changes its bytes); a copy answered offline carries `x-sw-cache` (when it was
 *   fetched), which the pages show as 'Dữ liệu lúc HH:mm DD/MM — đang mất kết nối'. At each visit they are fetched
 *   again in the background, so the evacuation layers are there even if the map did not show them.
 * - never: a request with a bearer token (signed-in staff), anything but GET, the event stream, other origins.
 *
 * A push's payload (JSON): { title, body, url, manage, tag } — url: the warning's page, manage: the subscriber's
 * manage link. A payload that is not JSON is shown as the text of a generic 'Cảnh báo lũ Ba Chẽ' notification.
 */
/** The build's id (the build writes it; 'dev' under the development server). */
const VERSION = 'dev';
/** The hashed files the public pages need, fetched at install (the build writes them). */
const PRECACHE = [];

const GENERIC_TITLE = 'Cảnh báo lũ Ba Chẽ';
const ICON = '/favicon.svg';
const HOME = '/';
const MANAGE = '/dang-ky-canh-bao/quan-ly';

const PREFIX = 'flood-';
const PAGES_CACHE = `${PREFIX}pages-${VERSION}`;
const DATA_CACHE = `${PREFIX}data-${VERSION}`;
const ASSETS_CACHE = `${PREFIX}assets-${VERSION}`;
/** The header of a copy answered from the cache: when it was fetched (ISO 8601). */
const CACHED_AT = 'x-sw-cache';
/** A page or read that takes longer than this is answered from its copy (the network still refreshes the copy). */
const NETWORK_WAIT_MS = 6000;
/** The pages kept for offline use at install; any other page falls back to the first one's shell. */
const OFFLINE_PAGES = ['/dashboard', '/maps-mobile', '/maps', '/news'];
/**
 * The shell's own files outside /assets (their names carry no hash): the boot script that starts the app after the
 * first paint (#25), the manifest and the icon. Network first, kept with the pages.
 */
const SHELL_FILES = ['/app-boot.js', '/manifest.webmanifest', '/favicon.svg'];
/** Paths served by the server as its own pages (not the app): left alone. */
const SERVER_PAGES = ['/api/', '/canh-bao/', '/h/'];
/** The public reads kept for offline use (paths; any query). */
const PUBLIC_READS = [
  '/api/water',
  '/api/alerts/active',
  '/api/warnings/active',
  '/api/geojson',
  '/api/app-info',
  '/api/data-layer',
  '/api/station',
  '/api/document',
  '/api/news',
  '/api/communes',
  '/api/route/saved',
  '/api/flood',
];
/**
 * Fetched at each visit (at most once a minute), exactly as the pages ask for them: the latest readings, the
 * warnings, the app's settings, the map's lists, the dashboard's latest documents; then the newest file of each
 * district layer.
 */
const VISIT_READS = [
  '/api/water?type=CURRENT_HIGH',
  '/api/water?type=CURRENT_RAIN',
  '/api/alerts/active',
  '/api/warnings/active',
  '/api/app-info',
  '/api/data-layer?pageSize=100',
  '/api/station?page=1&pageSize=100',
  '/api/document?page=1&pageSize=4',
];
/**
 * A unit's pages (#26 point 4, `/xa/{code}/…`; domain/src/area/unit-pages.ts): its offline pages are kept like the
 * whole area's, and a visit keeps its own reads too, as its pages ask for them (`unitRead`).
 */
const UNIT_PAGE = /^\/xa\/([0-9A-Za-z_-]{1,12})(\/.*)?$/;
const UNIT_VISIT_READS = [
  '/api/water?type=CURRENT_HIGH',
  '/api/water?type=CURRENT_RAIN',
  '/api/alerts/active',
  '/api/warnings/active',
];
/** The unit of a unit's page and its own path (`/xa/06973` alone is its dashboard), or null. */
function unitPageOf(pathname) {
  const m = UNIT_PAGE.exec(pathname);
  if (!m) return null;
  return { unit: m[1], path: m[2] && m[2] !== '/' ? m[2] : '/dashboard' };
}
const VISIT_LAYERS = ['REGION', 'COMMUNE_LABEL', 'COMMUNE_OFFICE', 'EVACUATION_POINT', 'EVACUATION_ROAD'];
const VISIT_EVERY_MS = 60_000;
const lastVisitReads = new Map();

self.addEventListener('install', (event) => {
  // A new version takes over at once: skipWaiting and clients.claim; the page offers a reload (controllerchange).
  self.skipWaiting();
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

/** Which version runs: asked through a MessageChannel ('version'), answered on its port. */
self.addEventListener('message', (event) => {
  if (event.data === 'version' && event.ports?.[0]) event.ports[0].postMessage(VERSION);
});

/** The public pages and their files, then the public reads: what the portal needs offline after one visit. */
async function precache() {
  if (typeof caches === 'undefined') return;
  // This version's caches are made here, and only here (see `own`).
  const [assets] = await Promise.all([ASSETS_CACHE, PAGES_CACHE, DATA_CACHE].map((name) => caches.open(name)));
  // One failed file must not fail the install (the old version would stay): each is fetched on its own. A file the
  // previous version kept already is copied, not fetched again: an update downloads what changed.
  await Promise.all(
    PRECACHE.map(async (url) => {
      try {
        const kept = await caches.match(url, { ignoreVary: true });
        await (kept ? assets.put(url, kept) : assets.add(url));
      } catch {
        // Fetched again when a page asks for it.
      }
    }),
  );
  const pages = await caches.open(PAGES_CACHE);
  await Promise.all(
    [...OFFLINE_PAGES, ...SHELL_FILES].map((path) =>
      fetch(path, { credentials: 'same-origin' })
        .then((response) => (response.ok ? pages.put(path, response) : undefined))
        .catch(() => undefined),
    ),
  );
  await visitReads(true);
}

/**
 * Deletes the caches of other versions, except the hashed files of the version just before this one (a page still
 * open on it loads its chunks from them until it reloads).
 */
async function dropOldCaches() {
  if (typeof caches === 'undefined') return;
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX));
  const keep = new Set([PAGES_CACHE, DATA_CACHE, ASSETS_CACHE]);
  const previousAssets = names.filter((n) => n.startsWith(`${PREFIX}assets-`) && n !== ASSETS_CACHE).pop();
  if (previousAssets) keep.add(previousAssets);
  await Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n)));
}

/**
 * This version's cache, or null once a newer version deleted it: a worker still finishing a fetch after the next one
 * took over must not bring its caches back (`caches.open` would create them again). The newer version may delete the
 * cache between `has` and `open`: a worker that is no longer the active one (its state 'redundant', set before the
 * newer one's activate deletes the old caches) then deletes what `open` made again.
 */
async function own(name) {
  if (!(await caches.has(name))) return null;
  const cache = await caches.open(name);
  if (self.serviceWorker && self.serviceWorker.state === 'redundant') {
    await caches.delete(name);
    return null;
  }
  return cache;
}

/** Whether a path is one of the public reads kept for offline use. */
function isPublicRead(path) {
  return PUBLIC_READS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signed-in staff's calls carry their token: never kept, never answered from a copy.
  if (request.headers.has('authorization')) return;
  if (request.mode === 'navigate') {
    if (SERVER_PAGES.some((p) => url.pathname.startsWith(p))) return;
    event.respondWith(page(request, url));
    event.waitUntil(visitReads(false, unitPageOf(url.pathname)?.unit));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    // A unit's manifest (`?unit=`, #26) is kept apart from the area's.
    event.respondWith(networkFirst(request, PAGES_CACHE, url.pathname + url.search));
    return;
  }
  if (url.pathname === '/api/events') return;
  if (url.pathname.startsWith('/api/geojson/')) {
    event.respondWith(layerFile(request));
    return;
  }
  if (isPublicRead(url.pathname)) event.respondWith(read(request));
});

/**
 * A stored GeoJSON file (its address never changes its bytes): the copy kept at a visit (the district's layers),
 * else the network, not kept — the timed rain and flood layers can be megabytes each.
 */
async function layerFile(request) {
  return (await caches.match(request.url, { cacheName: DATA_CACHE, ignoreVary: true })) ?? fetch(request);
}

/** The network's answer, or a rejection once `ms` have passed (the fetch goes on). */
function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A copy of a response to keep, marked with when it was fetched. */
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, new Date().toISOString());
  // The body kept is the decoded one.
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Network first: a good answer is kept (stamped) and returned; on a failure or after NETWORK_WAIT_MS the kept copy
 * is answered, else the failure.
 */
async function networkFirst(request, cacheName, key) {
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.status === 200) {
      const cache = await own(cacheName);
      if (cache) await cache.put(key, await stamped(response.clone()));
    }
    return response;
  });
  const kept = () => caches.match(key, { cacheName, ignoreVary: true });
  try {
    const response = await withTimeout(network, NETWORK_WAIT_MS);
    // A server in trouble (503 during a database outage, a proxy's 502): the kept copy says more.
    if (response.status < 500) return response;
    return (await kept()) ?? response;
  } catch {
    const copy = await kept();
    if (copy) {
      network.catch(() => undefined);
      return copy;
    }
    return network;
  }
}

/**
 * A page: the offline pages network first, kept under their path; any other page from the network. Offline, the
 * page's copy, else a kept page's shell (the app routes by the address).
 */
async function page(request, url) {
  const unitPage = unitPageOf(url.pathname);
  try {
    if (OFFLINE_PAGES.includes(unitPage ? unitPage.path : url.pathname))
      return await networkFirst(request, PAGES_CACHE, url.pathname);
    return await fetch(request);
  } catch (error) {
    // A unit's page falls back on that unit's kept pages first: their first views are that unit's.
    const fallbacks = unitPage
      ? [...OFFLINE_PAGES.map((p) => `/xa/${unitPage.unit}${p}`), ...OFFLINE_PAGES]
      : OFFLINE_PAGES;
    for (const path of fallbacks) {
      const shell = await caches.match(path, { cacheName: PAGES_CACHE });
      if (shell) return shell;
    }
    throw error;
  }
}

/** A public read: network first, kept under its full address. */
function read(request) {
  return networkFirst(request, DATA_CACHE, request.url);
}

/** A hashed file: from any kept version, else the network (kept). */
async function asset(request) {
  const hit = await caches.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  const cache = response.ok && response.status === 200 ? await own(ASSETS_CACHE) : null;
  if (cache) await cache.put(request, response.clone());
  return response;
}

/** Keeps a fresh copy of a public read (a failure leaves the old copy). */
async function keep(cache, path) {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    await cache.put(new URL(path, self.location.origin).href, await stamped(response.clone()));
    return response;
  } catch {
    return null;
  }
}

/** The reads of a visit and the newest file of each district layer, kept for offline use (at most once a minute). */
async function visitReads(force, unit) {
  if (typeof caches === 'undefined') return;
  const now = Date.now();
  const key = unit || '';
  if (!force && now - (lastVisitReads.get(key) || 0) < VISIT_EVERY_MS) return;
  lastVisitReads.set(key, now);
  const cache = await own(DATA_CACHE);
  if (!cache) return;
  await Promise.all([
    ...VISIT_READS.map((path) => keep(cache, path)),
    ...(unit
      ? UNIT_VISIT_READS.map((path) => keep(cache, `${path}${path.includes('?') ? '&' : '?'}unit=${unit}`))
      : []),
    ...VISIT_LAYERS.map(async (type) => {
      const list = await keep(cache, `/api/geojson?type=${type}&pageSize=1`);
      if (!list) return;
      try {
        const url = (await list.json())?.items?.[0]?.url;
        if (typeof url === 'string' && url.startsWith('/api/geojson/')) await keep(cache, url);
      } catch {
        // Not a list: nothing more to keep.
      }
    }),
  ]);
}

/** A string of the payload, or the fallback. */
function text(value, fallback) {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** The notification of a push's data: its title and options. */
function notificationOf(data) {
  let payload = null;
  let raw = '';
  if (data) {
    try {
      payload = data.json();
    } catch {
      try {
        raw = data.text();
      } catch {
        raw = '';
      }
    }
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    const body = raw || (payload === null ? '' : String(payload));
    return {
      title: GENERIC_TITLE,
      options: { body, icon: ICON, requireInteraction: true, data: { url: HOME, manage: MANAGE } },
    };
  }
  const tag = text(payload.tag, undefined);
  const manage = text(payload.manage, MANAGE);
  const options = {
    body: text(payload.body, ''),
    icon: ICON,
    data: { url: text(payload.url, HOME), manage },
    requireInteraction: true,
    actions: [{ action: 'manage', title: 'Huỷ/đổi đăng ký' }],
  };
  if (tag) {
    // An update of the same warning replaces its notification, and rings again.
    options.tag = tag;
    options.renotify = true;
  }
  if (typeof payload.badge === 'string') options.badge = payload.badge;
  return { title: text(payload.title, GENERIC_TITLE), options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** An absolute http(s) address of a notification's link, on any host the payload names; else the portal's home. */
function absolute(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.href
      : new URL(HOME, self.location.origin).href;
  } catch {
    return new URL(HOME, self.location.origin).href;
  }
}

/** Focuses a window already open on the address, or opens one. */
async function show(url) {
  const target = absolute(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (client.url === target && typeof client.focus === 'function') return client.focus();
  }
  return self.clients.openWindow ? self.clients.openWindow(target) : undefined;
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  const data = notification.data || {};
  const url = event.action === 'manage' ? data.manage || MANAGE : data.url || HOME;
  event.waitUntil(show(url));
});

// Issue #7 bench helper (bench/map.mjs part c): the JavaScript a browser fetches for a first load of /maps —
// index.html's scripts and modulepreloads, then the route's lazy chunks (public-page, map-page…) and every
// chunk they import statically — each gzip-compressed as served, summed. Baseline: the shell alone.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'`]\.\/([^"'`]+?\.js)["'`]/g;
/** A chunk's name without its content hash (`map-page-BX3k_9aQ.js` → `map-page`). */
const chunkName = (file) => file.replace(/-[\w-]{8}\.js$/, '');

/** Sizes of the shell and of a first load of /maps from a running portal serving `webDist`. */
export async function firstLoadJs(base, webDist) {
  const assetsDir = path.join(webDist, 'assets');
  try {
    if (!(await readdir(assetsDir)).some((f) => f.endsWith('.js'))) return { na: 'no script in the web build' };
  } catch {
    return { na: 'no web build' };
  }
  /** The scripts and modulepreloads of a page's HTML (the server adds each public route's own chunks). */
  async function htmlRefs(pagePath) {
    const res = await fetch(`${base}${pagePath}`);
    const html = await res.text();
    if (!html.includes('<script')) return { na: `GET ${pagePath} answered ${res.status} without the app` };
    const refs = [
      ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/assets\/([^"]+\.js)"/g),
    ].map((m) => m[1]);
    return { html, refs };
  }
  const maps = await htmlRefs('/maps');
  if (maps.na) return maps;
  // The baseline: a page with no route chunks (the 404 page), i.e. the app shell alone.
  const bare = await htmlRefs('/khong-ton-tai');
  if (bare.na) return bare;
  const html = maps.html;
  const cache = new Map();
  async function asset(file) {
    if (!cache.has(file)) {
      const r = await fetch(`${base}/assets/${file}`, { headers: { 'accept-encoding': 'identity' } });
      if (!r.ok) throw new Error(`/assets/${file}: ${r.status}`);
      const bytes = Buffer.from(await r.arrayBuffer());
      cache.set(file, { raw: bytes.length, gz: gzipSync(bytes).length, text: bytes.toString('utf8') });
    }
    return cache.get(file);
  }
  /** The files and every chunk they import statically (what the browser fetches before running them). */
  async function closure(start) {
    const seen = new Set();
    const queue = [...start];
    while (queue.length) {
      const f = queue.shift();
      if (seen.has(f)) continue;
      seen.add(f);
      for (const m of (await asset(f)).text.matchAll(STATIC_IMPORT)) queue.push(m[1]);
    }
    return seen;
  }
  const shell = await closure(bare.refs);
  // /maps' HTML preloads the route's own chunks (public-page, map-page…): with their static imports, that is
  // what the browser fetches before the map can run.
  const page = await closure([...shell, ...maps.refs]);
  const mapChunks = [...page].filter((f) => !shell.has(f) && /(^|-)(maps?|leaflet)(-|$)/i.test(chunkName(f)));
  if (mapChunks.length === 0) return { na: 'no map chunk in the first load of /maps' };
  const sum = async (set) => {
    let gz = 0;
    let raw = 0;
    for (const f of set) {
      const a = await asset(f);
      gz += a.gz;
      raw += a.raw;
    }
    return { gz, raw, files: set.size };
  };
  return {
    shell: await sum(shell),
    total: await sum(page),
    mapChunks,
    htmlGz: gzipSync(Buffer.from(html)).length,
  };
}

/**
 * The same figure measured in Debian's Chromium: every script the page really fetches while /maps loads
 * and settles (tiles blocked), each gzip-compressed as served, summed. Counts what runs at load time —
 * lazy chunks that are fetched, not only the static graph — and nothing the visitor has not asked for.
 */
export async function browserLoadJs(base, path = '/maps', { ready = '.leaflet-container', userAgent, viewport } = {}) {
  const CHROMIUM = '/usr/bin/chromium';
  const { existsSync } = await import('node:fs');
  if (!existsSync(CHROMIUM)) return { na: 'no /usr/bin/chromium' };
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { na: 'playwright-core is not installed' };
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ ...(userAgent ? { userAgent } : {}), ...(viewport ? { viewport } : {}) });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const scripts = new Map();
    page.on('response', async (res) => {
      const url = res.url();
      if (!url.startsWith(base) || !/\.m?js(\?|$)/.test(url)) return;
      scripts.set(
        url,
        res.body().then((b) => gzipSync(b).length),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForSelector(ready, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    let gz = 0;
    for (const size of scripts.values()) gz += await size;
    const chunks = [...scripts.keys()].map((url) => chunkName(url.split('/').pop() ?? url));
    return { gz, files: scripts.size, chunks };
  } finally {
    await browser.close();
  }
}

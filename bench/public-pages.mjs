// Figures of the pages residents read (issues #9 and #25), demo content on:
//   (a) the JavaScript a first load fetches in Debian's Chromium (gzip, as served), with the chunk names, checked
//       for back-office code; baseline: the shell alone (the not-found page's first load);
//   (b) the JavaScript fetched before the first paint (#25: aim ≤ 100 KB gzip);
//   (c) the time until the first reading is in the page on a throttled connection (slow 3G), against a static
//       HTML copy of the same page (its content as the app draws it, no script) served by the same server;
//   (d) Lighthouse mobile (a mid-range phone, simulated slow 4G, 4× CPU slowdown), median of BENCH_LIGHTHOUSE_RUNS
//       (default 5): performance, accessibility and best practices of /dashboard, /news and /maps-mobile, against
//       the same audit of that static copy (#25: aim ≥ 95 each).
// Returns its rows for bench/run.mjs.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchEnv, fmt, freePort, root, start, tempDataDir } from './lib.mjs';
import { browserLoadJs } from './map-bundle.mjs';
import { row } from './report.mjs';

const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(root, 'web', 'dist');
const CHROMIUM = '/usr/bin/chromium';
const PAGES = [
  { path: '/dashboard', ready: '[data-testid="dashboard"]', reading: '[data-testid^="dash-value-"]' },
  { path: '/news', ready: 'main h1' },
  { path: '/maps-mobile', ready: '.leaflet-container', reading: '[data-testid^="first-view-F"], .station-marker' },
];
/** Lighthouse's mobile agent: a phone ('Mobi'), which the dashboard gives its light map preview. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
/** Lighthouse's phone (screen and agent), and a desktop: what is in view on load (the dashboard's map) loads at once. */
const VIEWPORTS = [
  ['phone 412×823', { width: 412, height: 823 }, PHONE_AGENT],
  ['desktop 1280×800', { width: 1280, height: 800 }, undefined],
];
const BASELINE = { path: '/khong-ton-tai', ready: '[data-testid="not-found-home"]' };
/** Chunks that only the back office needs: none may be fetched by a public page. */
const BACK_OFFICE_CHUNK = /^(back-office|manage-news|.*-admin|data-table|form-modal|table|rich-text|tiptap)/i;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const kb = (n) => `${fmt(n / 1024, 1)} KB`;
const dots = (label) => `${label} `.padEnd(56, '.');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's mobile audit of one URL, `runs` times: each category's median, and the metrics of the median run. */
async function lighthouseScore(url, runs) {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch {
    return { na: 'lighthouse is not installed' };
  }
  const results = [];
  const failed = [];
  // A run Lighthouse itself could not record (NO_NAVSTART now and then with this Chromium) is tried again, up to 3 more
  // times, so the median is of `runs` scored runs.
  for (let i = 0; results.length < runs && i < runs + 3; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No network here: anything outside this machine fails at once instead of waiting.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error' });
      if (lhr.runtimeError) {
        // A run Lighthouse could not finish (a hung page, no paint seen) is told, not scored as 0.
        console.log(
          `      (Lighthouse run ${i + 1} of ${url} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message})`,
        );
        failed.push(lhr.runtimeError.code);
        continue;
      }
      const a = lhr.audits;
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      results.push({
        score: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        fcp: a['first-contentful-paint']?.numericValue,
        lcp: a['largest-contentful-paint']?.numericValue,
        tbt: a['total-blocking-time']?.numericValue,
        cls: a['cumulative-layout-shift']?.numericValue,
        si: a['speed-index']?.numericValue,
        // Lighthouse's own measure of the host's CPU (a mid-range phone is ~1000 before its 4× slowdown; below 1000
        // Lighthouse warns that the host is too slow for its simulation): the scores move with it.
        bench: lhr.environment?.benchmarkIndex,
      });
    } finally {
      chrome.kill();
    }
  }
  if (results.length === 0) return { na: `every run failed (${failed.join(', ')})` };
  const mid = median(results.map((r) => r.score));
  return {
    ...results.find((r) => r.score === mid),
    a11y: median(results.map((r) => r.a11y)),
    bp: median(results.map((r) => r.bp)),
    scores: results.map((r) => r.score),
    bench: median(results.map((r) => r.bench ?? 0)),
    failed,
  };
}

/** Chromium driven by playwright-core, or null. */
async function launch() {
  const { existsSync } = await import('node:fs');
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** Records, from the first byte of the page, when `selector` first matches (performance.now(), ms) and the first paint. */
const WATCH = (selector) => `(() => {
  window.__firstReading = null;
  const seen = () => { if (window.__firstReading === null && document.querySelector(${JSON.stringify(selector)})) window.__firstReading = performance.now(); };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();`;

/**
 * On a phone at 412 px: the JS fetched before the first contentful paint (gzip as sent), and — with the network
 * throttled to slow 3G (400 kbit/s, 400 ms) — the time until the first reading is in the page.
 */
async function paintFigures(browser, url, reading) {
  // No service worker: its fetches would not be throttled, and the second load would come from its copies (#25).
  const context = await browser.newContext({
    viewport: VIEWPORTS[0][1],
    userAgent: PHONE_AGENT,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const sizes = new Map();
  page.on('response', (res) => {
    if (/\.m?js(\?|$)/.test(res.url()) && res.url().startsWith(new URL(url).origin)) {
      sizes.set(
        res.url(),
        res
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const early = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js(\?|$)/.test(e.name) && e.startTime < fcp)
      .map((e) => e.name);
  });
  let before = 0;
  for (const name of early) before += (await sizes.get(name)) ?? 0;
  let total = 0;
  for (const size of sizes.values()) total += await size;
  let firstReading = null;
  if (reading) {
    const slow = await context.newPage();
    const cdp = await context.newCDPSession(slow);
    await cdp.send('Network.enable');
    // A first visit: nothing from the cache (the static copy would come from it, the page is revalidated).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1024) / 8,
      uploadThroughput: (400 * 1024) / 8,
    });
    await slow.addInitScript(WATCH(reading));
    await slow.goto(url, { waitUntil: 'commit' });
    await slow.waitForFunction(() => window.__firstReading !== null, null, { timeout: 120_000 });
    const t = await slow.evaluate(() => window.__firstReading);
    const nav = await slow.evaluate(() => performance.getEntriesByType('navigation')[0]?.startTime ?? 0);
    firstReading = t - nav;
  }
  await context.close();
  return { before, beforeFiles: early.length, total, firstReading };
}

/**
 * A static HTML copy of a page as the app draws it (its DOM once ready, scripts removed, style sheets kept), written
 * into a copy of the web build so that the same server sends it: the baseline of the page's own audit.
 */
async function staticCopy(browser, base, p, dir) {
  const page = await browser.newPage({ viewport: VIEWPORTS[0][1], userAgent: PHONE_AGENT });
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto(`${base}${p.path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector(p.ready, { timeout: 20_000 });
  const html = await page.evaluate(() => {
    for (const s of document.querySelectorAll('script, link[rel="modulepreload"], link[as="fetch"]')) s.remove();
    // antd's CSS-in-JS and the app's inserted sheets stay: the copy looks as the page does.
    return `<!doctype html>${document.documentElement.outerHTML}`;
  });
  await page.close();
  const name = `static${p.path.replace(/\//g, '-')}.html`;
  await writeFile(path.join(dir, name), html);
  return `/${name}`;
}

const describeLh = (r) =>
  r.na
    ? `n/a (${r.na})`
    : `performance ${r.score}, accessibility ${r.a11y}, best practices ${r.bp} (runs ${r.scores.join(', ')}; FCP ${fmt(r.fcp / 1000, 1)} s, LCP ${fmt(r.lcp / 1000, 1)} s, TBT ${fmt(r.tbt)} ms, CLS ${fmt(r.cls, 3)}, SI ${fmt(r.si / 1000, 1)} s; host benchmarkIndex ${fmt(r.bench)})`;

export async function runPublicPages() {
  console.log(
    '\n== Public pages (issues #9, #25): JS, first paint, first reading on slow 3G, Lighthouse mobile, demo content on',
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  // A copy of the web build: the static copies of the pages go in it, served by the same server.
  const dist = path.join(dataDir, 'web-dist');
  await mkdir(dist, { recursive: true });
  await cp(WEB_DIST, dist, { recursive: true });
  const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: dist, DEMO: '1' });
  const serverJs = path.join(root, 'server', 'dist', 'main.js');
  let server = await start(process.execPath, [serverJs], env, `${base}/api/health`);
  const rows = [];
  const browser = await launch();
  try {
    if (!browser) return [row('public', 'public pages', 'n/a (no /usr/bin/chromium)', '')];
    const copies = {};
    for (const p of PAGES) copies[p.path] = await staticCopy(browser, base, p, dist);
    // The server lists the build's files when it starts: again, with the copies in.
    await server.stop();
    server = await start(process.execPath, [serverJs], env, `${base}/api/health`);

    const shell = await browserLoadJs(base, BASELINE.path, {
      ready: BASELINE.ready,
      viewport: VIEWPORTS[0][1],
      userAgent: VIEWPORTS[0][2],
    });
    console.log(`   ${dots('baseline: the shell alone (404 page), gzip')} ${kb(shell.gz)} in ${shell.files} files`);
    for (const p of PAGES) {
      for (const [label, viewport, userAgent] of VIEWPORTS) {
        const js = await browserLoadJs(base, p.path, { ready: p.ready, viewport, userAgent });
        const office = js.chunks.filter((c) => BACK_OFFICE_CHUNK.test(c));
        console.log(
          `   ${dots(`first-load JS of ${p.path}, ${label}, gzip`)} ${kb(js.gz)} in ${js.files} files (${fmt(js.gz / shell.gz, 2)}× the shell; aim ≤ 300 KB); back-office chunks: ${office.length ? office.join(', ') : 'none'}`,
        );
        rows.push(
          row('public', `first-load JS of ${p.path}, ${label}, gzip`, js.gz / 1024, 'KB', {
            digits: 1,
            baseline: { label: 'the shell alone (404 page)', value: shell.gz / 1024 },
            aim: '≤ 300 KB, no back-office chunk',
            pass: js.gz <= 300 * 1024 && office.length === 0,
            note: office.length ? `back-office chunks: ${office.join(', ')}` : undefined,
          }),
        );
      }
      const paint = await paintFigures(browser, `${base}${p.path}`, p.reading);
      const copyPaint = p.reading ? await paintFigures(browser, `${base}${copies[p.path]}`, p.reading) : null;
      console.log(
        `   ${dots(`JS before the first paint of ${p.path}, phone, gzip`)} ${kb(paint.before)} in ${paint.beforeFiles} files (of ${kb(paint.total)}; aim ≤ 100 KB)`,
      );
      rows.push(
        row('public', `JS before the first paint of ${p.path}, phone, gzip`, paint.before / 1024, 'KB', {
          digits: 1,
          baseline: { label: 'all JS of the load', value: paint.total / 1024 },
          aim: '≤ 100 KB',
          pass: paint.before <= 100 * 1024,
        }),
      );
      if (p.reading) {
        console.log(
          `   ${dots(`first reading in ${p.path}, slow 3G`)} ${fmt(paint.firstReading)} ms (static copy: ${fmt(copyPaint.firstReading)} ms)`,
        );
        rows.push(
          row(
            'public',
            `first reading in the page, ${p.path}, slow 3G (400 kbit/s, 400 ms)`,
            paint.firstReading,
            'ms',
            {
              baseline: { label: 'static HTML copy, same server', value: copyPaint.firstReading },
            },
          ),
        );
      }
    }
    for (const p of PAGES) {
      const lh = await lighthouseScore(`${base}${p.path}`, LIGHTHOUSE_RUNS);
      const lhBase = await lighthouseScore(`${base}${copies[p.path]}`, 1);
      console.log(`   ${dots(`baseline: Lighthouse mobile, static copy of ${p.path}`)} ${describeLh(lhBase)}`);
      console.log(`   ${dots(`Lighthouse mobile, ${p.path}`)} ${describeLh(lh)} (aim ≥ 95 each)`);
      for (const [key, name] of [
        ['score', 'performance'],
        ['a11y', 'accessibility'],
        ['bp', 'best practices'],
      ]) {
        rows.push(
          row(
            'public',
            `Lighthouse mobile ${name}, ${p.path}, median of ${LIGHTHOUSE_RUNS}`,
            lh.na ? `n/a (${lh.na})` : lh[key],
            '',
            {
              baseline: lhBase.na ? null : { label: 'static HTML copy, same server', value: lhBase[key] },
              aim: '≥ 95',
              pass: lh.na ? undefined : lh[key] >= 95,
              note:
                lh.na || key !== 'score'
                  ? undefined
                  : `runs ${lh.scores.join(', ')}${lh.failed.length ? ` (not recorded by Lighthouse, tried again: ${lh.failed.join(', ')})` : ''}; FCP ${fmt(lh.fcp / 1000, 1)} s, LCP ${fmt(lh.lcp / 1000, 1)} s, TBT ${fmt(lh.tbt)} ms, CLS ${fmt(lh.cls, 3)}; host benchmarkIndex ${fmt(lh.bench)}`,
            },
          ),
        );
      }
    }
    return rows;
  } finally {
    await browser?.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

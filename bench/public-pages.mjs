// Issue #9 figures for the pages residents read: for /dashboard and /news (the demo content on),
//   (a) the JavaScript a first load fetches in Debian's Chromium (gzip, as served), with the chunk names, checked
//       for back-office code; baseline: the shell alone (the not-found page's first load);
//   (b) a Lighthouse mobile performance score (Lighthouse's default mobile settings: a mid-range phone,
//       simulated slow 4G and 4× CPU slowdown) with its metrics; baseline: the same audit of the not-found page.
// Returns its rows for bench/run.mjs.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { benchEnv, fmt, freePort, root, start, tempDataDir } from './lib.mjs';
import { browserLoadJs } from './map-bundle.mjs';
import { row } from './report.mjs';

const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(root, 'web', 'dist');
const CHROMIUM = '/usr/bin/chromium';
const PAGES = [
  { path: '/dashboard', ready: 'main h1' },
  { path: '/news', ready: 'main h1' },
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
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const kb = (n) => `${fmt(n / 1024, 1)} KB`;
const dots = (label) => `${label} `.padEnd(56, '.');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's performance audit of one URL, `runs` times; the run with the median score. */
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
  for (let i = 0; i < runs; i++) {
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
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
      const a = lhr.audits;
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: a['first-contentful-paint']?.numericValue,
        lcp: a['largest-contentful-paint']?.numericValue,
        tbt: a['total-blocking-time']?.numericValue,
        cls: a['cumulative-layout-shift']?.numericValue,
        si: a['speed-index']?.numericValue,
      });
    } finally {
      chrome.kill();
    }
  }
  const mid = median(results.map((r) => r.score));
  return { ...results.find((r) => r.score === mid), scores: results.map((r) => r.score) };
}

const describeLh = (r) =>
  r.na
    ? `n/a (${r.na})`
    : `${r.score} (runs ${r.scores.join(', ')}; FCP ${fmt(r.fcp / 1000, 1)} s, LCP ${fmt(r.lcp / 1000, 1)} s, TBT ${fmt(r.tbt)} ms, CLS ${fmt(r.cls, 3)}, SI ${fmt(r.si / 1000, 1)} s)`;

export async function runPublicPages() {
  console.log(
    '\n== Public pages (issue #9): first-load JS in Chromium and Lighthouse mobile performance, demo content on',
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST, DEMO: '1' });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  const rows = [];
  try {
    const shell = await browserLoadJs(base, BASELINE.path, {
      ready: BASELINE.ready,
      viewport: VIEWPORTS[0][1],
      userAgent: VIEWPORTS[0][2],
    });
    if (shell.na) {
      console.log(`   ${dots('first-load JS')} n/a (${shell.na})`);
      return [row('public', 'first-load JS of the public pages', `n/a (${shell.na})`, '')];
    }
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
    }
    const lhBase = await lighthouseScore(`${base}${BASELINE.path}`, 1);
    console.log(`   ${dots('baseline: Lighthouse mobile performance, 404 page')} ${describeLh(lhBase)}`);
    for (const p of PAGES) {
      const lh = await lighthouseScore(`${base}${p.path}`, LIGHTHOUSE_RUNS);
      console.log(`   ${dots(`Lighthouse mobile performance, ${p.path}`)} ${describeLh(lh)} (aim ≥ 90)`);
      rows.push(
        row('public', `Lighthouse mobile performance, ${p.path}`, lh.na ? `n/a (${lh.na})` : lh.score, '', {
          baseline: lhBase.na ? null : { label: 'the 404 page', value: lhBase.score },
          aim: '≥ 90',
          pass: lh.na ? undefined : lh.score >= 90,
          note: lh.na
            ? undefined
            : `runs ${lh.scores.join(', ')}; LCP ${fmt(lh.lcp / 1000, 1)} s, TBT ${fmt(lh.tbt)} ms`,
        }),
      );
    }
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

// Issue #7 figures for the public map, each against a baseline of the same run:
//   (a) every anonymous read (#25, point 5: open data, readings, layer and GeoJSON lists, a layer file, communes,
//       news, documents, warnings, CAP) in calls/s under wrk -t2 -c50 (autocannon with 50 connections where wrk is
//       absent), against Node's bare `http` sending the very same bytes (fetched once from the portal); aim ≥ 0.5×;
//   (b) push → browser: a reading pushed through /api/receive-water-level until each of 200 open
//       /api/events streams has seen it, p50/p99 (baseline: Node's bare `http` relaying the same pushes, with
//       the same ack bytes, to as many open streams; the push round trip with no stream open is shown too);
//   (c) JavaScript transferred (gzip) for a first load of /maps: index.html's scripts and modulepreloads plus
//       the map page's lazy chunks and their static imports (baseline: the shell alone);
//   (d) the web app's static files served by the portal, against bare `http` and Debian's nginx (static-files.mjs),
//       aim ≥ 0.5× nginx.
// Returns its rows for the table of bench/run.mjs.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startBare } from './baselines.mjs';
import { openStreams } from './event-streams.mjs';
import { benchEnv, districtParts, fmt, freePort, root, signIn, sleep, start, tempDataDir } from './lib.mjs';
import { browserLoadJs, firstLoadJs } from './map-bundle.mjs';
import { hotReads, TOOL } from './map-http.mjs';
import { row } from './report.mjs';
import { webAssetRows } from './static-files.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 60);
const WATER_STATIONS = 25;
/** The built web app the portal serves (default web/dist). */
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(root, 'web', 'dist');
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const kb = (n) => `${fmt(n / 1024, 1)} KB`;

// ---------- portal set-up ----------

async function createWaterStations(base, token) {
  const out = [];
  for (let i = 1; i <= WATER_STATIONS; i++) {
    const code = `F01${String(i).padStart(3, '0')}`;
    const res = await fetch(`${base}/api/station`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        code,
        name: `Trạm mực nước ${code}`,
        description: 'Trạm đo mực nước (bench)',
        lat: 21.2 + i * 0.005,
        long: 107.25 + i * 0.005,
        warningLevel1: 150,
        warningLevel2: 250,
        warningLevel3: 350,
      }),
    });
    if (!res.ok) throw new Error(`station ${code}: ${res.status} ${await res.text()}`);
    const s = await res.json();
    out.push({ code, key: s.pushKey });
  }
  return out;
}

const pushUrl = (base, s, t, value) =>
  `${base}/api/receive-water-level?${new URLSearchParams({ stationCode: s.code, ...districtParts(t), value: String(value), key: s.key })}`;

// ---------- (a) every anonymous read ----------

/** Each anonymous read must answer at ≥ this ratio of Node's bare `http` serving the same bytes (#25, point 5). */
const HOT_READ_AIM = 0.5;

async function call(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A layer of evacuation points as a district would upload it (~40 KB of GeoJSON). */
function evacuationPoints() {
  const features = Array.from({ length: 200 }, (_, i) => ({
    type: 'Feature',
    properties: { name: `Điểm sơ tán số ${i + 1}, nhà văn hoá thôn`, capacity: 50 + i },
    geometry: { type: 'Point', coordinates: [107.2 + (i % 20) * 0.01, 21.2 + Math.floor(i / 20) * 0.01] },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/**
 * What a visitor reads, made through the staff's own calls: a news item, the about page, a directive document (with
 * its PDF), a layer file, an officer's warning (so the banner, its page and the CAP feed have one), then every
 * anonymous GET of the portal as the web and other systems call it.
 */
async function publicReads(base, token, stations) {
  const article = (over) => ({
    name: 'Ba Chẽ chủ động ứng phó mưa lũ',
    sapo: 'Huyện triển khai phương án phòng chống thiên tai.',
    author: 'Ban chỉ huy PCTT',
    content: `<p>${'Ban chỉ huy phòng chống thiên tai huyện họp khẩn, yêu cầu các xã rà soát khu dân cư ven sông. '.repeat(30)}</p>`,
    date: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'PUBLISH',
    type: 'WARNING',
    ...over,
  });
  const news = await call(base, token, 'POST', '/api/news', article({}));
  await call(base, token, 'POST', '/api/news', article({ name: 'Giới thiệu', type: 'GIOI_THIEU' }));
  const pdf = new FormData();
  pdf.append(
    'file',
    new Blob(['%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n']),
    'cong-dien.pdf',
  );
  const file = await call(base, token, 'POST', '/api/files', pdf);
  const doc = await call(
    base,
    token,
    'POST',
    '/api/news',
    article({ name: 'Công điện số 12', type: 'DOCUMENT', files: [file.url] }),
  );
  const layer = new FormData();
  layer.append('type', 'OTHER');
  layer.append('file', new Blob([evacuationPoints()]), 'diem-so-tan.geojson');
  const geo = await call(base, token, 'POST', '/api/geojson', layer);
  const communes = await (await fetch(`${base}/api/communes`)).json();
  const now = Date.now();
  const warning = await call(base, token, 'POST', '/api/warnings', {
    kind: 'flood',
    communes: communes.slice(0, 2).map((c) => c.gsoCode),
    severityScale: 'level',
    severity: 2,
    headlineVi: 'Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông',
    descriptionVi: 'Mực nước sông Ba Chẽ tại cầu Ba Chẽ đạt 3,32 m lúc 10:00, trên báo động 2 0,32 m và đang lên.',
    instructionVi: 'Các hộ ven sông di chuyển đến nhà văn hoá thôn trước 14:00.',
    effectiveAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 12 * 3_600_000).toISOString(),
    channels: ['banner', 'cap'],
  });
  await call(base, token, 'POST', `/api/warnings/${warning.id}/publish-urgent`, { reason: 'Lũ lên nhanh (bench)' });
  const feed = await (await fetch(`${base}/api/cap`)).text();
  const cap = /href="https?:\/\/[^/"]+(\/api\/cap\/\d+\.xml)"/.exec(feed)?.[1];
  if (!cap) throw new Error('no CAP message in the feed');
  const station = stations[0].code;
  return [
    { label: 'GET /api/water?type=CURRENT_HIGH (25 stations)', path: '/api/water?type=CURRENT_HIGH' },
    { label: 'GET /api/water?type=CURRENT_RAIN', path: '/api/water?type=CURRENT_RAIN' },
    { label: 'GET /api/data-layer?pageSize=100 (layer list)', path: '/api/data-layer?pageSize=100' },
    { label: 'GET /api/open/stations (open data, JSON)', path: '/api/open/stations' },
    { label: 'GET /api/open/stations?format=csv (open data)', path: '/api/open/stations?format=csv' },
    { label: `GET /api/open/readings?station=${station}`, path: `/api/open/readings?station=${station}` },
    { label: 'GET /api/geojson?type=OTHER&pageSize=100 (GeoJSON list)', path: '/api/geojson?type=OTHER&pageSize=100' },
    { label: 'GET /api/geojson/{file} (a 40 KB layer)', path: geo.url },
    { label: 'GET /api/communes (boundaries)', path: '/api/communes' },
    { label: 'GET /api/news?page=1&pageSize=6&type=WARNING', path: '/api/news?page=1&pageSize=6&type=WARNING' },
    { label: 'GET /api/news/{id} (article)', path: `/api/news/${news.id}` },
    { label: 'GET /api/news/about', path: '/api/news/about' },
    { label: 'GET /api/document?page=1&pageSize=4', path: '/api/document?page=1&pageSize=4' },
    { label: 'GET /api/document/{id}', path: `/api/document/${doc.id}` },
    { label: "GET /api/files/{id} (a document's PDF)", path: file.url },
    { label: 'GET /api/warnings/active (banner)', path: '/api/warnings/active' },
    { label: 'GET /api/alerts/active', path: '/api/alerts/active' },
    { label: 'GET /canh-bao/{id} (warning page)', path: `/canh-bao/${warning.id}` },
    { label: 'GET /api/cap (CAP feed)', path: '/api/cap' },
    { label: 'GET /api/cap/{n}.xml (CAP message)', path: cap },
    { label: 'GET /api/station (station list)', path: '/api/station' },
    { label: 'GET /api/web-parameters (thresholds)', path: '/api/web-parameters' },
    { label: 'GET /api/app-info', path: '/api/app-info' },
    // The pages' HTML (the web app's shell, the dashboard with its first view).
    { label: 'GET /dashboard (HTML, first view)', path: '/dashboard' },
    { label: 'GET /news (HTML)', path: '/news' },
    { label: 'GET /news/{id} (HTML)', path: `/news/${news.id}` },
    { label: 'GET /maps-mobile (HTML)', path: '/maps-mobile' },
  ];
}

// ---------- (b) push → 200 event streams ----------

/** Each push, once acknowledged, until every one of STREAMS open streams at `base` has seen it. */
async function fanOut(base, nextPush) {
  const waiting = new Map();
  const close = await openStreams(base, STREAMS, (_i, data, t) => {
    const w = waiting.get(`${data.stationCode}|${data.observedAt}`);
    if (!w) return;
    w.each.push(t - w.t0);
    if (w.each.length === STREAMS) w.done(t);
  });
  const each = [];
  const all = [];
  try {
    for (let i = 0; i < PUSHES; i++) {
      const p = nextPush();
      const key = `${p.s.code}|${new Date(Math.floor(p.t / 60_000) * 60_000).toISOString()}`;
      const w = { t0: 0, each: [] };
      const seen = new Promise((resolve, reject) => {
        w.done = resolve;
        setTimeout(() => reject(new Error(`only ${w.each.length}/${STREAMS} streams saw ${key}`)), 10_000).unref();
      });
      waiting.set(key, w);
      w.t0 = performance.now();
      const res = await fetch(p.url.replace(/^http:\/\/[^/]+/, base));
      const body = await res.json();
      if (!res.ok || !body.stored) throw new Error(`push: ${res.status} ${JSON.stringify(body)}`);
      const tAll = await seen;
      waiting.delete(key);
      each.push(...w.each);
      all.push(tAll - w.t0);
      await sleep(20);
    }
  } finally {
    close();
  }
  return { each, all };
}

async function pushToBrowser(base, stations, startedAt) {
  // Baseline: the push round trip alone, no stream open. Each push stores a new reading (minutes back from the
  // minute before the set-up's readings, which it must not meet again however long the reads above took).
  const now = startedAt - 60_000;
  let slot = 0;
  const nextPush = () => {
    const s = stations[slot % stations.length];
    const t = now - (Math.floor(slot / stations.length) + 2) * 60_000;
    slot++;
    return { s, t, url: pushUrl(base, s, t, 100 + (slot % 200)) };
  };
  const rtt = [];
  let ack;
  for (let i = 0; i < PUSHES; i++) {
    const p = nextPush();
    const t0 = performance.now();
    const res = await fetch(p.url);
    ack = Buffer.from(await res.arrayBuffer());
    const body = JSON.parse(ack.toString('utf8'));
    if (!res.ok || !body.stored) throw new Error(`push: ${res.status} ${JSON.stringify(body)}`);
    rtt.push(performance.now() - t0);
  }
  const portal = await fanOut(base, nextPush);
  // Baseline: Node's bare http relaying the same pushes to the same number of open streams, same ack bytes.
  const bare = await startBare({ '/api/receive-water-level': { body: ack, relay: true } });
  try {
    const relay = await fanOut(bare.base, nextPush);
    return { rtt, ...portal, bare: relay };
  } finally {
    await bare.stop();
  }
}

// ---------- the run ----------

export async function runMap() {
  console.log(
    `\n== Map (issue #7): ${WATER_STATIONS} water stations; hot reads with ${TOOL}; ${STREAMS} event streams × ${PUSHES} pushes`,
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const stations = await createWaterStations(base, token);
    const now = Date.now();
    for (const [i, s] of stations.entries()) {
      const res = await fetch(pushUrl(base, s, now, 100 + i * 10));
      if (!res.ok) throw new Error(`push ${s.code}: ${res.status} ${await res.text()}`);
    }

    // Every anonymous read of the portal (#25, point 5), each against bare http with the same bytes, aim ≥ 0.5×.
    const hot = await hotReads(base, await publicReads(base, token, stations));
    const dots = (label) => `${label} `.padEnd(52, '.');
    const rows = [];
    for (const { label, portal, baseline, bytes } of hot) {
      const ratio = portal.rps / baseline.rps;
      const pass = ratio >= HOT_READ_AIM && !portal.errors;
      console.log(
        `   ${dots(label)} ${fmt(portal.rps)} req/s; bare http, same ${kb(bytes)}: ${fmt(baseline.rps)} req/s → ${fmt(ratio, 2)}× (aim ≥ ${HOT_READ_AIM}) ${pass ? 'pass' : 'FAIL'}; p99 ${fmt(portal.p99, 2)} ms / ${fmt(baseline.p99, 2)} ms${portal.errors ? `, errors ${portal.errors}` : ''}`,
      );
      rows.push(
        row('map', `${label}, ${TOOL}`, portal.rps, 'req/s', {
          baseline: { label: `bare http, same ${kb(bytes)}`, value: baseline.rps },
          aim: `≥ ${HOT_READ_AIM}× bare http, no error`,
          pass,
          note: portal.errors ? `${portal.errors} errors` : undefined,
        }),
      );
    }

    const sse = await pushToBrowser(base, stations, now);
    console.log(
      `   ${dots('baseline: push round trip, no stream open')} p50 ${fmt(pct(sse.rtt, 50), 1)} ms, p99 ${fmt(pct(sse.rtt, 99), 1)} ms`,
    );
    console.log(
      `   ${dots(`baseline: bare http relay → ${STREAMS} streams, per stream`)} p50 ${fmt(pct(sse.bare.each, 50), 1)} ms, p99 ${fmt(pct(sse.bare.each, 99), 1)} ms`,
    );
    console.log(
      `   ${dots(`push → ${STREAMS} /api/events streams, per stream`)} p50 ${fmt(pct(sse.each, 50), 1)} ms, p99 ${fmt(pct(sse.each, 99), 1)} ms (aim p99 ≤ 250)`,
    );
    console.log(
      `   ${dots(`push → all ${STREAMS} streams have it`)} p50 ${fmt(pct(sse.all, 50), 1)} ms, p99 ${fmt(pct(sse.all, 99), 1)} ms`,
    );
    const relay = (xs, p) => ({ label: `bare http relaying the push to ${STREAMS} streams`, value: pct(xs, p) });
    rows.push(
      row('map', 'push round trip, no stream open (p50)', pct(sse.rtt, 50), 'ms', {
        digits: 1,
        baseline: relay(sse.bare.each, 50),
      }),
      row('map', `push → each of ${STREAMS} /api/events streams, p50`, pct(sse.each, 50), 'ms', {
        digits: 1,
        baseline: relay(sse.bare.each, 50),
      }),
      row('map', `push → each of ${STREAMS} /api/events streams, p99`, pct(sse.each, 99), 'ms', {
        digits: 1,
        baseline: relay(sse.bare.each, 99),
        aim: '≤ 250 ms',
        pass: pct(sse.each, 99) <= 250,
      }),
      row('map', `push → all ${STREAMS} streams have it, p99`, pct(sse.all, 99), 'ms', {
        digits: 1,
        baseline: relay(sse.bare.all, 99),
      }),
    );

    const js = await firstLoadJs(base, WEB_DIST);
    if (js.na) {
      console.log(`   ${dots('JS of a first load of /maps (gzip)')} n/a (${js.na})`);
      rows.push(row('map', 'JS of a first load of /maps, static graph (gzip)', `n/a (${js.na})`, ''));
    } else {
      console.log(
        `   ${dots("baseline: the shell alone (index.html's scripts)")} ${kb(js.shell.gz)} gzip in ${js.shell.files} files (${kb(js.shell.raw)} raw)`,
      );
      console.log(
        `   ${dots('JS of a first load of /maps, static graph (gzip)')} ${kb(js.total.gz)} in ${js.total.files} files (${fmt(js.total.gz / js.shell.gz, 2)}× the shell; aim ≤ 350 KB); map chunks: ${js.mapChunks.join(', ')}`,
      );
      rows.push(
        row('map', 'JS of a first load of /maps, static graph (gzip)', js.total.gz / 1024, 'KB', {
          digits: 1,
          baseline: { label: 'the shell alone', value: js.shell.gz / 1024 },
          aim: '≤ 350 KB',
          pass: js.total.gz <= 350 * 1024,
        }),
      );
    }
    const real = await browserLoadJs(base);
    console.log(
      real.na
        ? `   ${dots('JS of a first load of /maps in Chromium (gzip)')} n/a (${real.na})`
        : `   ${dots('JS of a first load of /maps in Chromium (gzip)')} ${kb(real.gz)} in ${real.files} files (aim ≤ 350 KB)`,
    );
    rows.push(
      real.na
        ? row('map', 'JS of a first load of /maps in Chromium (gzip)', `n/a (${real.na})`, '')
        : row('map', 'JS of a first load of /maps in Chromium (gzip)', real.gz / 1024, 'KB', {
            digits: 1,
            baseline: js.na ? null : { label: 'the shell alone', value: js.shell.gz / 1024 },
            aim: '≤ 350 KB',
            pass: real.gz <= 350 * 1024,
          }),
    );
    rows.push(...(await webAssetRows(base, WEB_DIST)));
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

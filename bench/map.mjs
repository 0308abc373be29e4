// Issue #7 figures for the public map, each against a baseline of the same run:
//   (a) the hot reads the map polls — latest water readings of 25 stations and the layer list — in calls/s and
//       p99 under wrk -t2 -c50 (autocannon with 50 connections where wrk is absent), against Node's bare
//       `http` sending the very same bytes (fetched once from the portal);
//   (b) push → browser: a reading pushed through /api/receive-water-level until each of 200 open
//       /api/events streams has seen it, p50/p99 (baseline: Node's bare `http` relaying the same pushes, with
//       the same ack bytes, to as many open streams; the push round trip with no stream open is shown too);
//   (c) JavaScript transferred (gzip) for a first load of /maps: index.html's scripts and modulepreloads plus
//       the map page's lazy chunks and their static imports (baseline: the shell alone);
//   (d) the web app's entry script served by the portal, against bare `http` and Debian's nginx (static-files.mjs).
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

async function pushToBrowser(base, stations) {
  // Baseline: the push round trip alone, no stream open. Each push stores a new reading (minutes back).
  const now = Date.now();
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

    // The calls the map page makes (web/src/features/map/api/map-api.ts).
    const hot = await hotReads(base, {
      latest: '/api/water?type=CURRENT_HIGH',
      layers: '/api/data-layer?pageSize=100',
    });
    const dots = (label) => `${label} `.padEnd(52, '.');
    const rows = [];
    for (const [k, label] of [
      ['latest', 'GET /api/water?type=CURRENT_HIGH (25 stations)'],
      ['layers', 'GET /api/data-layer?pageSize=100 (layer list)'],
    ]) {
      const { portal, baseline, bytes } = hot[k];
      console.log(
        `   ${dots(`baseline: Node http, the same ${kb(bytes)}`)} ${fmt(baseline.rps)} req/s, p99 ${fmt(baseline.p99, 2)} ms`,
      );
      console.log(
        `   ${dots(label)} ${fmt(portal.rps)} req/s (${fmt(portal.rps / baseline.rps, 2)}× bare http; aim ≥ 0.6), p99 ${fmt(portal.p99, 2)} ms${portal.errors ? `, errors ${portal.errors}` : ''}`,
      );
      const bareHttp = (value) => ({ label: `bare http, same ${kb(bytes)}`, value });
      rows.push(
        row('map', `${label}, ${TOOL}`, portal.rps, 'req/s', {
          baseline: bareHttp(baseline.rps),
          aim: '≥ 0.6× bare http, no error',
          pass: portal.rps / baseline.rps >= 0.6 && !portal.errors,
          note: portal.errors ? `${portal.errors} errors` : undefined,
        }),
        row('map', `${label}, p99`, portal.p99, 'ms', { digits: 2, baseline: bareHttp(baseline.p99) }),
      );
    }

    const sse = await pushToBrowser(base, stations);
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

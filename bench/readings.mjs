// Issue #4 figures, on the embedded database and on PostgreSQL, each against a baseline of the same run (and for
// issue #19 the embedded PGlite of the version before, built from git, with the memory after the push load):
//   push throughput over HTTP (pushes/s, p99), bulk import rate (readings/s), and on PostgreSQL with
//   50 stations × BENCH_BIG_YEARS years of 10-minute readings: a one-year hourly series of one station and
//   the latest reading of every station. Baselines: Node's bare `http` answering the same calls with the same bytes
//   (pushes under the same load, the same CSV upload, the same series and latest bytes); GET /api/health is shown
//   too. Returns its rows for bench/run.mjs.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBare } from './baselines.mjs';
import {
  benchEnv,
  createDatabase,
  districtParts,
  fmt,
  freePort,
  median,
  OLD_REF,
  oldPgliteServer,
  root,
  signIn,
  start,
  tempDataDir,
  treeMemoryMb,
} from './lib.mjs';
import { fillBig } from './readings-big.mjs';
import { row } from './report.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BIG_YEARS = Number(process.env.BENCH_BIG_YEARS ?? 10);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const STATIONS = 50;

async function createStations(base, token) {
  const out = [];
  for (let i = 1; i <= STATIONS; i++) {
    const kind = i <= STATIONS / 2 ? 'F00' : 'F01';
    const code = `${kind}${String(i).padStart(3, '0')}`;
    const res = await fetch(`${base}/api/station`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ code, name: `Trạm ${code}`, description: 'bench', lat: 21.27, long: 107.28 }),
    });
    if (!res.ok) throw new Error(`station ${code}: ${res.status} ${await res.text()}`);
    const s = await res.json();
    out.push({ id: s.id, code, key: s.pushKey, kind: kind === 'F00' ? 'rain' : 'water' });
  }
  return out;
}

async function pushThroughput(base, stations, target = base, opts = {}) {
  // Unique station × minute pairs, walking back from yesterday, so every push stores a new reading; `forward`:
  // walking forward from two days ago instead, so each push has the station's previous minute before it (what the
  // quality rules look at, #22) and, older than the live window, queues no alert evaluation.
  const paths = [];
  const t0 = opts.forward ? Date.now() - 2 * 86_400_000 : Date.now() - 86_400_000;
  for (let i = 0; paths.length < SECONDS * 6000; i++) {
    const p = districtParts(opts.forward ? t0 + i * 60_000 : t0 - i * 60_000);
    for (const s of stations) {
      const q = new URLSearchParams({
        stationCode: s.code,
        ...p,
        // Forward (#22): values that move as a river and rain do, so the rules judge real readings (a constant
        // value would be flagged stuck after six hours and left out of the rollups).
        value: opts.forward
          ? s.kind === 'rain'
            ? String((i % 5) * 0.5)
            : String(120 + (i % 7) - 3)
          : s.kind === 'rain'
            ? '1.5'
            : '123.4',
        key: s.key,
      });
      paths.push(`/api/${s.kind === 'rain' ? 'receive-rain' : 'receive-water-level'}?${q}`);
    }
  }
  let next = 0;
  const r = await autocannon({
    url: target,
    connections: 16,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    non2xx: r.non2xx,
    wrapped: next > paths.length,
  };
}

/** IMPORT_ROWS 10-minute readings of the stations, three days back, as the import takes them. */
function importCsv(stations) {
  const lines = ['stationCode,date,hour,minute,value'];
  const t0 = Date.now() - 3 * 86_400_000;
  const per = Math.ceil(IMPORT_ROWS / stations.length);
  for (let i = 0; i < per; i++) {
    const p = districtParts(t0 - i * 600_000);
    for (const s of stations) lines.push(`${s.code},${p.date},${p.hour},${p.minute},${s.kind === 'rain' ? 0.5 : 100}`);
  }
  const csv = lines.slice(0, IMPORT_ROWS + 1).join('\n');
  return csv;
}

async function importRate(base, token, stations) {
  const csv = importCsv(stations);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/readings/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 202) throw new Error(`import: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  for (;;) {
    const job = await (
      await fetch(`${base}/api/readings/import/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    if (job.status === 'done' || job.status === 'failed') {
      const seconds = (performance.now() - started) / 1000;
      return { stored: job.stored, seconds, rate: job.stored / seconds, status: job.status, bytes: csv.length };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The same CSV upload answered by bare `http` with a fixed 202: the transfer alone, as readings/s. */
async function uploadBaseline(stations) {
  const csv = importCsv(stations);
  const bare = await startBare({ '/api/readings/import': { body: Buffer.from('{"id":1,"status":"queued"}') } });
  try {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const res = await fetch(`${bare.base}/api/readings/import`, { method: 'POST', body: form });
    await res.arrayBuffer();
    return IMPORT_ROWS / ((performance.now() - started) / 1000);
  } finally {
    await bare.stop();
  }
}

/** Median latency of `path` on the portal and on bare `http` answering the very bytes the portal sent. */
async function againstBare(base, url) {
  const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const bare = await startBare({ [url.split('?')[0]]: { body: Buffer.from(await res.arrayBuffer()) } });
  try {
    return { portal: await latency(`${base}${url}`), bare: await latency(`${bare.base}${url}`) };
  } finally {
    await bare.stop();
  }
}

async function latency(url, runs = 21) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    ms.push(performance.now() - t);
  }
  return median(ms.slice(1));
}

async function onDatabase(kind) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const db = kind === 'postgres' ? await createDatabase() : null;
  const env = benchEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(root, 'web', 'dist'),
    ...(db ? { DATABASE_URL: db.url } : {}),
  });
  const main = kind === 'pglite' ? await oldPgliteServer() : path.join(root, 'server', 'dist', 'main.js');
  const server = await start(process.execPath, [main], env, `${base}/api/health`);
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const stations = await createStations(base, token);
    const health = await autocannon({ url: `${base}/api/health`, connections: 16, duration: Math.min(5, SECONDS) });
    const push = await pushThroughput(base, stations);
    // The portal's and its embedded database's memory right after the push load (PostgreSQL: the portal only).
    const memory = await treeMemoryMb(server.pid);
    // Baseline: bare http answering the same push calls, under the same load, with the bytes of a real answer.
    const s0 = stations[0];
    const ackRes = await fetch(
      `${base}/api/receive-rain?${new URLSearchParams({ stationCode: s0.code, ...districtParts(Date.now() - 40 * 86_400_000), value: '1', key: s0.key })}`,
    );
    const ack = { body: Buffer.from(await ackRes.arrayBuffer()) };
    const barePush = await startBare({ '/api/receive-rain': ack, '/api/receive-water-level': ack });
    let pushBare;
    try {
      pushBare = await pushThroughput(base, stations, barePush.base);
    } finally {
      await barePush.stop();
    }
    const imp = await importRate(base, token, stations);
    const uploadRate = await uploadBaseline(stations);
    const dbName = { postgres: 'PostgreSQL', embedded: 'embedded PostgreSQL', pglite: `PGlite (${OLD_REF})` }[kind];
    const bare = (label, value) => ({ label: `bare http, ${label}`, value });
    const rows = [
      row('readings', `${dbName}: station push (GET receive-*), 16 connections`, push.rps, 'pushes/s', {
        baseline: bare('same calls and answer', pushBare.rps),
        note: push.non2xx ? `non-2xx ${push.non2xx}` : undefined,
      }),
      row('readings', `${dbName}: station push, p99`, push.p99, 'ms', {
        baseline: bare('same calls and answer', pushBare.p99),
      }),
      row('readings', `${dbName}: memory after the push load (PSS, portal + embedded database)`, memory, 'MB'),
      row('readings', `${dbName}: bulk import, ${imp.stored} readings (${imp.status})`, imp.rate, 'readings/s', {
        baseline: bare('receiving the same CSV upload', uploadRate),
      }),
    ];
    console.log(
      `-- ${{ postgres: 'PostgreSQL 15', embedded: 'embedded PostgreSQL 18 (the default)', pglite: `embedded PGlite before #19 (${OLD_REF})` }[kind]}`,
    );
    console.log(
      `   baseline: GET /api/health, 16 connections ........ ${fmt(health.requests.average)} req/s, p99 ${health.latency.p99} ms`,
    );
    console.log(
      `   baseline: bare http, same push calls and answer .. ${fmt(pushBare.rps)} req/s, p99 ${pushBare.p99} ms`,
    );
    console.log(`   baseline: bare http receiving the same CSV ...... ${fmt(uploadRate)} readings/s`);
    console.log(
      `   station push (GET receive-*), 16 connections ...... ${fmt(push.rps)} pushes/s (${fmt(push.rps / health.requests.average, 2)}×), p50 ${push.p50} ms, p99 ${push.p99} ms, non-2xx ${push.non2xx}${push.wrapped ? ' (some repeated: duplicates)' : ''}`,
    );
    console.log(`   memory after the push load (PSS, all processes) ... ${fmt(memory)} MB`);
    console.log(
      `   bulk import (CSV ${fmt(imp.bytes / 1e6, 1)} MB, ${imp.stored} readings) ...... ${fmt(imp.rate)} readings/s (${fmt(imp.seconds, 1)} s, ${imp.status})`,
    );
    if (kind === 'postgres' && BIG_YEARS > 0) {
      const big = await fillBig(db.url, stations, BIG_YEARS);
      console.log(
        `   big data: ${big.rows.toLocaleString('en')} readings, ${big.hourly.toLocaleString('en')} hourly rollups (filled in ${fmt(big.seconds)} s)`,
      );
      const healthMs = await latency(`${base}/api/health`);
      const y = new Date();
      const fromYear = districtParts(y.getTime() - 365 * 86_400_000).date;
      const to = districtParts(y.getTime()).date;
      const water = stations.find((s) => s.kind === 'water');
      const series = await againstBare(
        base,
        `/api/water?stationCode=${water.code}&history=true&from=${fromYear}&to=${to}`,
      );
      const latest = await againstBare(base, '/api/water?type=CURRENT_HIGH');
      const latestRain = await againstBare(base, '/api/water?type=CURRENT_RAIN');
      const seriesMs = series.portal;
      const latestMs = latest.portal;
      const latestRainMs = latestRain.portal;
      const same = (r) => ({ digits: 2, baseline: bare('same bytes (median)', r.bare) });
      rows.push(
        row(
          'readings',
          `${dbName}, ${BIG_YEARS} years: one-year hourly series of one station`,
          seriesMs,
          'ms',
          same(series),
        ),
        row(
          'readings',
          `${dbName}, ${BIG_YEARS} years: latest of every water station (25)`,
          latestMs,
          'ms',
          same(latest),
        ),
        row(
          'readings',
          `${dbName}, ${BIG_YEARS} years: latest of every rain station (25)`,
          latestRainMs,
          'ms',
          same(latestRain),
        ),
      );
      console.log(
        `   baseline: bare http, same bytes (median) ......... series ${fmt(series.bare, 2)} ms, latest water ${fmt(latest.bare, 2)} ms, latest rain ${fmt(latestRain.bare, 2)} ms`,
      );
      console.log(`   baseline: GET /api/health latency (median) ........ ${fmt(healthMs, 2)} ms`);
      console.log(
        `   one-year hourly series of one station (~8,760 points) ${fmt(seriesMs, 2)} ms (${fmt(seriesMs / healthMs, 1)}×)`,
      );
      console.log(
        `   latest reading of every water station (25) ........ ${fmt(latestMs, 2)} ms (${fmt(latestMs / healthMs, 1)}×)`,
      );
      console.log(
        `   latest reading of every rain station (25) ......... ${fmt(latestRainMs, 2)} ms (${fmt(latestRainMs / healthMs, 1)}×)`,
      );
    }
    return rows;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    if (db) await db.drop();
  }
}

/**
 * Issue #22: what the reading quality rules cost the push. Servers on the embedded default, with the rules and
 * without them (READING_QUALITY_RULES=false), the same pushes, alternated twice (off, on, off, on) so that neither
 * side gets the warmer machine; the best of each — in time order (the aim) and filling a gap backwards.
 */
async function qualityRulesCost() {
  const measure = async (rules, forward) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = await tempDataDir();
    const env = benchEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, 'web', 'dist'),
      READING_QUALITY_RULES: rules ? 'true' : 'false',
    });
    const server = await start(
      process.execPath,
      [path.join(root, 'server', 'dist', 'main.js')],
      env,
      `${base}/api/health`,
    );
    try {
      const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
      const stations = await createStations(base, token);
      return await pushThroughput(base, stations, base, { forward });
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    }
  };
  const best = (xs) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const rows = [];
  // In order (a logger's live pushes: judged from what the writer remembers) and filling a gap backwards (each push
  // older than the station's last: judged from the database).
  for (const [forward, what] of [
    [true, 'in time order (live)'],
    [false, 'filling a gap backwards'],
  ]) {
    const off = [];
    const on = [];
    for (let i = 0; i < 2; i++) {
      off.push(await measure(false, forward));
      on.push(await measure(true, forward));
    }
    const withRules = best(on);
    const without = best(off);
    const cost = 1 - withRules.rps / without.rps;
    console.log(
      `-- issue #22: station push ${what} with the quality rules ${fmt(withRules.rps)} pushes/s (p99 ${withRules.p99} ms) against ${fmt(without.rps)} without (p99 ${without.p99} ms): cost ${fmt(cost * 100, 1)} %${forward ? ' (aim ≤ 10 %)' : ''}`,
    );
    rows.push(
      row(
        'readings',
        `embedded default: station push ${what} with the quality rules (#22), 16 connections`,
        withRules.rps,
        'pushes/s',
        {
          baseline: { label: 'the same without the rules, same run', value: without.rps },
          ...(forward ? { aim: '≥ 90 % of the baseline', pass: withRules.rps >= 0.9 * without.rps } : {}),
          note: withRules.non2xx || without.non2xx ? `non-2xx ${withRules.non2xx}/${without.non2xx}` : undefined,
        },
      ),
    );
  }
  return rows;
}

export async function runReadings() {
  console.log(
    `\n== Readings (issue #4): ${STATIONS} stations, ${SECONDS} s load, import ${IMPORT_ROWS} rows, big data ${BIG_YEARS} years`,
  );
  const embedded = await onDatabase('embedded');
  const before = await onDatabase('pglite');
  // Issue #19: the default's push throughput against the PGlite it replaced, and its floor of 1,500 pushes/s.
  const pushes = (rows) => rows.find((r) => r.unit === 'pushes/s');
  const now = pushes(embedded);
  const old = pushes(before);
  const compare = row(
    'readings',
    'embedded default: station push, PostgreSQL 18 against PGlite before #19',
    now.value,
    'pushes/s',
    {
      baseline: { label: `PGlite (${OLD_REF}), same load`, value: old.value },
      aim: '≥ 1,500 pushes/s',
      pass: now.value >= 1500,
    },
  );
  console.log(
    `-- issue #19: default push throughput ${fmt(now.value)} pushes/s against ${fmt(old.value)} before (${fmt(now.value / old.value, 2)}×), floor 1,500: ${now.value >= 1500 ? 'met' : 'NOT MET'}`,
  );
  const quality = await qualityRulesCost();
  return [...quality, compare, ...embedded, ...before, ...(await onDatabase('postgres'))];
}

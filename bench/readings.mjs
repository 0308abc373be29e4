// Issue #4 figures, on the embedded database and on PostgreSQL, each against a baseline of the same run:
//   push throughput over HTTP (pushes/s, p99), bulk import rate (readings/s), and on PostgreSQL with
//   50 stations × BENCH_BIG_YEARS years of 10-minute readings: a one-year hourly series of one station and
//   the latest reading of every station.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchEnv, createDatabase, fmt, freePort, median, root, signIn, start } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BIG_YEARS = Number(process.env.BENCH_BIG_YEARS ?? 10);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const STATIONS = 50;
const TZ = 'Asia/Ho_Chi_Minh';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** District date, hour and minute of an instant, as the push and the import want them. */
function districtParts(t) {
  const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { date: `${p.day}/${p.month}/${p.year}`, hour: p.hour, minute: p.minute };
}

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

async function pushThroughput(base, stations) {
  // Unique station × minute pairs, walking back from yesterday, so every push stores a new reading.
  const paths = [];
  const t0 = Date.now() - 86_400_000;
  for (let i = 0; paths.length < SECONDS * 6000; i++) {
    const p = districtParts(t0 - i * 60_000);
    for (const s of stations) {
      const q = new URLSearchParams({
        stationCode: s.code,
        ...p,
        value: s.kind === 'rain' ? '1.5' : '123.4',
        key: s.key,
      });
      paths.push(`/api/${s.kind === 'rain' ? 'receive-rain' : 'receive-water-level'}?${q}`);
    }
  }
  let next = 0;
  const r = await autocannon({
    url: base,
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

async function importRate(base, token, stations) {
  const lines = ['stationCode,date,hour,minute,value'];
  const t0 = Date.now() - 3 * 86_400_000;
  const per = Math.ceil(IMPORT_ROWS / stations.length);
  for (let i = 0; i < per; i++) {
    const p = districtParts(t0 - i * 600_000);
    for (const s of stations) lines.push(`${s.code},${p.date},${p.hour},${p.minute},${s.kind === 'rain' ? 0.5 : 100}`);
  }
  const csv = lines.slice(0, IMPORT_ROWS + 1).join('\n');
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

/** 50 stations × BIG_YEARS years of 10-minute readings written straight into PostgreSQL, with rollups. */
async function fillBig(url, stations) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const end = new Date();
  end.setUTCMinutes(0, 0, 0);
  const start = new Date(end.getTime() - BIG_YEARS * 365 * 86_400_000);
  const t0 = performance.now();
  await c.query('SET synchronous_commit = off');
  for (const [i, s] of stations.entries()) {
    await c.query(
      `insert into readings (station_id, observed_at, value)
       select $1, t, case when $2 = 'rain' then greatest(0, random() * 6 - 4) else 80 + 40 * sin(extract(epoch from t) / 86400) + random() * 5 end
       from generate_series($3::timestamptz, $4::timestamptz, interval '10 minutes') t
       on conflict do nothing`,
      [s.id, s.kind, start.toISOString(), end.toISOString()],
    );
    await c.query(
      `insert into readings_hourly (station_id, hour, sum, count, min, max, last_value, last_at)
       select station_id, date_trunc('hour', observed_at, 'UTC'), sum(value), count(*), min(value), max(value),
         (array_agg(value order by observed_at desc))[1], max(observed_at)
       from readings where station_id = $1 group by 1, 2
       on conflict (station_id, hour) do nothing`,
      [s.id],
    );
    process.stdout.write(
      `\r   filling: station ${i + 1}/${stations.length} (${fmt((performance.now() - t0) / 1000)} s)`,
    );
  }
  await c.query('analyze readings; analyze readings_hourly');
  const { rows } = await c.query('select count(*)::bigint as n from readings');
  const hourly = (await c.query('select count(*)::bigint as n from readings_hourly')).rows[0].n;
  await c.end();
  process.stdout.write('\n');
  return { rows: Number(rows[0].n), hourly: Number(hourly), seconds: (performance.now() - t0) / 1000 };
}

async function latency(url, runs = 21) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    ms.push(performance.now() - t);
  }
  return median(ms.slice(1));
}

async function onDatabase(kind) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-bench-'));
  const db = kind === 'postgres' ? await createDatabase() : null;
  const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, ...(db ? { DATABASE_URL: db.url } : {}) });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const stations = await createStations(base, token);
    const health = await autocannon({ url: `${base}/api/health`, connections: 16, duration: Math.min(5, SECONDS) });
    const push = await pushThroughput(base, stations);
    const imp = await importRate(base, token, stations);
    console.log(`-- ${kind === 'postgres' ? 'PostgreSQL 15' : 'embedded PGlite'}`);
    console.log(
      `   baseline: GET /api/health, 16 connections ........ ${fmt(health.requests.average)} req/s, p99 ${health.latency.p99} ms`,
    );
    console.log(
      `   station push (GET receive-*), 16 connections ...... ${fmt(push.rps)} pushes/s (${fmt(push.rps / health.requests.average, 2)}×), p50 ${push.p50} ms, p99 ${push.p99} ms, non-2xx ${push.non2xx}${push.wrapped ? ' (some repeated: duplicates)' : ''}`,
    );
    console.log(
      `   bulk import (CSV ${fmt(imp.bytes / 1e6, 1)} MB, ${imp.stored} readings) ...... ${fmt(imp.rate)} readings/s (${fmt(imp.seconds, 1)} s, ${imp.status})`,
    );
    if (kind === 'postgres' && BIG_YEARS > 0) {
      const big = await fillBig(db.url, stations);
      console.log(
        `   big data: ${big.rows.toLocaleString('en')} readings, ${big.hourly.toLocaleString('en')} hourly rollups (filled in ${fmt(big.seconds)} s)`,
      );
      const healthMs = await latency(`${base}/api/health`);
      const y = new Date();
      const fromYear = districtParts(y.getTime() - 365 * 86_400_000).date;
      const to = districtParts(y.getTime()).date;
      const water = stations.find((s) => s.kind === 'water');
      const seriesMs = await latency(
        `${base}/api/water?stationCode=${water.code}&history=true&from=${fromYear}&to=${to}`,
      );
      const latestMs = await latency(`${base}/api/water?type=CURRENT_HIGH`);
      const latestRainMs = await latency(`${base}/api/water?type=CURRENT_RAIN`);
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
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (db) await db.drop();
  }
}

export async function runReadings() {
  console.log(
    `\n== Readings (issue #4): ${STATIONS} stations, ${SECONDS} s load, import ${IMPORT_ROWS} rows, big data ${BIG_YEARS} years`,
  );
  await onDatabase('pglite');
  await onDatabase('postgres');
}

// Issue #11 item 7, the load test: BENCH_LOAD_STREAMS (2,000) open /api/events streams plus BENCH_LOAD_RATE
// (500) requests/s at a constant rate on the public reads the portal's pages poll, for BENCH_LOAD_SECONDS (60),
// while a reading is pushed every second so every stream has events to deliver. Reports errors (non-2xx, failed
// calls, dropped streams, events a stream missed), latency of the reads (measured from each call's scheduled
// time, so a stall is not hidden), events per stream, and the server's RSS every 10 s (stable: the end within
// 10 % of the 10 s mark). Baseline: Node's bare `http` serving the same bytes, relaying the same pushes to as
// many streams, under the same load for BENCH_LOAD_BASELINE_SECONDS (20).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startBare } from './baselines.mjs';
import { openStreams } from './event-streams.mjs';
import { benchEnv, districtParts, fmt, freePort, root, signIn, sleep, start, tempDataDir } from './lib.mjs';
import { constantRate, openFilesLimit, rssMiB } from './load-tools.mjs';
import { row } from './report.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_LOAD_BASELINE_SECONDS ?? Math.min(20, SECONDS));
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 5);
const STREAMS = Number(process.env.BENCH_LOAD_STREAMS ?? 2000);
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 500);
const SAMPLE_MS = 10_000;
/**
 * The hot public reads residents cause on a storm night: the map and dashboard's polls (prepared bytes, the
 * routes registered with hotReads.add: server/src/lib/hot-reads.ts) and the two lists of `/news` (the anonymous
 * news list cache, news-list.cache.ts). BENCH_LOAD_READS (comma-separated paths) changes the mix.
 */
const READS = (
  process.env.BENCH_LOAD_READS ??
  [
    '/api/water?type=CURRENT_HIGH',
    '/api/water?type=CURRENT_RAIN',
    '/api/data-layer?pageSize=100',
    '/api/news?page=1&pageSize=6&type=WARNING',
    '/api/news?page=1&pageSize=6&type=NORMAL',
  ].join(',')
).split(',');
const pct = (xs, p) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] : Number.NaN;

/** The whole load on one server (portal or bare): streams, constant-rate reads, a push a second, RSS samples. */
async function loadOn(base, pid, station, pushBase, seconds) {
  const counts = new Int32Array(STREAMS);
  const sentAt = new Map();
  const delivery = [];
  const drops = [];
  // Warm-up (not counted): caches filled, code optimised.
  if (WARMUP_SECONDS > 0) await constantRate(base, READS, RATE, WARMUP_SECONDS);
  const rss = [{ at: 0, mib: await rssMiB(pid), label: 'warm, no stream' }];
  const close = await openStreams(
    base,
    STREAMS,
    (i, data, t) => {
      if (data.stationCode !== station.code) return;
      const t0 = sentAt.get(data.observedAt);
      if (t0 === undefined) return;
      counts[i]++;
      delivery.push(t - t0);
    },
    { onDrop: (i, why) => drops.push({ i, why }), batch: 250 },
  );
  rss.push({ at: 0, mib: await rssMiB(pid), label: 'streams open' });
  let pushes = 0;
  let pushFailures = 0;
  let running = true;
  const started = performance.now();
  const pusher = (async () => {
    for (let n = 0; running; n++) {
      const due = started + n * 1000;
      await sleep(Math.max(0, due - performance.now()));
      if (!running) break;
      // A new minute each push (walking back from two minutes ago), so every push stores a reading.
      const t = pushBase - (n + 2) * 60_000;
      const observedAt = new Date(Math.floor(t / 60_000) * 60_000).toISOString();
      sentAt.set(observedAt, performance.now());
      const q = new URLSearchParams({
        stationCode: station.code,
        ...districtParts(t),
        value: String(100 + (n % 50)),
        key: station.key,
      });
      try {
        const res = await fetch(`${base}/api/receive-water-level?${q}`);
        const body = await res.json();
        if (res.ok && body.stored) pushes++;
        else pushFailures++;
      } catch {
        pushFailures++;
      }
    }
  })();
  const sampler = setInterval(async () => {
    rss.push({ at: Math.round((performance.now() - started) / 1000), mib: await rssMiB(pid) });
  }, SAMPLE_MS);
  const reads = await constantRate(base, READS, RATE, seconds);
  running = false;
  clearInterval(sampler);
  await pusher;
  // Give the last push time to reach every stream before counting.
  for (let w = 0; w < 50 && counts.some((c) => c < pushes); w++) await sleep(100);
  rss.push({ at: Math.round((performance.now() - started) / 1000), mib: await rssMiB(pid), label: 'end' });
  close();
  const sorted = [...counts].sort((a, b) => a - b);
  let missed = 0;
  for (const c of counts) missed += Math.max(0, pushes - c);
  return {
    reads,
    pushes,
    pushFailures,
    drops,
    missed,
    minEvents: sorted[0],
    medianEvents: sorted[sorted.length >> 1],
    delivery,
    rss,
  };
}

function print(label, r) {
  const reqs = r.reads.latencies.length;
  console.log(`-- ${label}`);
  console.log(
    `   reads: ${reqs}/${r.reads.total} answered in ${fmt(r.reads.seconds, 1)} s (${fmt(reqs / r.reads.seconds)} req/s), p50 ${fmt(pct(r.reads.latencies, 50), 2)} ms, p99 ${fmt(pct(r.reads.latencies, 99), 2)} ms, max ${fmt(pct(r.reads.latencies, 100), 1)} ms; non-2xx ${r.reads.non2xx}${r.reads.non2xx ? ` ${JSON.stringify(r.reads.statuses)}` : ''}, failed ${r.reads.failed}`,
  );
  for (const [k, p] of READS.entries())
    console.log(
      `     ${p.padEnd(34)} p50 ${fmt(pct(r.reads.byPath[k], 50), 2)} ms, p99 ${fmt(pct(r.reads.byPath[k], 99), 2)} ms`,
    );
  console.log(
    `   streams: ${STREAMS}, dropped ${r.drops.length}; pushes stored ${r.pushes} (failed ${r.pushFailures}); events per stream min ${r.minEvents}, median ${r.medianEvents}, missed ${r.missed}; push → stream p50 ${fmt(pct(r.delivery, 50), 1)} ms, p99 ${fmt(pct(r.delivery, 99), 1)} ms`,
  );
  console.log(`   RSS (MiB): ${r.rss.map((s) => `${s.label ?? `${s.at} s`} ${fmt(s.mib)}`).join(', ')}`);
}

export async function runLoad() {
  console.log(
    `\n== Load (issue #11): ${STREAMS} event streams + ${RATE} req/s on the public reads for ${SECONDS} s, a push a second; embedded PGlite, demo content`,
  );
  const limit = await openFilesLimit();
  if (limit < STREAMS + 1024)
    throw new Error(
      `open files limit ${limit} is too low for ${STREAMS} streams: run \`ulimit -n ${STREAMS + 1024}\` (or more) first`,
    );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDataDir();
  const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, DEMO: '1' });
  const server = await start(
    process.execPath,
    [path.join(root, 'server', 'dist', 'main.js')],
    env,
    `${base}/api/health`,
  );
  const rows = [];
  try {
    const token = await signIn(base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    const res = await fetch(`${base}/api/station`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: 'F01900', name: 'Trạm tải thử', description: 'bench', lat: 21.27, long: 107.28 }),
    });
    if (!res.ok) throw new Error(`station: ${res.status} ${await res.text()}`);
    const station = { code: 'F01900', key: (await res.json()).pushKey };
    // The bytes each read answers now, for the baseline; and a warm cache.
    const bodies = {};
    for (const p of READS) {
      const r = await fetch(`${base}${p}`, { headers: { 'accept-encoding': 'identity' } });
      if (!r.ok) throw new Error(`${p}: ${r.status}`);
      bodies[p] = { body: Buffer.from(await r.arrayBuffer()) };
    }
    const ackRes = await fetch(
      `${base}/api/receive-water-level?${new URLSearchParams({ stationCode: station.code, ...districtParts(Date.now()), value: '100', key: station.key })}`,
    );
    const ack = Buffer.from(await ackRes.arrayBuffer());
    const now = Date.now();
    const portal = await loadOn(base, server.pid, station, now, SECONDS);
    print('portal (embedded PGlite)', portal);

    const bare = await startBare({ ...bodies, '/api/receive-water-level': { body: ack, relay: true } });
    let baseline;
    try {
      baseline = await loadOn(bare.base, bare.pid, station, now - (SECONDS + 10) * 60_000, BASELINE_SECONDS);
    } finally {
      await bare.stop();
    }
    print(`baseline: Node's bare http, the same bytes and relay, ${BASELINE_SECONDS} s`, baseline);
    rows.push(...loadRows(portal, baseline));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
  return rows;
}

function loadRows(p, b) {
  const errors = p.reads.non2xx + p.reads.failed + p.drops.length + p.missed + p.pushFailures;
  const rate = p.reads.inWindow / SECONDS;
  const mark = p.rss.find((s) => s.at >= SAMPLE_MS / 1000 && !s.label) ?? p.rss[1];
  const markLabel = mark.label ?? `${mark.at} s`;
  const end = p.rss.at(-1);
  const bare = (value) => ({ label: 'bare http, same bytes and load', value });
  const delivered = (r) => (r.pushes ? 100 * (1 - r.missed / (r.pushes * STREAMS)) : 0);
  const what = `${STREAMS} streams + ${RATE} req/s, ${SECONDS} s`;
  return [
    row('load', `errors, ${what}`, errors, '', {
      baseline: bare(b.reads.non2xx + b.reads.failed + b.drops.length + b.missed + b.pushFailures),
      aim: '0',
      pass: errors === 0,
      note: `non-2xx ${p.reads.non2xx}, failed calls ${p.reads.failed}, dropped streams ${p.drops.length}, missed events ${p.missed}, failed pushes ${p.pushFailures}`,
    }),
    row('load', `public reads answered per second, within the window + 1 s (target ${RATE})`, rate, 'req/s', {
      baseline: bare(b.reads.inWindow / BASELINE_SECONDS),
      aim: `≥ ${fmt(RATE * 0.99)} req/s`,
      pass: rate >= RATE * 0.99,
    }),
    row('load', 'public reads under load, p50', pct(p.reads.latencies, 50), 'ms', {
      digits: 2,
      baseline: bare(pct(b.reads.latencies, 50)),
    }),
    row('load', 'public reads under load, p99', pct(p.reads.latencies, 99), 'ms', {
      digits: 2,
      baseline: bare(pct(b.reads.latencies, 99)),
    }),
    row('load', `events delivered, ${p.pushes} pushes × ${STREAMS} streams`, delivered(p), '%', {
      digits: 2,
      baseline: bare(delivered(b)),
      aim: '100 %',
      pass: p.pushes > 0 && p.missed === 0,
      note: `per stream min ${p.minEvents}, median ${p.medianEvents}`,
    }),
    row('load', 'push → stream under load, p99', pct(p.delivery, 99), 'ms', {
      digits: 1,
      baseline: bare(pct(b.delivery, 99)),
    }),
    row(
      'load',
      `server RSS at ${markLabel} (${fmt(p.rss[0].mib)} MiB warm without streams, ${fmt(p.rss[1].mib)} MiB with them open)`,
      mark.mib,
      'MiB',
      {
        baseline: bare(b.rss.find((s) => s.at >= SAMPLE_MS / 1000 && !s.label)?.mib ?? b.rss[1].mib),
      },
    ),
    row('load', `server RSS at the end (${p.rss.map((s) => fmt(s.mib)).join(' → ')} MiB)`, end.mib, 'MiB', {
      baseline: bare(b.rss.at(-1).mib),
      aim: `within 10 % of ${markLabel}`,
      pass: Math.abs(end.mib - mark.mib) <= mark.mib * 0.1,
    }),
  ];
}

// Issue #7 bench helpers for the map's hot reads (bench/map.mjs part a): wrk -t2 -c50 (autocannon with 50
// connections where wrk is absent, as on CI), and Node's bare `http` serving fixed bytes in its own process.
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { startBare } from './baselines.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const HAS_WRK = !spawnSync('wrk', ['--version']).error;
export const TOOL = HAS_WRK ? `wrk -t2 -c50 -d${SECONDS}s` : `autocannon, 50 connections, ${SECONDS} s`;

/** wrk's latency with its unit (850.00us, 3.21ms, 1.02s) in milliseconds. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

function runWrk(url, seconds, headers) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t2', '-c50', `-d${seconds}s`, '--latency', ...h, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
      const p99 = /^\s*99%\s+(\S+)/m.exec(out);
      if (code !== 0 || !rps || !p99) return reject(new Error(`wrk failed (${code}):\n${out}`));
      const non = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
      resolve({ rps: Number(rps[1]), p99: wrkMs(p99[1]), errors: non ? Number(non[1]) : 0 });
    });
  });
}

async function load(url, seconds = SECONDS, headers = {}) {
  if (HAS_WRK) return runWrk(url, seconds, headers);
  const r = await autocannon({ url, connections: 50, duration: seconds, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/** Warm-up, then the measured run: calls/s, p99 (ms) and errors under wrk -t2 -c50 (or autocannon). */
export async function measure(url, headers = {}) {
  await load(url, 2, headers);
  return load(url, SECONDS, headers);
}

/** Rounds of a paired measurement (BENCH_ROUNDS, default 5). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/**
 * Servers measured in turns — each warmed up, then ROUNDS rounds of SECONDS/ROUNDS each, one after the other — so
 * that a load from elsewhere on the machine (a build, another bench) weighs on each alike and their ratio holds:
 * calls/s over all rounds, the worst p99 of the rounds, errors summed; one result per URL, in order.
 */
export async function measureInTurns(urls, headers = {}) {
  for (const url of urls) await load(url, 2, headers);
  const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
  const sums = urls.map(() => ({ calls: 0, seconds: 0, p99: 0, errors: 0 }));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, url] of urls.entries()) {
      const m = await load(url, slice, headers);
      sums[i].calls += m.rps * slice;
      sums[i].seconds += slice;
      sums[i].p99 = Math.max(sums[i].p99, m.p99);
      sums[i].errors += m.errors;
    }
  }
  return sums.map((s) => ({ rps: s.calls / s.seconds, p99: s.p99, errors: s.errors }));
}

/**
 * Calls/s and p99 of each read ({ label, path, headers? }) on the portal and on Node's bare `http` answering with the
 * very bytes (and content type, ETag and Cache-Control) the portal sent for the same request; one bare server for all.
 */
export async function hotReads(base, reads) {
  const sent = [];
  for (const r of reads) {
    const res = await fetch(`${base}${r.path}`, { headers: r.headers ?? {} });
    if (!res.ok) throw new Error(`${r.path}: ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const headers = { etag: '"bare"' };
    for (const h of ['content-type', 'cache-control', 'content-disposition']) {
      if (res.headers.has(h)) headers[h] = res.headers.get(h);
    }
    sent.push({ bytes, headers });
  }
  const bare = await startBare(
    Object.fromEntries(sent.map((s, i) => [`/read-${i}`, { body: s.bytes, headers: s.headers }])),
  );
  const out = [];
  try {
    for (const [i, r] of reads.entries()) {
      const [portal, baseline] = await measureInTurns([`${base}${r.path}`, `${bare.base}/read-${i}`], r.headers);
      out.push({ ...r, portal, baseline, bytes: sent[i].bytes.length });
    }
  } finally {
    await bare.stop();
  }
  return out;
}

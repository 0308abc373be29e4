// Issue #7 bench helpers for the map's hot reads (bench/map.mjs part a): wrk -t2 -c50 (autocannon with 50
// connections where wrk is absent, as on CI), and Node's bare `http` serving fixed bytes in its own process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, start } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const HAS_WRK = !spawnSync('wrk', ['--version']).error;
export const TOOL = HAS_WRK ? `wrk -t2 -c50 -d${SECONDS}s` : `autocannon, 50 connections, ${SECONDS} s`;

/** wrk's latency with its unit (850.00us, 3.21ms, 1.02s) in milliseconds. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

function runWrk(url, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t2', '-c50', `-d${seconds}s`, '--latency', url], {
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

async function load(url, seconds = SECONDS) {
  if (HAS_WRK) return runWrk(url, seconds);
  const r = await autocannon({ url, connections: 50, duration: seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

/** Warm-up, then the measured run. */
async function measure(url) {
  await load(url, 2);
  return load(url);
}

/** Node's bare `http` answering each path with fixed bytes, in its own process like the portal. */
async function startBare(bodies) {
  const dir = await mkdtemp(path.join(tmpdir(), 'flood-bench-bare-'));
  const files = {};
  for (const [p, bytes] of Object.entries(bodies)) {
    const f = path.join(dir, `${Object.keys(files).length}.json`);
    await writeFile(f, bytes);
    files[p] = f;
  }
  const port = await freePort();
  const code = `
    const http = require('node:http'), fs = require('node:fs');
    const files = ${JSON.stringify(files)};
    const bodies = Object.fromEntries(Object.entries(files).map(([p, f]) => [p, fs.readFileSync(f)]));
    http.createServer((req, res) => {
      const body = bodies[req.url];
      if (!body) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length,
        etag: '"bare"', 'cache-control': 'public, max-age=5' });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const base = `http://127.0.0.1:${port}`;
  const first = Object.keys(bodies)[0];
  const server = await start(process.execPath, ['-e', code], {}, `${base}${first}`);
  return {
    base,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Calls/s and p99 of each path on the portal and on bare `http` with the bytes the portal sent. */
export async function hotReads(base, paths) {
  const bytes = {};
  for (const [k, p] of Object.entries(paths)) {
    const res = await fetch(`${base}${p}`);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    bytes[k] = Buffer.from(await res.arrayBuffer());
  }
  const bare = await startBare({ '/latest': bytes.latest, '/layers': bytes.layers });
  const out = {};
  try {
    for (const k of Object.keys(paths)) {
      const portal = await measure(`${base}${paths[k]}`);
      const baseline = await measure(`${bare.base}/${k}`);
      out[k] = { portal, baseline, bytes: bytes[k].length };
    }
  } finally {
    await bare.stop();
  }
  return out;
}

// Prints the figures of the foundation issue, each with a baseline measured in the same run:
//   1. cold start of `npm start` (already built) until /api/health answers, embedded database;
//   2. login calls per second through the real HTTP stack.
// Usage: npm run bench   (builds first). Env: BENCH_RUNS (default 5), BENCH_SECONDS (default 10).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function waitFor(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await sleep(10);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a command in its own process group; resolves when `url` answers; returns ms and a stopper. */
async function start(cmd, args, env, url) {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: 'ignore' });
  await waitFor(url);
  const ms = performance.now() - t0;
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    await Promise.race([exited, sleep(5000)]);
  };
  return { ms, stop };
}

/** A port nobody listens on (this machine runs MariaDB, RabbitMQ… on well-known ones). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
async function coldStarts() {
  const bare = [];
  const first = [];
  const again = [];
  for (let i = 0; i < RUNS; i++) {
    const p = await freePort();
    const b = await start(
      process.execPath,
      ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${p},'127.0.0.1')`],
      {},
      `http://127.0.0.1:${p}/`,
    );
    bare.push(b.ms);
    await b.stop();

    const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-bench-'));
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' };
    const url = `http://127.0.0.1:${port}/api/health`;
    const f = await start('npm', ['start', '--silent'], env, url);
    first.push(f.ms);
    await f.stop();
    const a = await start('npm', ['start', '--silent'], env, url);
    again.push(a.ms);
    await a.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return { bare: median(bare), first: median(first), again: median(again) };
}

async function loginRate() {
  const p = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-bench-'));
  const email = 'admin@bench.local';
  const password = 'bench-password-1';
  const env = {
    PORT: String(p),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
    // The bench measures the login path itself: no per-IP cap, a trivial proof of work solved in advance.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '2',
  };
  const base = `http://127.0.0.1:${p}`;
  const server = await start('npm', ['start', '--silent'], env, `${base}/api/health`);
  try {
    const health = await autocannon({ url: `${base}/api/health`, connections: 10, duration: SECONDS });
    const bodies = [];
    const needed = Math.ceil(SECONDS * 400);
    for (let i = 0; i < needed; i++) {
      const challenge = await (await fetch(`${base}/api/altcha-challenge`)).json();
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      bodies.push(JSON.stringify({ email, password, altcha }));
    }
    let next = 0;
    const login = await autocannon({
      url: `${base}/api/user-login`,
      method: 'POST',
      connections: 8,
      duration: SECONDS,
      headers: { 'content-type': 'application/json' },
      requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
    });
    return {
      healthRps: health.requests.average,
      loginRps: login.requests.average,
      loginP50: login.latency.p50,
      loginP99: login.latency.p99,
      non2xx: login.non2xx,
      used: next,
      available: bodies.length,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, d = 0) => n.toFixed(d);
console.log(`Benchmark (${RUNS} runs each, median; ${SECONDS} s load) — ${new Date().toISOString()}`);
const cs = await coldStarts();
console.log('\n1. Khởi động / cold start of `npm start` (already built) → /api/health answers, embedded PGlite');
console.log(`   baseline: bare node http server start .......... ${fmt(cs.bare)} ms`);
console.log(
  `   first start (new DATA_DIR: migrate + admin) ..... ${fmt(cs.first)} ms  (${fmt(cs.first / cs.bare, 1)}× baseline)`,
);
console.log(
  `   restart (existing DATA_DIR) ...................... ${fmt(cs.again)} ms  (${fmt(cs.again / cs.bare, 1)}× baseline)`,
);
const lr = await loginRate();
console.log('\n2. Đăng nhập / login calls per second (POST /api/user-login, 8 connections, argon2id 19 MiB t=2)');
console.log(`   baseline: GET /api/health ........................ ${fmt(lr.healthRps)} req/s`);
console.log(
  `   POST /api/user-login ............................. ${fmt(lr.loginRps, 1)} req/s  (${fmt(lr.loginRps / lr.healthRps, 4)}× baseline), p50 ${lr.loginP50} ms, p99 ${lr.loginP99} ms, non-2xx ${lr.non2xx}`,
);
if (lr.used > lr.available)
  console.log(`   note: ${lr.used - lr.available} requests reused a payload (refused as replays)`);

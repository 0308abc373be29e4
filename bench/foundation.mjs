// Issue #2 figures (and #19: the embedded database before and after), each with a baseline measured in the same run:
//   1. cold start of `npm start` (already built) until /api/health answers, embedded database (baseline: a bare
//      node http server's start);
//   2. login calls per second through the real HTTP stack (baselines: Node's bare `http` answering the same
//      POST with the same bytes, and GET /api/health of the portal);
//   3. issue #19: the embedded PostgreSQL (the default now) against the embedded PGlite of the version before
//      (built from git, lib.mjs oldPgliteServer): first start, restart and memory (PSS of the portal and its
//      database processes) once started. Returns its rows for bench/run.mjs.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBare } from './baselines.mjs';
import {
  benchEnv,
  fmt,
  freePort,
  median,
  OLD_REF,
  oldPgliteServer,
  root,
  sleep,
  solvedAltcha,
  start,
  tempDataDir,
  treeMemoryMb,
} from './lib.mjs';
import { row } from './report.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function coldStarts() {
  const out = { bare: [], firstDemo: [], firstPlain: [], again: [] };
  for (let i = 0; i < RUNS; i++) {
    const p = await freePort();
    const b = await start(
      process.execPath,
      ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${p},'127.0.0.1')`],
      {},
      `http://127.0.0.1:${p}/`,
    );
    out.bare.push(b.ms);
    await b.stop();
    for (const demo of ['1', '0']) {
      const dataDir = await tempDataDir();
      const port = await freePort();
      const env = {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'bench-password-1',
        LOG_LEVEL: 'warn',
        DEMO: demo,
      };
      const url = `http://127.0.0.1:${port}/api/health`;
      const f = await start('npm', ['start', '--silent'], env, url);
      (demo === '1' ? out.firstDemo : out.firstPlain).push(f.ms);
      await f.stop();
      if (demo === '1') {
        const a = await start('npm', ['start', '--silent'], env, url);
        out.again.push(a.ms);
        await a.stop();
      }
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, median(v)]));
}

async function loginRate() {
  const p = await freePort();
  const dataDir = await tempDataDir();
  const env = benchEnv({ PORT: String(p), DATA_DIR: dataDir });
  const base = `http://127.0.0.1:${p}`;
  const server = await start('npm', ['start', '--silent'], env, `${base}/api/health`);
  try {
    const health = await autocannon({ url: `${base}/api/health`, connections: 10, duration: SECONDS });
    const bodies = [];
    for (let i = 0; i < SECONDS * 400; i++) {
      bodies.push(
        JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, altcha: await solvedAltcha(base) }),
      );
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
    const reused = Math.max(0, next - bodies.length);
    // Baseline: Node's bare http answering the same POST (same bodies) with the bytes of one real login answer.
    const one = await fetch(`${base}/api/user-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, altcha: await solvedAltcha(base) }),
    });
    if (!one.ok) throw new Error(`login: ${one.status}`);
    const bare = await startBare({ '/api/user-login': { body: Buffer.from(await one.arrayBuffer()) } });
    try {
      next = 0;
      const node = await autocannon({
        url: `${bare.base}/api/user-login`,
        method: 'POST',
        connections: 8,
        duration: SECONDS,
        headers: { 'content-type': 'application/json' },
        requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: bodies[next++ % bodies.length] }) }],
      });
      return { health, login, node, reused };
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

/** First start, restart and memory of `node <main>` on a new DATA_DIR, median of RUNS. */
async function embeddedStarts(main) {
  const out = { first: [], again: [], memory: [] };
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const env = benchEnv({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: path.join(root, 'web', 'dist') });
    const url = `http://127.0.0.1:${port}/api/health`;
    const first = await start(process.execPath, [main], env, url);
    out.first.push(first.ms);
    await first.stop();
    const again = await start(process.execPath, [main], env, url);
    out.again.push(again.ms);
    await sleep(2000); // settled: the start's allocations collected, the database idle
    out.memory.push(await treeMemoryMb(again.pid));
    await again.stop();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, median(v)]));
}

export async function runFoundation() {
  console.log(`\n== Foundation (issue #2): ${RUNS} runs each, median; ${SECONDS} s load`);
  const cs = await coldStarts();
  console.log('1. Khởi động / cold start of `npm start` (already built) → /api/health answers, embedded PostgreSQL');
  console.log(`   baseline: bare node http server start ............ ${fmt(cs.bare)} ms`);
  console.log(
    `   first start, demo data loaded (default) ........... ${fmt(cs.firstDemo)} ms  (${fmt(cs.firstDemo / cs.bare, 1)}×)`,
  );
  console.log(
    `   first start, DEMO=0 (migrate + system account) .... ${fmt(cs.firstPlain)} ms  (${fmt(cs.firstPlain / cs.bare, 1)}×)`,
  );
  console.log(
    `   restart (existing DATA_DIR) ........................ ${fmt(cs.again)} ms  (${fmt(cs.again / cs.bare, 1)}×)`,
  );
  const { health, login, node, reused } = await loginRate();
  console.log('2. Đăng nhập / login calls per second (POST /api/user-login, 8 connections, argon2id 19 MiB t=2)');
  console.log(`   baseline: bare node http, same POST and answer .. ${fmt(node.requests.average)} req/s`);
  console.log(`   baseline: GET /api/health (database round-trip) .. ${fmt(health.requests.average)} req/s`);
  console.log(
    `   POST /api/user-login ............................... ${fmt(login.requests.average, 1)} req/s  (${fmt(login.requests.average / health.requests.average, 4)}×), p50 ${login.latency.p50} ms, p99 ${login.latency.p99} ms, non-2xx ${login.non2xx}`,
  );
  if (reused) console.log(`   note: ${reused} requests reused a payload (refused as replays)`);
  const oldMain = await oldPgliteServer();
  const pgNew = await embeddedStarts(path.join(root, 'server', 'dist', 'main.js'));
  const pgOld = await embeddedStarts(oldMain);
  console.log(`3. CSDL nhúng / embedded database (issue #19): PostgreSQL 18 (now) against PGlite (${OLD_REF}), DEMO=0`);
  console.log(`   baseline: PGlite, first start ...................... ${fmt(pgOld.first)} ms`);
  console.log(
    `   PostgreSQL, first start (initdb + migrate) ........ ${fmt(pgNew.first)} ms  (${fmt(pgNew.first / pgOld.first, 2)}×)`,
  );
  console.log(`   baseline: PGlite, restart .......................... ${fmt(pgOld.again)} ms`);
  console.log(
    `   PostgreSQL, restart ................................ ${fmt(pgNew.again)} ms  (${fmt(pgNew.again / pgOld.again, 2)}×)`,
  );
  console.log(`   baseline: PGlite, memory once started (PSS) ........ ${fmt(pgOld.memory)} MB`);
  console.log(
    `   PostgreSQL, memory once started (PSS, all processes) ${fmt(pgNew.memory)} MB  (${fmt(pgNew.memory / pgOld.memory, 2)}×)`,
  );
  const bareStart = { label: 'bare node http start', value: cs.bare };
  const old = (label, value) => ({ label: `PGlite before #19, ${label}`, value });
  const embeddedRows = [
    row('foundation', 'embedded PostgreSQL: first start, DEMO=0 (node dist/main.js)', pgNew.first, 'ms', {
      baseline: old('first start', pgOld.first),
    }),
    row('foundation', 'embedded PostgreSQL: restart', pgNew.again, 'ms', { baseline: old('restart', pgOld.again) }),
    row('foundation', 'embedded PostgreSQL: memory once started (PSS of all processes)', pgNew.memory, 'MB', {
      baseline: old('memory once started', pgOld.memory),
    }),
  ];
  return [
    ...embeddedRows,
    row('foundation', 'cold start, first, demo data loaded (default)', cs.firstDemo, 'ms', { baseline: bareStart }),
    row('foundation', 'cold start, first, DEMO=0', cs.firstPlain, 'ms', { baseline: bareStart }),
    row('foundation', 'restart (existing DATA_DIR)', cs.again, 'ms', { baseline: bareStart }),
    row('foundation', 'POST /api/user-login, 8 connections (argon2id)', login.requests.average, 'req/s', {
      digits: 1,
      baseline: { label: 'bare http, same POST and answer', value: node.requests.average },
      note: login.non2xx ? `non-2xx ${login.non2xx}` : undefined,
    }),
    row('foundation', 'POST /api/user-login, p99', login.latency.p99, 'ms', {
      baseline: { label: 'bare http, same POST and answer', value: node.latency.p99 },
    }),
  ];
}

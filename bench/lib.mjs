// Shared helpers of the benchmark scripts: free ports, starting processes, waiting for health, signing in.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';

const PG_ADMIN = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const fmt = (n, d = 0) => Number(n).toFixed(d);

const districtClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** District date, hour and minute of an instant, as the station push and the import want them. */
export function districtParts(t) {
  const p = Object.fromEntries(districtClock.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { date: `${p.day}/${p.month}/${p.year}`, hour: p.hour, minute: p.minute };
}

/** A port nobody listens on (this machine runs MariaDB, RabbitMQ… on well-known ones). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 120_000) {
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

/** Starts a command in its own process group; resolves when `url` answers; returns ms, its pid and a stopper. */
export async function start(cmd, args, env, url) {
  const t0 = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: 'ignore' });
  await waitFor(url);
  const ms = performance.now() - t0;
  // Waits for the exit (a server still closing would answer the next one's health check on a reused port or
  // hold its DATA_DIR); after 20 s the whole group is killed.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    if ((await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)])) === false) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      await Promise.race([exited, sleep(5000)]);
    }
    // `npm start` exits before the server it started has closed: wait until nothing answers on `url` (the
    // next start would otherwise be timed by the old server's answer, and its DATA_DIR still be in use).
    const end = Date.now() + 20_000;
    while (Date.now() < end) {
      try {
        await fetch(url, { signal: AbortSignal.timeout(1000) });
      } catch {
        return;
      }
      await sleep(50);
    }
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  return { ms, pid: child.pid, stop };
}

/** The built portal (server/dist) on `base`, with `env`; resolves when it answers its health check. */
export function startPortal(base, env) {
  return start(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], env, `${base}/api/health`);
}

/** A water station in the town (levels 30/50/70 cm) made through the API; its push key. */
export async function createWaterStation(base, auth, code, name) {
  const res = await fetch(`${base}/api/station`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      code,
      name,
      description: 'bench',
      lat: 21.27,
      long: 107.29,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
    }),
  });
  return (await res.json()).pushKey;
}

/** A solved human check of a running portal (its ALTCHA cost set low by the bench). */
export async function solvedAltcha(base) {
  const challenge = await (await fetch(`${base}/api/altcha-challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs in through the real call and returns the bearer token. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, altcha: await solvedAltcha(base) }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Environment of a benchmark server: no demo, quiet, trivial proof of work, no login cap. */
export function benchEnv(extra) {
  return {
    DEMO: '0',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'admin@bench.local',
    ADMIN_PASSWORD: 'bench-password-1',
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '2',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    // The bench opens its thousands of event streams from one address.
    EVENTS_MAX_PER_ADDRESS: '100000',
    EVENTS_MAX_TOTAL: '100000',
    ...extra,
  };
}

/** A new DATA_DIR in the temporary folder, reachable by the embedded PostgreSQL's user when the bench runs as root. */
export async function tempDataDir(prefix = 'flood-bench-') {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

/** A new PostgreSQL database on the local server (BENCH_PG), dropped by `drop()`. */
export async function createDatabase() {
  const name = `flood_bench_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(PG_ADMIN);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: PG_ADMIN });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/**
 * The server as it was before issue #19, on its embedded PGlite: built once from git (BENCH_OLD_REF, default the
 * last commit before the change) into .bench-old/ inside the repository, so that it uses this checkout's
 * node_modules. Returns the path of its dist/main.js (run it with WEB_DIST pointing at this web/dist).
 */
export const OLD_REF = process.env.BENCH_OLD_REF ?? '642fe5e';
export async function oldPgliteServer() {
  const { execFileSync } = await import('node:child_process');
  const { existsSync, mkdirSync, rmSync, symlinkSync } = await import('node:fs');
  const dir = path.join(root, '.bench-old', OLD_REF);
  const main = path.join(dir, 'server', 'dist', 'main.js');
  if (existsSync(main)) return main;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', OLD_REF, 'domain', 'server', 'tsconfig.base.json'], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  // The workspaces' own node_modules (versions not hoisted to the root), shared with this checkout.
  for (const ws of ['server', 'domain']) {
    if (existsSync(path.join(root, ws, 'node_modules'))) {
      symlinkSync(path.join(root, ws, 'node_modules'), path.join(dir, ws, 'node_modules'));
    }
  }
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(dir, 'server'), stdio: 'inherit' });
  return main;
}

/**
 * Memory of a process and all its descendants (the portal and its embedded PostgreSQL): the sum of their PSS
 * (shared pages divided among the processes sharing them, so PostgreSQL's shared buffers count once), in MB.
 */
export async function treeMemoryMb(pid) {
  const { readdirSync, readFileSync } = await import('node:fs');
  const parentOf = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parentOf) {
      if (!tree.has(p) && tree.has(pp)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const p of tree) {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return kb / 1024;
}

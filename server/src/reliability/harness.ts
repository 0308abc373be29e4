// Helpers of the reliability tests: the real server as a child process, databases prepared before it starts,
// and station data loggers that retry a push until the server acknowledges it.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { rowsOf } from '../db/rows';
import { trustedSql } from '../features/readings/readings.repository';
import { insertStation } from '../features/stations/stations.repository';
import { pushTime } from '../test/push-time';
import { createScratchDatabase } from '../test/scratch-db';
import { tempDataDir } from '../test/temp-dir';

export { tempDataDir };

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>;
  /** What the process wrote to stdout (its log) and stderr (the last 20 KB). */
  stderr(): string;
}

/** Servers still running: killed when the test process exits, so a timed-out test leaves no orphan. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** More environment variables (e.g. LOG_LEVEL, EMBEDDED_RESTART_MAX_SECONDS). */
  env?: Record<string, string>;
  /** stdout and stderr appended to this file (as `npm start >> portal.log`) instead of a pipe. */
  logFile?: string;
}

/** Starts `server/src/main.ts` (through tsx, as `npm run dev` does) and waits until /api/health answers 200. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const logFd = opts.logFile ? openSync(opts.logFile, 'a') : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      ADMIN_PASSWORD: 'reliability-test-password',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  let err = '';
  // The log (stdout, warnings and errors only) and stderr together: what a failed test shows.
  const keep = (d: Buffer) => {
    err = (err + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (logFd !== undefined) closeSync(logFd);
  live.add(child);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(signal ?? `exit ${code}`);
    });
  });
  let ended: string | undefined;
  void exited.then((e) => {
    ended = e;
  });
  const tailOfLogFile = (file: string) => {
    try {
      return readFileSync(file, 'utf8').slice(-20_000);
    } catch (e) {
      return String(e);
    }
  };
  const server: ServerProcess = {
    child,
    exited,
    stderr: () => (opts.logFile ? tailOfLogFile(opts.logFile) : err),
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (ended) throw new Error(`server ended (${ended}) before it was healthy:\n${err}`);
    if ((await health(opts.port))?.status === 200) return server;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy within 60 s:\n${err}`);
}

/** SIGKILL: no shutdown hook runs, nothing is flushed; what was acknowledged must already be on disk. */
export async function killServer(server: ServerProcess): Promise<string> {
  server.child.kill('SIGKILL');
  return server.exited;
}

/** Stops the server as an operator would (SIGTERM: close the app and the database). */
export async function stopServer(server: ServerProcess): Promise<string> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const t = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const how = await server.exited;
  clearTimeout(t);
  return how;
}

/** GET /api/health: status and body, or undefined when nothing answers. */
export async function health(port: number): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return undefined;
  }
}

export interface TestStation {
  id: number;
  code: string;
  key: string;
}

/** Migrates a database and adds water-level stations, before any server opens it. */
export async function prepareDatabase(database: Database, count: number): Promise<TestStation[]> {
  await runMigrations(database);
  const stations: TestStation[] = [];
  for (let i = 0; i < count; i++) {
    const code = `REL${String(i).padStart(3, '0')}`;
    const key = `key-${code}-${i * 7919}`;
    const id = await insertStation(database.db, {
      code,
      name: `Trạm thử ${code}`,
      description: 'reliability test',
      kind: 'water',
      latitude: 21.2 + i / 1000,
      longitude: 107.3,
      pushKey: key,
    });
    stations.push({ id, code, key });
  }
  return stations;
}

/** The embedded database of a DATA_DIR (created and migrated when new); the server must not be running on it. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir, label: 'reliability test' });
  await runMigrations(database);
  return database;
}

export interface Reading {
  station: TestStation;
  at: Date;
  value: number;
}

/**
 * `perStation` readings a minute apart for each station, a month ago (history: no alert evaluation), each with its
 * own value, moving as a river does: the quality rules (#22) find them good, so they are rolled up and the rollups
 * checked against them mean something.
 */
export function makeReadings(stations: TestStation[], perStation: number): Reading[] {
  const start = Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000;
  const out: Reading[] = [];
  for (let i = 0; i < perStation; i++) {
    for (const [s, station] of stations.entries()) {
      const value = Math.round((150 + 40 * Math.sin(i / 40 + s) + i / 1000) * 100) / 100;
      out.push({ station, at: new Date(start + i * 60_000), value });
    }
  }
  return out;
}

/** Every reading in the database, keyed `stationId|epoch ms`, with its value. */
export async function readingsInDb(database: Database): Promise<Map<string, number>> {
  const result = await database.db.execute(
    sql`select station_id as s, (extract(epoch from observed_at) * 1000)::bigint as ms, value from readings`,
  );
  const out = new Map<string, number>();
  for (const r of rowsOf<{ s: number; ms: string | number; value: number }>(result)) {
    out.set(`${r.s}|${Number(r.ms)}`, Number(r.value));
  }
  return out;
}

/**
 * Hours whose rollup disagrees with the raw readings it holds — the trusted ones (#22: a suspect or bad reading is
 * stored but not rolled up) — by count or sum: empty when every write was atomic.
 */
export async function rollupMismatches(database: Database): Promise<unknown[]> {
  const result = await database.db.execute(sql`
    with raw as (
      select station_id, date_trunc('hour', observed_at, 'UTC') as hour, count(*)::int as n, sum(value) as total
      from readings where ${trustedSql()} group by 1, 2
    )
    select coalesce(r.station_id, h.station_id) as station_id, coalesce(r.hour, h.hour) as hour, r.n, h.count
    from raw r full join readings_hourly h on h.station_id = r.station_id and h.hour = r.hour
    where r.n is distinct from h.count or abs(coalesce(r.total, 0) - coalesce(h.sum, 0)) > 1e-6
    limit 10`);
  return rowsOf(result);
}

export const expectedMap = (readings: Reading[]) =>
  new Map(readings.map((r) => [`${r.station.id}|${r.at.getTime()}`, r.value]));

export interface PushStats {
  acked: number;
  /** Attempts that failed (connection refused or reset, 5xx, timeout) and were sent again. */
  retries: number;
  /** The HTTP statuses of the failed attempts that got an answer (e.g. 503 while the database is away), by count. */
  failedStatuses: Record<number, number>;
}

/** One GET over a kept-alive connection: status and body, or an error for a refused, reset or slow one. */
function get(agent: Agent, port: number, pathAndQuery: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAndQuery, agent, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Station data loggers: `concurrency` clients take readings off one list and push each until the server
 * answers 200 (connection errors, 5xx and timeouts are retried; a 4xx is a test bug and throws).
 */
export function pushAll(
  port: number,
  readings: Reading[],
  opts: { concurrency: number; onAck?: (acked: number) => void; deadlineMs: number },
): { stats: PushStats; done: Promise<PushStats>; abort(): void } {
  const stats: PushStats = { acked: 0, retries: 0, failedStatuses: {} };
  let aborted = false;
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  let next = 0;
  const deadline = Date.now() + opts.deadlineMs;
  async function client(): Promise<void> {
    while (next < readings.length) {
      const r = readings[next++] as Reading;
      const t = pushTime(r.at);
      const qs = new URLSearchParams({ stationCode: r.station.code, ...t, value: String(r.value), key: r.station.key });
      for (;;) {
        if (aborted) throw new Error('pushing aborted');
        if (Date.now() > deadline) throw new Error(`pushes not acknowledged in time (${stats.acked} acked)`);
        const res = await get(agent, port, `/api/receive-water-level?${qs}`).catch(() => undefined);
        if (res?.status === 200 && (JSON.parse(res.body) as { ok?: boolean }).ok === true) break;
        if (res && res.status < 500) throw new Error(`push refused ${res.status}: ${res.body}`);
        if (res) stats.failedStatuses[res.status] = (stats.failedStatuses[res.status] ?? 0) + 1;
        stats.retries++;
        await sleep(res ? 100 : 50);
      }
      stats.acked++;
      opts.onAck?.(stats.acked);
    }
  }
  const done = Promise.all(Array.from({ length: opts.concurrency }, client))
    .finally(() => agent.destroy())
    .then(() => stats);
  return {
    stats,
    done,
    abort: () => {
      aborted = true;
    },
  };
}

/**
 * Waits for `work`, failing at once when `failure` rejects first (the server died, a restart failed) instead
 * of when the loggers' deadline passes; `onFail` stops what is still running.
 */
export async function unlessFailed<T>(work: Promise<T>, failure: Promise<never>, onFail: () => void): Promise<T> {
  try {
    return await Promise.race([work, failure]);
  } catch (e) {
    onFail();
    await work.catch(() => {});
    throw e;
  }
}

/** A promise rejected by the first call of `fail` (and never resolved), for `unlessFailed`. */
export function failureSignal(): { failure: Promise<never>; fail: (e: unknown) => void } {
  let fail: (e: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failure.catch(() => {});
  return { failure, fail };
}

/**
 * Stops the embedded PostgreSQL that a killed server left running in DATA_DIR (its child outlives a SIGKILL),
 * so that a test leaves no process behind; the next start of a server would stop it as well.
 */
export async function reapEmbedded(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
}

/** Where a reliability test's server keeps its data: the embedded database of a DATA_DIR, or a PostgreSQL server. */
export interface Target {
  /** Opens the database (the server must not be running on an embedded one). */
  open(): Promise<Database>;
  dataDir: string;
  databaseUrl?: string;
}

/**
 * Runs `fn` on a fresh target, removed afterwards: the embedded database of a new DATA_DIR, or (`postgres`) a new
 * database on the server of TEST_DATABASE_URL with a DATA_DIR for the files.
 */
export async function onFreshTarget(kind: 'embedded' | 'postgres', fn: (t: Target) => Promise<void>): Promise<void> {
  const dataDir = await tempDataDir('flood-rel-');
  if (kind === 'embedded') {
    try {
      await fn({ dataDir, open: () => openEmbedded(dataDir) });
    } finally {
      await reapEmbedded(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, { prefix: 'flood_rel' });
  try {
    await fn({ dataDir, databaseUrl: scratch.url, open: () => openDatabase({ url: scratch.url, poolSize: 2 }) });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

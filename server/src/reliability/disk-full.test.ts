// Issue #19 item 4: the disk of DATA_DIR fills up under a running server (the embedded PostgreSQL on a small
// tmpfs). Every push that cannot be stored answers 503 with Retry-After (never 500), /api/health keeps answering
// and reports the database, the same process recovers by itself once space returns, and SIGTERM stops it within
// 10 s, also while the disk is still full. Needs root (mount); skipped otherwise.
import { execFile } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_DIR } from '../db/embedded-postgres';
import { isDiskFull } from '../lib/errors';
import { LOG_BUFFER_MAX_BYTES, logDestination } from '../lib/logging';
import { createLocalStorage } from '../lib/storage';
import { pushTime } from '../test/push-time';
import { tempDataDir } from '../test/temp-dir';
import {
  freePort,
  openEmbedded,
  prepareDatabase,
  type ServerProcess,
  sleep,
  startServer,
  stopServer,
  type TestStation,
} from './harness';

const run = promisify(execFile);

/** Why this machine cannot run the test (not root, no tmpfs mount), or undefined. */
async function mountUnavailable(): Promise<string | undefined> {
  // The embedded database's test: the PostgreSQL-server stage (TEST_DATABASE_URL) has run it already.
  if (process.env.TEST_DATABASE_URL) return '(embedded stage only)';
  if (process.getuid?.() !== 0) return 'not root: mounting a small tmpfs as DATA_DIR needs root';
  const probe = await mkdtemp(path.join(tmpdir(), 'flood-mount-probe-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]);
    await run('umount', [probe]);
    return undefined;
  } catch (e) {
    return `cannot mount a tmpfs: ${(e as Error).message}`;
  } finally {
    await rmdir(probe).catch(() => undefined);
  }
}

const unavailable = await mountUnavailable();
if (unavailable) process.stdout.write(`disk-full.test.ts skipped: ${unavailable}\n`);

/** A DATA_DIR on its own tmpfs of `sizeMb`, reachable by the embedded PostgreSQL's user. */
async function smallDisk(sizeMb: number): Promise<{ dataDir: string; cleanUp(): Promise<void> }> {
  const root = await tempDataDir('flood-disk-');
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dataDir]);
  return {
    dataDir,
    async cleanUp() {
      // A postmaster that outlived its portal (SIGKILLed, or the test failed early) would keep the mount busy.
      const pidFile = path.join(dataDir, EMBEDDED_DIR, 'postmaster.pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0) {
          try {
            process.kill(pid, 'SIGQUIT');
            for (let i = 0; i < 50; i++) {
              process.kill(pid, 0);
              await sleep(100);
            }
            process.kill(pid, 'SIGKILL');
          } catch {}
        }
      }
      await run('umount', [dataDir]).catch(() => run('umount', ['-l', dataDir]));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Fills the file system of `dir` with one file until not a byte is left; returns its path. */
async function fillDisk(dir: string): Promise<string> {
  const file = path.join(dir, 'filler.bin');
  const fh = await open(file, 'w');
  try {
    for (const size of [16 << 20, 1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          await fh.write(chunk);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw e;
        }
      }
    }
  } finally {
    await fh.close().catch(() => undefined);
  }
  return file;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  ms: number;
  body: string;
}

/** One GET: status, Retry-After and time, or a status 0 with the error for no answer within `timeoutMs`. */
async function get(port: number, pathAndQuery: string, timeoutMs = 10_000): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - t0, body };
  } catch (e) {
    return { status: 0, retryAfter: null, ms: performance.now() - t0, body: String(e) };
  }
}

/** A push of the `n`-th reading of a station (a minute apart, in the past: every one is a new row). */
function pushPath(station: TestStation, n: number): string {
  const t = pushTime(new Date(Date.UTC(2024, 0, 1) + n * 60_000));
  const qs = new URLSearchParams({ stationCode: station.code, ...t, value: String(n % 5000), key: station.key });
  return `/api/receive-water-level?${qs}`;
}

/** SIGTERM and the time until the process has ended. */
async function sigtermSeconds(server: ServerProcess): Promise<{ seconds: number; how: string }> {
  const t0 = performance.now();
  const how = await stopServer(server);
  return { seconds: (performance.now() - t0) / 1000, how };
}

/** Counts answers by status; `bad` keeps the first few that are not 503 + Retry-After (or not 200 when allowed). */
class Tally {
  readonly statuses: Record<number, number> = {};
  readonly bad: string[] = [];
  add(a: Answer, allowed: number[]): void {
    this.statuses[a.status] = (this.statuses[a.status] ?? 0) + 1;
    const ok = allowed.includes(a.status) && (a.status !== 503 || a.retryAfter === '5');
    if (!ok && this.bad.length < 5) this.bad.push(`${a.status} retry-after=${a.retryAfter}: ${a.body.slice(0, 300)}`);
  }
}

/** What /api/health said while the disk was full: statuses, states and the slowest answer. */
class HealthLog {
  readonly statuses: Record<string, number> = {};
  slowestMs = 0;
  readonly unanswered: string[] = [];
  async check(port: number): Promise<void> {
    const h = await get(port, '/api/health', 3_000);
    this.slowestMs = Math.max(this.slowestMs, h.ms);
    if (h.status === 0) {
      this.unanswered.push(h.body);
      return;
    }
    const db = (JSON.parse(h.body) as { database?: { ok?: boolean; state?: string } }).database;
    const key = `${h.status} ok=${db?.ok} ${db?.state}`;
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
  }
}

/** Station loggers pushing at once, each push a new reading, for `ms`, while health is polled every 200 ms. */
const LOGGERS = 4;
async function pushFor(
  ms: number,
  port: number,
  next: () => string,
  tally: Tally,
  allowed: number[],
  healthLog: HealthLog,
): Promise<void> {
  const end = performance.now() + ms;
  const logger = async () => {
    while (performance.now() < end) tally.add(await get(port, next()), allowed);
  };
  const poll = async () => {
    while (performance.now() < end) {
      await healthLog.check(port);
      await sleep(200);
    }
  };
  await Promise.all([...Array.from({ length: LOGGERS }, logger), poll()]);
}

/** Pushes until the first answer that is not a 200 (the full disk reached the tables), at most `ms`. */
async function pushUntilRefused(ms: number, port: number, next: () => string, tally: Tally): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const a = await get(port, next());
    tally.add(a, [200, 503]);
    if (a.status !== 200) return performance.now() - t0;
    if (performance.now() - t0 > ms) throw new Error(`pushes still stored ${ms} ms after the disk was filled`);
  }
}

/**
 * Makes PostgreSQL need a new 16 MB WAL segment on the full disk, as a busy server reaching the end of its
 * segment would: `pg_switch_wal()` through the Unix socket (root may open it), then a commit. It cannot create
 * the segment: a PANIC, crash recovery that cannot write either, the postmaster exits and the portal's
 * supervisor starts it again and again.
 */
async function forceNewWalSegment(dataDir: string): Promise<void> {
  const client = new pg.Client({ host: path.join(dataDir, EMBEDDED_DIR), user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    // Each round writes a commit record (a transaction with an id) and switches to the next segment. A segment that a
    // checkpoint recycled needs no new space, so the rounds go on until one needs a new file, which cannot be made:
    // PostgreSQL's PANIC ends this session. (One switch alone PANICked only when no recycled segment was at hand.)
    for (let round = 0; round < 64; round++) {
      const failed = await client
        .query('select txid_current()')
        .then(() => client.query('select pg_switch_wal()'))
        .then(
          () => false,
          () => true,
        );
      if (failed) return;
    }
    throw new Error('the WAL kept finding room: no PANIC after 64 segments');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Figures for docs/decisions.md, printed by the test (grep `[disk-full]`). */
const log = (m: string) => process.stdout.write(`[disk-full] ${m}\n`);

/** Until a push is stored and health answers 200 again; returns the milliseconds it took. */
async function recovery(
  port: number,
  next: () => string,
  withinMs: number,
  /** The server's own output, told when it does not recover (what its supervisor said). */
  stderr: () => string,
): Promise<{ pushMs: number; healthMs: number }> {
  const t0 = performance.now();
  let pushMs: number | undefined;
  for (;;) {
    if (pushMs === undefined && (await get(port, next())).status === 200) pushMs = performance.now() - t0;
    if (pushMs !== undefined) {
      const h = await get(port, '/api/health', 3_000);
      if (h.status === 200 && (JSON.parse(h.body) as { database: { ok: boolean } }).database.ok) {
        return { pushMs, healthMs: performance.now() - t0 };
      }
    }
    if (performance.now() - t0 > withinMs) {
      // What each PostgreSQL process was doing (a startup process still 'recovering', a checkpointer…), for a run
      // that does not recover (not yet explained, see the retry below).
      const ps = await run('ps', ['-eo', 'pid,ppid,stat,etime,args'])
        .then((r) =>
          r.stdout
            .split('\n')
            .filter((l) => /postgres/.test(l))
            .join('\n'),
        )
        .catch((e: Error) => `(ps: ${e.message})`);
      const message = `no recovery within ${withinMs} ms; the server's last output:\n${stderr().slice(-3000)}\nPostgreSQL's processes:\n${ps}`;
      // Also on the test's output: a retry that passes hides the first attempt's error.
      log(message);
      throw new Error(message);
    }
    await sleep(100);
  }
}

// Once more on a failure: on some machines the embedded PostgreSQL's crash recovery after the PANIC did not end within
// 60 s although space had returned (2 of ~20 runs of this file on stop 44's machine, 1 of 18 on stop 45's; not yet
// explained: the failure shows the server's last output and PostgreSQL's processes). A second failure fails the run.
describe.skipIf(unavailable)(
  'disk full under a running server (embedded PostgreSQL on a small tmpfs)',
  { retry: 1 },
  () => {
    /** A server on a fresh 160 MB DATA_DIR with 2 stations; restarts of the postmaster at most 2 s apart. */
    async function serverOnSmallDisk(opts: { logOnDisk?: boolean } = {}) {
      const disk = await smallDisk(160);
      try {
        const setup = await openEmbedded(disk.dataDir);
        const stations = await prepareDatabase(setup, 2);
        await setup.close();
        const port = await freePort();
        const server = await startServer({
          port,
          dataDir: disk.dataDir,
          env: { EMBEDDED_RESTART_MAX_SECONDS: '2' },
          ...(opts.logOnDisk ? { logFile: path.join(disk.dataDir, 'portal.log') } : {}),
        });
        let n = 0;
        const next = () => pushPath(stations[n % 2] as TestStation, n++);
        return { disk, server, port, next };
      } catch (e) {
        await disk.cleanUp();
        throw e;
      }
    }

    it('503 + Retry-After while full, health answers, recovers by itself when space returns, SIGTERM < 10 s', async () => {
      const { disk, server, port, next } = await serverOnSmallDisk();
      try {
        const pid = server.child.pid;
        for (let i = 0; i < 5; i++) expect((await get(port, next())).status).toBe(200);

        const filler = await fillDisk(disk.dataDir);
        // Rows still fit in the pages the tables already have; the first push that needs a new page is refused.
        const fitting = new Tally();
        const refusedAfterMs = await pushUntilRefused(30_000, port, next, fitting);
        expect(fitting.bad).toEqual([]);

        // The tables cannot grow (53100 disk_full): every push is a 503 with Retry-After, health answers.
        const full = new Tally();
        const fullHealth = new HealthLog();
        await pushFor(4_000, port, next, full, [503], fullHealth);
        expect(full.bad).toEqual([]);
        expect(fullHealth.unanswered).toEqual([]);

        // The WAL needs a new segment: PANIC, the postmaster exits and is restarted (and exits) until space returns.
        await forceNewWalSegment(disk.dataDir);
        const panic = new Tally();
        const panicHealth = new HealthLog();
        await pushFor(8_000, port, next, panic, [503], panicHealth);
        expect(panic.bad).toEqual([]);
        expect(panicHealth.unanswered).toEqual([]);
        expect(Object.keys(panicHealth.statuses).some((k) => k.startsWith('503 ok=false'))).toBe(true);

        await unlink(filler);
        const back = await recovery(port, next, 60_000, server.stderr);
        // The same process throughout: nothing restarted the portal.
        expect(server.child.pid).toBe(pid);
        expect(server.child.exitCode).toBeNull();
        for (let i = 0; i < 5; i++) expect((await get(port, next())).status).toBe(200);

        const stop = await sigtermSeconds(server);
        log(
          `figures: ${JSON.stringify({
            storedAfterFillBeforeFirst503: fitting.statuses[200] ?? 0,
            firstRefusalAfterMs: Math.round(refusedAfterMs),
            tablesFull: {
              pushes: full.statuses,
              health: fullHealth.statuses,
              slowestHealthMs: Math.round(fullHealth.slowestMs),
            },
            walPanic: {
              pushes: panic.statuses,
              health: panicHealth.statuses,
              slowestHealthMs: Math.round(panicHealth.slowestMs),
            },
            recoveryAfterSpaceReturnsMs: { push: Math.round(back.pushMs), health: Math.round(back.healthMs) },
            sigterm: { seconds: Number(stop.seconds.toFixed(2)), how: stop.how },
          })}`,
        );
        expect(stop.how).toBe('exit 0');
        expect(stop.seconds).toBeLessThan(10);
      } finally {
        await stopServer(server);
        await disk.cleanUp();
      }
    }, 120_000);

    it.each([
      ['the tables cannot grow (PostgreSQL running)', false, false],
      ['the WAL cannot grow (PostgreSQL in its PANIC and restart loop)', true, false],
      // Log lines wait in memory for the full file: the exit must not wait for them.
      ['the log file is on the full disk too', false, true],
    ])(
      'SIGTERM while the disk is still full stops the process within 10 s: %s',
      async (_, walPanic, logOnDisk) => {
        const { disk, server, port, next } = await serverOnSmallDisk({ logOnDisk });
        try {
          expect((await get(port, next())).status).toBe(200);
          await fillDisk(disk.dataDir);
          const tally = new Tally();
          await pushUntilRefused(30_000, port, next, tally);
          expect(tally.bad).toEqual([]);
          if (walPanic) {
            await forceNewWalSegment(disk.dataDir);
            const healthLog = new HealthLog();
            const end = performance.now() + 10_000;
            while (!Object.keys(healthLog.statuses).some((k) => k.includes('restarting')) && performance.now() < end) {
              await healthLog.check(port);
              await sleep(100);
            }
            expect(Object.keys(healthLog.statuses).some((k) => k.includes('restarting'))).toBe(true);
            // Into the next start attempt, whose crash recovery cannot write either.
            await sleep(1_500);
          }
          // Pushes in flight while the signal arrives.
          let stopped = false;
          const pushing = (async () => {
            while (!stopped) await get(port, next());
          })();
          await sleep(300);
          const stop = await sigtermSeconds(server);
          stopped = true;
          await pushing;
          log(
            `figures: ${JSON.stringify({ sigtermWhileFull: { walPanic, logOnDisk, seconds: Number(stop.seconds.toFixed(2)), how: stop.how } })}`,
          );
          expect(stop.seconds).toBeLessThan(10);
          expect(stop.how).toMatch(/^exit [01]$/);
        } finally {
          await stopServer(server);
          await disk.cleanUp();
        }
      },
      90_000,
    );

    it('a log file on the full disk does not end the process; its lines are written once space returns', async () => {
      // As `npm start >> DATA_DIR/portal.log`: the log shares the full disk. pino's destination used to turn the
      // first ENOSPC into an unhandled 'error' event, which ended the portal at its first warning.
      const { disk, server, port, next } = await serverOnSmallDisk({ logOnDisk: true });
      const logFile = path.join(disk.dataDir, 'portal.log');
      try {
        expect((await get(port, next())).status).toBe(200);
        const filler = await fillDisk(disk.dataDir);
        const tally = new Tally();
        await pushUntilRefused(30_000, port, next, tally);
        const healthLog = new HealthLog();
        await pushFor(3_000, port, next, tally, [200, 503], healthLog);
        // Still running after its warnings hit the full disk (the log's tail says why if not).
        expect({ exit: server.child.exitCode ?? server.child.signalCode }, server.stderr().slice(-2000)).toEqual({
          exit: null,
        });
        await forceNewWalSegment(disk.dataDir);
        await pushFor(4_000, port, next, tally, [200, 503], healthLog);
        expect(tally.bad).toEqual([]);
        expect(healthLog.unanswered).toEqual([]);
        expect(server.child.exitCode).toBeNull();
        expect(server.child.signalCode).toBeNull();

        const sizeWhileFull = (await stat(logFile)).size;
        await unlink(filler);
        await recovery(port, next, 60_000, server.stderr);
        // The warnings kept in memory while the disk was full reach the file, and the log goes on: the supervisor's
        // "running again", logged after space returned, follows them (also when the buffer had filled up).
        const until = performance.now() + 10_000;
        while (!(await readFile(logFile, 'utf8')).includes('is running again') && performance.now() < until) {
          await sleep(200);
        }
        expect((await stat(logFile)).size).toBeGreaterThan(sizeWhileFull);
        const written = await readFile(logFile, 'utf8');
        expect(written).toContain('No space left on device');
        expect(written).toContain('the embedded PostgreSQL is running again');
        const stop = await sigtermSeconds(server);
        log(
          `figures: ${JSON.stringify({ logOnFullDisk: { pushes: tally.statuses, sigtermSeconds: Number(stop.seconds.toFixed(2)), how: stop.how } })}`,
        );
        expect(stop.seconds).toBeLessThan(10);
      } finally {
        await stopServer(server);
        await disk.cleanUp();
      }
    }, 90_000);

    it('an uploaded file that does not fit leaves nothing behind and is a 503 (ENOSPC)', async () => {
      const disk = await smallDisk(1);
      try {
        const storage = createLocalStorage(path.join(disk.dataDir, 'files'));
        const error = await storage.put('0123456789abcdef0123456789abcdef.jpg', Buffer.alloc(2 << 20, 1)).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        expect(isDiskFull(error)).toBe(true);
        // The part written so far is given back: no stray .tmp file keeps the disk full.
        expect((await run('find', [disk.dataDir, '-type', 'f'])).stdout.trim()).toBe('');
        await storage.put('0123456789abcdef0123456789abcdef.jpg', Buffer.alloc(1024, 1));
      } finally {
        await disk.cleanUp();
      }
    });

    it('the log buffer that filled up while the disk was full is written, and the log goes on, once space returns', async () => {
      const disk = await smallDisk(8);
      try {
        const file = path.join(disk.dataDir, 'portal.log');
        const fd = openSync(file, 'a');
        const filler = await fillDisk(disk.dataDir);
        const destination = logDestination(fd);
        const line = (i: number) => `{"msg":"line ${i}","pad":"${'x'.repeat(1000)}"}\n`;
        for (let i = 0; i < 5000; i++) destination.write(line(i)); // 5 MB: more than LOG_BUFFER_MAX_BYTES waits
        await sleep(300);
        expect((await stat(file)).size).toBe(0);
        await unlink(filler);
        // No new line: the waiting ones are tried again by themselves.
        const until = performance.now() + 5_000;
        while ((await stat(file)).size < LOG_BUFFER_MAX_BYTES - 2048 && performance.now() < until) await sleep(100);
        expect((await stat(file)).size).toBeGreaterThanOrEqual(LOG_BUFFER_MAX_BYTES - 2048);
        // And the log goes on.
        const after = `{"msg":"after","pad":"${'y'.repeat(2000)}"}\n`;
        destination.write(after);
        await sleep(300);
        const written = await readFile(file, 'utf8');
        expect(written.startsWith(line(0))).toBe(true);
        expect(written.endsWith(after)).toBe(true);
        destination.end();
        closeSync(fd);
      } finally {
        await disk.cleanUp();
      }
    });
  },
);

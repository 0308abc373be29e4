// One portal process per DATA_DIR (issue #19): a lock file naming its holder, that a crashed holder does not leave
// stuck — the holder is alive only while a process with its pid, its start time and this boot's id exists.
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDateTimeVi } from '@flood/domain';

export const LOCK_FILE = 'portal.lock';

/** What the lock file says about the process holding it. */
export interface LockOwner {
  pid: number;
  /** Linux: the process's start time (clock ticks since boot, /proc/<pid>/stat field 22); tells a reused pid apart. */
  startTicks?: number;
  /** Linux: this boot's id; after a power cut every older lock is stale. */
  bootId?: string;
  startedAt: string;
  /** Who holds it, for the refusal message (e.g. 'cổng / port 3000'). */
  label?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const when = new Date(owner.startedAt);
    // The machine's time zone: the operator reads it next to `ps` and the system's logs.
    const at = Number.isNaN(when.getTime())
      ? owner.startedAt
      : formatDateTimeVi(when, Intl.DateTimeFormat().resolvedOptions().timeZone);
    const who = `pid ${owner.pid}${owner.label ? `, ${owner.label}` : ''}, khởi động lúc / started ${at}`;
    super(
      `DATA_DIR ${dataDir} đang được một tiến trình khác của cổng sử dụng (${who}). ` +
        'Dừng tiến trình đó trước, hoặc đặt DATA_DIR khác.\n' +
        `DATA_DIR ${dataDir} is in use by another portal process (${who}). Stop that process first, or set another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** The start time of a process (Linux), undefined elsewhere or when it does not exist. */
export function processStartTicks(pid: number): number | undefined {
  return readOr(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  }, undefined);
}

function bootId(): string | undefined {
  return readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), undefined);
}

/** Whether a process with this pid exists (EPERM: it exists, owned by another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's owner still runs: same pid, same start time and same boot where the system says so. */
export function ownerAlive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !pidAlive(owner.pid)) return false;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  if (owner.startTicks !== undefined) {
    const ticks = processStartTicks(owner.pid);
    if (ticks !== undefined && ticks !== owner.startTicks) return false;
  }
  return true;
}

export interface DataDirLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Whether the previous holder had died without releasing the lock (a crash, a power cut). */
  readonly tookOverStale: boolean;
  release(): void;
}

/**
 * Takes `DATA_DIR/portal.lock` or throws DataDirLockedError naming the live holder. A lock left by a process that
 * no longer runs is moved aside and taken. Released by `release()` and, failing that, when this process exits.
 */
export async function acquireDataDirLock(dataDir: string, label?: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const ticks = processStartTicks(process.pid);
  const boot = bootId();
  const owner: LockOwner = {
    pid: process.pid,
    ...(ticks === undefined ? {} : { startTicks: ticks }),
    ...(boot ? { bootId: boot } : {}),
    startedAt: new Date().toISOString(),
    ...(label ? { label } : {}),
  };
  let tookOverStale = false;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await writeFile(file, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o644 });
      const release = () => {
        process.removeListener('exit', release);
        // Only our own lock: never the file of a process that took over after us.
        const now = readOr(() => JSON.parse(readFileSync(file, 'utf8')) as LockOwner, undefined);
        if (now?.pid === owner.pid && now.startedAt === owner.startedAt) readOr(() => unlinkSync(file), undefined);
      };
      process.once('exit', release);
      return { file, owner, tookOverStale, release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // released between the two calls: try again
    let held: LockOwner | undefined;
    try {
      held = JSON.parse(text) as LockOwner;
    } catch {
      held = undefined;
    }
    if (held && ownerAlive(held)) throw new DataDirLockedError(dir, held);
    if (!held && attempt < 3) {
      // Being written by a process starting at the same moment: look again before calling it stale.
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    // A lock whose holder is gone: moved aside (a rename, so two starters cannot both remove it), then taken.
    const aside = `${file}.stale-${randomBytes(3).toString('hex')}`;
    if (
      await rename(file, aside).then(
        () => true,
        () => false,
      )
    )
      await unlink(aside).catch(() => undefined);
    tookOverStale = true;
  }
  throw new Error(`could not take ${file}`);
}

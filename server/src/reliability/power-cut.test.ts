// Issue #19 "done when": a power cut on the default (embedded) database keeps every acknowledged reading. The
// DATA_DIR is an ext4 filesystem on a loop device; right after the last acknowledgement the server's processes are
// frozen and the disk image is copied — the copy holds what the device received (what was fsynced, or written back
// by the kernel), not what sat in the page cache: what a power cut leaves. The processes are then killed, the copy
// is mounted where the disk was (the same machine after the reboot), and the database opened on it must hold every
// acknowledged reading. On the previous embedded database (PGlite: pwrite, never fsync) it kept 0 of 300.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../test/temp-dir';
import {
  expectedMap,
  freePort,
  makeReadings,
  openEmbedded,
  prepareDatabase,
  pushAll,
  readingsInDb,
  reapEmbedded,
  type ServerProcess,
  startServer,
} from './harness';

const run = promisify(execFile);
const STATIONS = 10;
const PER_STATION = 40; // 400 readings pushed, every one acknowledged before the cut

async function canUseLoopDevices(): Promise<string | false> {
  // The embedded database's test: the PostgreSQL-server stage (TEST_DATABASE_URL) has run it already.
  if (process.env.TEST_DATABASE_URL) return '(embedded stage only)';
  if (process.getuid?.() !== 0) return 'needs root (loop devices, mount)';
  try {
    await run('losetup', ['--version']);
    await run('mkfs.ext4', ['-V']);
    return false;
  } catch {
    return 'needs losetup and mkfs.ext4';
  }
}
const unavailable = await canUseLoopDevices();

/** Signals the server, its PostgreSQL and that one's children (backends, WAL writer, checkpointer). */
async function signalAll(server: number, postmaster: number, signal: 'STOP' | 'KILL'): Promise<void> {
  await run('pkill', [`-${signal}`, '-P', String(postmaster)]).catch(() => undefined); // none left: exit 1
  for (const pid of [server, postmaster]) {
    try {
      process.kill(pid, `SIG${signal}`);
    } catch {}
  }
}

describe.skipIf(unavailable)(`power cut on the embedded database ${unavailable || ''}`, () => {
  it('keeps every acknowledged reading (400 of 400) after a cut right after the last acknowledgement', async () => {
    const root = await tempDataDir('flood-powercut-');
    const image = path.join(root, 'disk.img');
    const snapshot = path.join(root, 'after-cut.img');
    const mnt = path.join(root, 'mnt');
    const dataDir = path.join(mnt, 'data');
    let mounted = false;
    let server: ServerProcess | undefined;
    try {
      await run('truncate', ['-s', '400M', image]);
      await run('mkfs.ext4', ['-q', '-F', image]);
      await mkdir(mnt);
      await run('mount', ['-o', 'loop', image, mnt]);
      mounted = true;
      await mkdir(dataDir, { mode: 0o755 });
      await chmod(mnt, 0o755);

      const setup = await openEmbedded(dataDir);
      const stations = await prepareDatabase(setup, STATIONS);
      await setup.close();
      await run('sync', ['-f', dataDir]); // the prepared database is on the device before the test starts
      const readings = makeReadings(stations, PER_STATION);

      const port = await freePort();
      server = await startServer({ port, dataDir });
      const pushing = pushAll(port, readings, { concurrency: 8, deadlineMs: 60_000 });
      const stats = await pushing.done;
      expect(stats.acked).toBe(readings.length);

      // The cut: freeze the server and its PostgreSQL at once, copy the device as it is, then kill them.
      const postmaster = Number(
        (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
      const node = server.child.pid as number;
      await signalAll(node, postmaster, 'STOP');
      const cutAt = Date.now();
      await run('cp', ['--sparse=always', image, snapshot]);
      const copyMs = Date.now() - cutAt;
      await signalAll(node, postmaster, 'KILL');
      await server.exited;
      server = undefined;
      await reapEmbedded(dataDir);
      for (let i = 0; i < 50 && existsSync(`/proc/${postmaster}`); i++) await new Promise((r) => setTimeout(r, 100));
      await run('umount', ['-l', mnt]);
      mounted = false;

      // After the reboot: the disk as the cut left it, at the same place.
      await run('mount', ['-o', 'loop', snapshot, mnt]);
      mounted = true;
      const after = await openEmbedded(dataDir);
      try {
        const stored = await readingsInDb(after);
        const expected = expectedMap(readings);
        const kept = [...expected.keys()].filter((k) => stored.get(k) === expected.get(k)).length;
        console.info(
          `power cut: ${kept} of ${expected.size} acknowledged readings kept (device copied in ${copyMs} ms after the last ack)`,
        );
        expect(kept).toBe(expected.size);
        expect(stored.size).toBe(expected.size);
      } finally {
        await after.close();
      }
    } finally {
      if (server) server.child.kill('SIGKILL');
      await reapEmbedded(dataDir).catch(() => {});
      if (mounted) await run('umount', ['-l', mnt]).catch(() => {});
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});

// Issue #19 items 1–2: the embedded default is a real PostgreSQL that keeps its promises — one portal process per
// DATA_DIR (the second is refused, naming the first; a crashed first leaves no stuck lock), an earlier PGlite
// DATA_DIR is imported at first start and never lost.

import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNews } from '../features/news/news.repository';
import { insertReadingsBatch } from '../features/readings/readings.repository';
import { insertStation } from '../features/stations/stations.repository';
import {
  freePort,
  health,
  killServer,
  reapEmbedded,
  type ServerProcess,
  startServer,
  stopServer,
} from '../reliability/harness';
import { tempDataDir } from '../test/temp-dir';
import type { Db } from './client';
import { openDatabase } from './client';
import { acquireDataDirLock, DataDirLockedError, pidAlive } from './data-dir-lock';
import { migrationsFolder, runMigrations } from './migrate';
import { hasOldEmbeddedDatabase, importOldEmbeddedDatabase } from './pglite-import';
import { rowsOf } from './rows';

// About the embedded default only: skipped in the PostgreSQL-server stage (TEST_DATABASE_URL), which has run them.
const serverStage = Boolean(process.env.TEST_DATABASE_URL);

let root: string;
beforeAll(async () => {
  root = await tempDataDir('flood-embedded-');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(serverStage)('DATA_DIR lock', () => {
  it('refuses a second holder naming the first, and is free again once released', async () => {
    const dir = path.join(root, 'lock-unit');
    const first = await acquireDataDirLock(dir, 'cổng / port 3000');
    const refused = await acquireDataDirLock(dir, 'cổng / port 3001').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(
      `đang được một tiến trình khác của cổng sử dụng (pid ${process.pid}, cổng / port 3000`,
    );
    first.release();
    const second = await acquireDataDirLock(dir, 'again');
    expect(second.tookOverStale).toBe(false);
    second.release();
  });

  it('takes over the lock of a process that no longer runs (a crash), and one whose pid was reused', async () => {
    const dir = path.join(root, 'lock-stale');
    const lock = await acquireDataDirLock(dir);
    const text = await readFile(lock.file, 'utf8');
    // The holder as if it had died: the file stays, its process is gone (a pid that cannot exist).
    await writeFile(lock.file, JSON.stringify({ ...JSON.parse(text), pid: 2 ** 22 + 7 }));
    const taken = await acquireDataDirLock(dir);
    expect(taken.tookOverStale).toBe(true);
    // Our own pid but another start time: a pid reused after a reboot or a crash is not the holder.
    await writeFile(lock.file, JSON.stringify({ ...JSON.parse(text), startTicks: 1 }));
    const again = await acquireDataDirLock(dir);
    expect(again.tookOverStale).toBe(true);
    again.release();
  });
});

describe.skipIf(serverStage)('one portal process per DATA_DIR (real servers)', () => {
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const dataDir = () => path.join(root, 'two');
  afterAll(async () => {
    if (a) await stopServer(a);
    if (b) await stopServer(b);
    await reapEmbedded(dataDir());
  });

  it('a second `npm start` on the same DATA_DIR exits naming the running one; after a kill -9 of the first it starts', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    a = await startServer({ port: portA, dataDir: dataDir() });
    const refused = await startServer({ port: portB, dataDir: dataDir() }).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    const message = (refused as Error).message;
    expect(message).toContain(`is in use by another portal process (pid ${a.child.pid}, cổng / port ${portA}`);
    // The first is untouched and still serves.
    expect((await health(portA))?.status).toBe(200);

    const orphan = Number((await readFile(path.join(dataDir(), 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    await killServer(a);
    a = undefined;
    // The first's PostgreSQL outlived it; the lock it left names a dead process.
    expect(pidAlive(orphan)).toBe(true);
    b = await startServer({ port: portB, dataDir: dataDir() });
    expect((await health(portB))?.status).toBe(200);
    // The orphan was stopped and replaced by a server the new process supervises.
    expect(pidAlive(orphan)).toBe(false);
    await stopServer(b);
    b = undefined;
    expect(existsSync(path.join(dataDir(), 'portal.lock'))).toBe(false);
  }, 120_000);
});

describe.skipIf(serverStage)('an earlier embedded (PGlite) DATA_DIR', () => {
  it('is imported row for row at first start, sequences included, and the old folder is kept aside', async () => {
    const dataDir = path.join(root, 'old-pglite');
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    // The DATA_DIR of the previous version: PGlite in DATA_DIR/pglite, migrated, with stations, readings and news.
    const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
    const old = drizzle(pglite) as unknown as Db;
    await migrate(drizzle(pglite), { migrationsFolder: migrationsFolder() });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await insertStation(old, {
          code: `OLD${i}`,
          name: `Trạm cũ ${i} – Ba Chẽ`,
          description: 'trước #19',
          kind: 'water',
          latitude: 21.25 + i / 100,
          longitude: 107.3,
          pushKey: `old-key-${i}`,
        }),
      );
    }
    const start = Date.UTC(2025, 8, 1);
    await insertReadingsBatch(
      old,
      ids.flatMap((stationId, s) =>
        Array.from({ length: 1500 }, (_, k) => ({
          stationId,
          observedAt: new Date(start + k * 60_000),
          value: (k * 7 + s) / 10,
        })),
      ),
    );
    const newsId = await insertNews(old, {
      name: 'Tin cũ: lũ sông Ba Chẽ',
      sapo: 'Sapo có dấu',
      author: 'Cán bộ',
      avatar: null,
      files: [],
      content: '<p>Nội dung «cũ»</p>',
      date: new Date(start),
      status: 'PUBLISH',
      type: 'NORMAL',
      userId: null,
    });
    const dump = async (db: Db) =>
      rowsOf<{ j: string }>(
        await db.execute(
          sql`select row_to_json(t)::text as j from (select id, code, name, latitude, created_at from stations order by id) t
              union all select row_to_json(r)::text from (select station_id, observed_at, value from readings order by 1, 2) r`,
        ),
      ).map((r) => r.j);
    const before = await dump(old);
    await pglite.close();

    expect(hasOldEmbeddedDatabase(dataDir)).toBe(true);
    const database = await openDatabase({ dataDir, label: 'import test' });
    try {
      await runMigrations(database);
      const progress: number[] = [];
      const result = await importOldEmbeddedDatabase(database, dataDir, new Date('2026-11-25T12:00:00Z'), (p) =>
        progress.push(p.rows),
      );
      expect(result.rows).toBeGreaterThanOrEqual(4504);
      expect(progress.length).toBeGreaterThan(0);
      // Every row as it was (timestamps, decimals, Vietnamese text), in the same order.
      const after = await dump(database.db);
      expect(after).toHaveLength(4503);
      expect(after).toEqual(before);
      // The sequences follow: a new row takes a new id.
      const next = await insertNews(database.db, {
        name: 'Tin mới',
        sapo: null,
        author: null,
        avatar: null,
        files: [],
        content: '<p>x</p>',
        date: new Date(),
        status: 'DRAFT',
        type: 'NORMAL',
        userId: null,
      });
      expect(next).toBeGreaterThan(newsId);
      // The old folder is kept under a new name, and not imported a second time.
      expect(hasOldEmbeddedDatabase(dataDir)).toBe(false);
      expect(readdirSync(dataDir)).toContain('pglite.imported-2026-11-25T12-00-00-000Z');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('is refused, unchanged, while an older portal still has it open (postmaster.pid)', async () => {
    const dataDir = path.join(root, 'old-open');
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    const pglite = await PGlite.create(path.join(dataDir, 'pglite'));
    await pglite.query('select 1');
    await writeFile(path.join(dataDir, 'pglite', 'postmaster.pid'), '-42\n');
    await pglite.close();
    await writeFile(path.join(dataDir, 'pglite', 'postmaster.pid'), '-42\n');
    const database = await openDatabase({ dataDir, label: 'import test' });
    try {
      await runMigrations(database);
      await expect(importOldEmbeddedDatabase(database, dataDir, new Date())).rejects.toThrow(
        /The old embedded database .* looks open \(postmaster\.pid\)/,
      );
      expect(hasOldEmbeddedDatabase(dataDir)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});

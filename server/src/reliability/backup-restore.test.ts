// Issue #11 item 6: scripts/backup.mjs and scripts/restore.mjs move a portal (database and uploaded files)
// into a fresh one that holds the same rows, table by table. Embedded database in the embedded stage;
// PostgreSQL (pg_dump / pg_restore) when TEST_DATABASE_URL is set.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { insertNews } from '../features/news/news.repository';
import { insertReadingsBatch } from '../features/readings/readings.repository';
import { tempDataDir } from '../test/temp-dir';
import { openEmbedded, prepareDatabase, REPO_ROOT } from './harness';

const exec = promisify(execFile);
const FILE_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.png';
const FILE_BYTES = randomBytes(3000);

/** Runs a backup script; resolves with its exit code and output instead of throwing on a refusal. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    // As `npm run backup` runs it: under tsx (the scripts use the server's embedded-database module).
    const r = await exec(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', `${name}.mjs`), ...args],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: '', ...env },
      },
    );
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

/** A portal with stations, readings, a news item and an uploaded file. */
async function fill(database: Database, dataDir: string): Promise<void> {
  const stations = await prepareDatabase(database, 3);
  const start = Date.UTC(2024, 5, 1);
  await insertReadingsBatch(
    database.db,
    stations.flatMap((s, i) =>
      Array.from({ length: 200 }, (_, k) => ({
        stationId: s.id,
        observedAt: new Date(start + k * 600_000),
        value: k + i,
      })),
    ),
  );
  await insertNews(database.db, {
    name: 'Tin thử sao lưu',
    sapo: 'Sapo',
    author: 'Kiểm thử',
    avatar: `/api/files/${FILE_KEY}`,
    files: [],
    content: '<p>Nội dung</p>',
    date: new Date(start),
    status: 'PUBLISH',
    type: 'NORMAL',
    userId: null,
  });
  await mkdir(path.join(dataDir, 'files'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', FILE_KEY), FILE_BYTES);
}

/** Every row of every table of the portal (its schema and drizzle's migration log), as JSON text. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`),
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = rowsOf<{ j: string }>(
      await database.db.execute(sql.raw(`select row_to_json(t)::text as j from ${name} t order by 1`)),
    );
    out[name] = rows.map((r) => r.j);
  }
  return out;
}

/** After a restore the sequences go on past the restored rows: a new item gets a new id. */
async function newNewsId(database: Database): Promise<number> {
  return insertNews(database.db, {
    name: 'Sau khôi phục',
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
}

describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore: embedded database', () => {
  let root: string;
  beforeAll(async () => {
    root = await tempDataDir('flood-backup-test-');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses to back up while the database is open, then restores the same rows and files', async () => {
    const source = path.join(root, 'source');
    const archive = path.join(root, 'portal.tar');
    const db = await openEmbedded(source);
    await fill(db, source);
    const before = await contents(db);
    // The open database holds the DATA_DIR lock: the backup names the process and asks to stop it.
    const refused = await script('backup', [archive], { DATA_DIR: source });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toContain(`is in use by another portal process (pid ${process.pid}`);
    await db.close();

    const backup = await script('backup', [archive], { DATA_DIR: source });
    expect(backup).toMatchObject({ code: 0 });
    const target = path.join(root, 'target');
    expect(await script('restore', [archive], { DATA_DIR: target })).toMatchObject({ code: 0 });
    // A second restore over the restored portal is refused without --force.
    const again = await script('restore', [archive], { DATA_DIR: target });
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('--force');

    const restored = await openEmbedded(target);
    try {
      const after = await contents(restored);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(after).toEqual(before);
      expect(after['public.readings']).toHaveLength(600);
      expect(await newNewsId(restored)).toBeGreaterThan(1);
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(target, 'files', FILE_KEY))).toEqual(FILE_BYTES);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore: PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const names = [`flood_bk_src_${randomBytes(3).toString('hex')}`, `flood_bk_dst_${randomBytes(3).toString('hex')}`];
  const urlOf = (name: string) => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  let root: string;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  beforeAll(async () => {
    root = await tempDataDir('flood-backup-test-');
    for (const n of names) await admin(`CREATE DATABASE ${n}`);
  });
  afterAll(async () => {
    for (const n of names) await admin(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    await rm(root, { recursive: true, force: true });
  });

  it('pg_dump while in use, pg_restore into an empty database: the same rows and files', async () => {
    const [src, dst] = names.map(urlOf) as [string, string];
    const source = path.join(root, 'source');
    const archive = path.join(root, 'portal.tar');
    const db = await openDatabase({ url: src, poolSize: 2 });
    try {
      await fill(db, source);
      // Online: the source stays open while it is dumped.
      expect(await script('backup', [archive], { DATA_DIR: source, DATABASE_URL: src })).toMatchObject({ code: 0 });
      const before = await contents(db);
      const target = path.join(root, 'target');
      expect(await script('restore', [archive], { DATA_DIR: target, DATABASE_URL: dst })).toMatchObject({ code: 0 });
      // The target now has tables: a second restore is refused without --force, and replaces them with it.
      const again = await script('restore', [archive], { DATA_DIR: target, DATABASE_URL: dst });
      expect(again.code).not.toBe(0);
      expect(again.out).toContain('--force');
      const forced = await script('restore', [archive, '--force'], { DATA_DIR: target, DATABASE_URL: dst });
      expect(forced).toMatchObject({ code: 0 });
      // An embedded backup cannot go into PostgreSQL by mistake (and the other way round).
      expect((await script('restore', [archive], { DATA_DIR: path.join(root, 'other') })).out).toContain(
        'DATABASE_URL',
      );

      const restored = await openDatabase({ url: dst, poolSize: 2 });
      try {
        const after = await contents(restored);
        expect(after).toEqual(before);
        expect(after['public.readings']).toHaveLength(600);
        expect(await newNewsId(restored)).toBeGreaterThan(1);
      } finally {
        await restored.close();
      }
      expect(await readFile(path.join(target, 'files', FILE_KEY))).toEqual(FILE_BYTES);
    } finally {
      await db.close();
    }
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';

/** The PostgreSQL the tests make their databases on: TEST_DATABASE_URL, else the run's embedded one. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.FLOOD_TEST_EMBEDDED_URL || undefined;
}

/** Without a global set-up (a single file run from an editor): an embedded server for this file alone. */
let ownServer: Promise<string> | undefined;
function serverUrl(): Promise<string> {
  const url = testServerUrl();
  if (url) return Promise.resolve(url);
  ownServer ??= (async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-test-pg-'));
    await chmod(dataDir, 0o755); // mkdtemp's 0700 would keep out the cluster's user when the tests run as root
    const server = await startEmbeddedPostgres({ dataDir, label: 'vitest (one file)' });
    process.once('beforeExit', () => {
      void server.stop().then(() => rm(dataDir, { recursive: true, force: true }));
    });
    return server.url();
  })();
  return ownServer;
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL of TEST_DATABASE_URL or on the
 * run's embedded PostgreSQL (global-setup.ts), dropped again by `close`. A copy of the run's migrated template
 * when there is one; without it, created and migrated here.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = await serverUrl();
  const template = process.env.FLOOD_TEST_PG_TEMPLATE;
  const name = `flood_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  if (!template) await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

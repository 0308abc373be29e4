import { rm } from 'node:fs/promises';
import { type Database, openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { createScratchDatabase } from './scratch-db';
import { tempDataDir } from './temp-dir';

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
    const dataDir = await tempDataDir('flood-test-pg-');
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
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const adminUrl = await serverUrl();
  const template = process.env.FLOOD_TEST_PG_TEMPLATE;
  const scratch = await createScratchDatabase(adminUrl, { prefix: `flood_test_${process.pid}`, template });
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  if (!template) await runMigrations(database);
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

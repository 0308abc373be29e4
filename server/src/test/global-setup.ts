import { rm } from 'node:fs/promises';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';
import { createScratchDatabase } from './scratch-db';
import { tempDataDir } from './temp-dir';

/**
 * Once per test run: a migrated template database that every server test file copies (test-db.ts), so a file
 * does not pay for migrating its own. On the PostgreSQL of TEST_DATABASE_URL when it is set; else on an
 * embedded PostgreSQL started here in a temporary DATA_DIR (the default database of `npm start`, issue #19),
 * whose address the test files read from FLOOD_TEST_EMBEDDED_URL. Everything is removed at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Both server projects (vitest.config.ts) name this set-up; vitest runs it in the one main process for each:
  // the second finds the first's template and shares it.
  if (process.env.FLOOD_TEST_PG_TEMPLATE) return async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dataDir = await tempDataDir('flood-test-pg-');
    // Test databases are small and many: less shared memory per cluster, more connections (forks × pools).
    const server = await startEmbeddedPostgres({
      dataDir,
      label: 'vitest',
      settings: { shared_buffers: '64MB', max_connections: '200' },
    });
    adminUrl = server.url();
    process.env.FLOOD_TEST_EMBEDDED_URL = adminUrl;
    stopEmbedded = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = await createScratchDatabase(adminUrl, { prefix: `flood_template_${process.pid}` });
  const database = await openDatabase({ url: template.url, poolSize: 1 });
  await runMigrations(database);
  await database.close();
  process.env.FLOOD_TEST_PG_TEMPLATE = template.name;
  return async () => {
    await template.drop();
    await stopEmbedded();
  };
}

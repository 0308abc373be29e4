import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runMigrations } from '../db/migrate';

/**
 * Once per test run: a migrated template database that every server test file copies (test-db.ts), so a file
 * does not pay for migrating its own. On the PostgreSQL of TEST_DATABASE_URL when it is set; else on an
 * embedded PostgreSQL started here in a temporary DATA_DIR (the default database of `npm start`, issue #19),
 * whose address the test files read from FLOOD_TEST_EMBEDDED_URL. Everything is removed at the end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flood-test-pg-'));
    await chmod(dataDir, 0o755); // mkdtemp's 0700 would keep out the cluster's user when the tests run as root
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
  const name = `flood_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await runMigrations(database);
  await database.close();
  process.env.FLOOD_TEST_PG_TEMPLATE = name;
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    await stopEmbedded();
  };
}

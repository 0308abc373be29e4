import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * Once per test run: a migrated template database that every server test file copies (test-db.ts), so a
 * file does not pay for creating and migrating its own (~3–4 s each on the embedded database). Embedded: a
 * dump of the data directory in a temporary file; PostgreSQL: a template database. Both are removed at the
 * end of the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
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
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'flood-test-template-'));
  const file = path.join(dir, 'pglite.tar');
  const database = await openDatabase({});
  await runMigrations(database);
  await writeFile(file, Buffer.from(await (await dumpDatabase(database)).arrayBuffer()));
  await database.close();
  process.env.FLOOD_TEST_PGLITE_TEMPLATE = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

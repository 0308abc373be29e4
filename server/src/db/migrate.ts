import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The committed migrations: next to this file in src/db, or copied next to the bundle in dist. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations not found in ${candidates.join(', ')}`);
  return found;
}

/** Brings the schema up to date; safe to run at every start and from several processes. */
export async function runMigrations(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
  await migratePg(database.db as any, { migrationsFolder: migrationsFolder() });
}

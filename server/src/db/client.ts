import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** Round-trip to the database, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Directory of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Embedded only: start from this dump of a data directory (`dumpDatabase`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

/** How long a new PostgreSQL connection may take before the query waiting for it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite under DATA_DIR. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    // A database host that does not answer (network cut, failover) fails a request in 5 s, as a 503 that the
    // caller retries, instead of holding it for the operating system's TCP timeout (minutes).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle connection closed by the server (restart, failover, admin shutdown) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (err) => {
      process.stderr.write(`PostgreSQL: idle connection lost (${(err as { code?: string }).code ?? err.message})\n`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.resolve(opts.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
  }
  const client = opts.loadDataDir
    ? await PGlite.create({ dataDir: dir, loadDataDir: opts.loadDataDir })
    : await PGlite.create(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * The embedded database's whole data directory as one uncompressed tar (`loadDataDir` reopens it): how
 * tests start every file from one migrated template instead of creating and migrating a cluster each time.
 */
export async function dumpDatabase(database: Database): Promise<Blob> {
  if (database.driver !== 'pglite') throw new Error('dumpDatabase: only the embedded database can be dumped');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import {
  EMBEDDED_DATABASE,
  EMBEDDED_PORT,
  EMBEDDED_USER,
  type EmbeddedLogger,
  type EmbeddedPostgres,
  type EmbeddedState,
  startEmbeddedPostgres,
} from './embedded-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** `embedded`: the PostgreSQL the portal runs itself in DATA_DIR; `postgres`: a server given by DATABASE_URL. */
export type DbDriver = 'embedded' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** Round-trip to the database, for the health check; fails after `PING_TIMEOUT_MS` rather than hang. */
  ping(): Promise<void>;
  /** The embedded server's state (`running`, `restarting`…); undefined on DATABASE_URL. */
  embeddedState?(): EmbeddedState;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PostgreSQL of `dataDir` is started. */
  url?: string | undefined;
  /** DATA_DIR of the embedded database (its cluster in DATA_DIR/postgres, its lock in DATA_DIR/portal.lock). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Embedded: names this process in the DATA_DIR lock (what a refused second process prints). */
  label?: string;
  /** Embedded: where the server's warnings and restarts are told. */
  logger?: EmbeddedLogger;
  /** Embedded: longest wait between two restarts of a postmaster that died (EMBEDDED_RESTART_MAX_SECONDS). */
  restartMaxMs?: number;
}

/** How long a new PostgreSQL connection may take before the query waiting for it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** The health check's own limit: it answers (503) while the database hangs. */
export const PING_TIMEOUT_MS = 2_000;

function poolOf(config: pg.PoolConfig, poolSize: number | undefined): pg.Pool {
  // A database host that does not answer (network cut, failover) fails a request in 5 s, as a 503 that the
  // caller retries, instead of holding it for the operating system's TCP timeout (minutes).
  const pool = new pg.Pool({ ...config, max: poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection closed by the server (restart, failover, admin shutdown, a full disk's PANIC) must not
  // crash the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => {
    process.stderr.write(`PostgreSQL: idle connection lost (${(err as { code?: string }).code ?? err.message})\n`);
  });
  // The pool listens to a client's errors only while it is idle. One lent out to a transaction whose backend ends
  // between two statements (a PANIC on a full disk, a restart, an administrator) emits 'error' with no one to hear
  // it, which would end the process: heard here. The transaction's next statement fails ("not queryable", a 503)
  // and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

function pingOf(db: Db): () => Promise<void> {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          // ETIMEDOUT: an outage for the error handler (503), like a connection that times out.
          timer = setTimeout(
            () => reject(Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })),
            PING_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Opens PostgreSQL when a URL is given, else starts the embedded PostgreSQL of DATA_DIR. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = poolOf({ connectionString: opts.url }, opts.poolSize);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', ping: pingOf(db), close: () => pool.end() };
  }
  if (!opts.dataDir) throw new Error('openDatabase: DATABASE_URL or DATA_DIR is needed');
  const server: EmbeddedPostgres = await startEmbeddedPostgres({
    dataDir: opts.dataDir,
    label: opts.label,
    logger: opts.logger,
    restartMaxMs: opts.restartMaxMs,
  });
  const pool = poolOf(
    { host: server.socketDir, port: EMBEDDED_PORT, user: EMBEDDED_USER, database: EMBEDDED_DATABASE },
    opts.poolSize,
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'embedded',
    ping: pingOf(db),
    embeddedState: () => server.state(),
    async close() {
      await pool.end().catch(() => undefined);
      await server.stop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** The connection string of the new database (the admin URL with its path replaced). */
  url: string;
  /** Drops it, closing any connection still open (WITH (FORCE)). */
  drop(): Promise<void>;
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A new, empty database (or a copy of `template`) on the PostgreSQL server of `adminUrl`, named
 * `<prefix>_<random>`: the one way tests, the browser tests' server and the benches make their throwaway
 * databases.
 */
export async function createScratchDatabase(
  adminUrl: string,
  opts: { prefix: string; template?: string },
): Promise<ScratchDatabase> {
  const name = `${opts.prefix}_${randomBytes(4).toString('hex')}`;
  await onAdmin(
    adminUrl,
    opts.template ? `CREATE DATABASE ${name} TEMPLATE ${opts.template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

// Shared by scripts/backup.mjs and scripts/restore.mjs: arguments, the archive layout, external tools.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);

/** The archive: one tar with manifest.json, the database (database.tar.gz or database.dump) and files/. */
export const FORMAT = 'flood-portal-backup';
export const FORMAT_VERSION = 1;

/** `<file> [--data-dir DIR] [--database-url URL] [--force]`, defaults from DATA_DIR and DATABASE_URL. */
export function parseArgs(argv, usage) {
  const out = {
    file: undefined,
    dataDir: process.env.DATA_DIR || './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    force: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data-dir') out.dataDir = argv[++i];
    else if (a === '--database-url') out.databaseUrl = argv[++i] || undefined;
    else if (a === '--force') out.force = true;
    else if (a === '-h' || a === '--help') fail(usage, 0);
    else if (!a.startsWith('--') && !out.file) out.file = a;
    else fail(`Tham số không rõ / unknown argument: ${a}\n${usage}`);
  }
  if (!out.file) fail(usage);
  // `npm run backup -- x.tar` runs at the repository root: the file is where the operator typed it.
  out.file = path.resolve(process.env.INIT_CWD || process.cwd(), out.file);
  out.dataDir = path.resolve(out.dataDir);
  return out;
}

/** Prints the message (Vietnamese first, English second) and exits. */
export function fail(message, code = 1) {
  (code === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exit(code);
}

/** A PostgreSQL client program (pg_dump, pg_restore): on PATH, else the newest of Debian's. */
export async function pgTool(name) {
  try {
    await run(name, ['--version']);
    return name;
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    for (const v of versions) {
      const p = path.join(root, v, 'bin', name);
      if (existsSync(p)) return p;
    }
    fail(
      `Không tìm thấy ${name}: cài gói postgresql-client / ${name} not found: install postgresql-client (apt-get install postgresql-client)`,
    );
  }
}

/**
 * The embedded PostgreSQL of a DATA_DIR, through the server's own module (these scripts run under tsx): its lock,
 * a clean shutdown, and the owner its files must have.
 */
export const embeddedCluster = {
  /** Takes the DATA_DIR lock, or stops with the message naming the running portal ("stop it first"). */
  async lock(dataDir, label) {
    const { acquireDataDirLock } = await import('../server/src/db/data-dir-lock.ts');
    try {
      return await acquireDataDirLock(dataDir, label);
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
  },
  /** Starts the cluster (replaying the log of a killed server) and stops it with a checkpoint. */
  async cleanShutdown(dataDir, lock) {
    const { startEmbeddedPostgres } = await import('../server/src/db/embedded-postgres.ts');
    const server = await startEmbeddedPostgres({ dataDir, lock });
    await server.stop();
  },
  /** Starts the cluster, runs `select 1`, stops it: a restored folder is a cluster that opens. */
  async check(dataDir, lock) {
    const { startEmbeddedPostgres, EMBEDDED_PORT, EMBEDDED_USER, EMBEDDED_DATABASE } = await import(
      '../server/src/db/embedded-postgres.ts'
    );
    const server = await startEmbeddedPostgres({ dataDir, lock });
    try {
      const { default: pg } = await import('pg');
      const c = new pg.Client({
        host: server.socketDir,
        port: EMBEDDED_PORT,
        user: EMBEDDED_USER,
        database: EMBEDDED_DATABASE,
      });
      await c.connect();
      await c.query('select 1');
      await c.end();
    } finally {
      await server.stop();
    }
  },
  /** The uid/gid the cluster's files belong to (the `postgres` user when running as root), else undefined. */
  async owner() {
    const { clusterOwner } = await import('../server/src/db/embedded-postgres.ts');
    return clusterOwner();
  },
};

/** True when the directory is missing or empty. */
export function isEmptyDir(dir) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

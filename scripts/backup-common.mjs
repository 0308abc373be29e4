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
 * The embedded database is open when its postmaster.pid exists (PGlite removes it on a clean close): a
 * running server, or one that was killed and has not been started since.
 */
export function embeddedInUse(pgliteDir) {
  return existsSync(path.join(pgliteDir, 'postmaster.pid'));
}

/** True when the directory is missing or empty. */
export function isEmptyDir(dir) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

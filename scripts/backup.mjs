// `npm run backup -- <file.tar>`: the database and the uploaded files in one archive (docs/operations.md).
// Embedded PostgreSQL (DATABASE_URL unset): the server must be stopped (the DATA_DIR lock says so), the cluster is
// brought to a clean shutdown and its folder copied; PostgreSQL: online, with pg_dump.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedCluster, FORMAT, FORMAT_VERSION, fail, isEmptyDir, parseArgs, pgTool, run } from './backup-common.mjs';

const USAGE =
  'Cách dùng / usage: npm run backup -- <tệp.tar | file.tar> [--data-dir DIR] [--database-url URL]\n' +
  '  Không có DATABASE_URL: PostgreSQL nhúng trong DATA_DIR/postgres (dừng máy chủ trước) / embedded database (stop the server first)\n' +
  '  Có DATABASE_URL: pg_dump khi máy chủ vẫn chạy / PostgreSQL: pg_dump while the server runs';

const args = parseArgs(process.argv.slice(2), USAGE);
const pgDump = args.databaseUrl ? await pgTool('pg_dump') : undefined;
/** Embedded: the DATA_DIR lock, held from the check to the end of the copy. */
let lock;
if (!args.databaseUrl) {
  if (!existsSync(path.join(args.dataDir, 'postgres', 'PG_VERSION'))) {
    fail(
      existsSync(path.join(args.dataDir, 'pglite', 'PG_VERSION'))
        ? `DATA_DIR còn CSDL nhúng cũ (pglite): khởi động cổng một lần để chuyển nó sang PostgreSQL nhúng, rồi sao lưu.\n` +
            'DATA_DIR holds the old embedded database (pglite): start the portal once to import it, then back up.'
        : `Không có CSDL nhúng tại / no embedded database at ${path.join(args.dataDir, 'postgres')}`,
    );
  }
  lock = await embeddedCluster.lock(args.dataDir, 'sao lưu / backup');
}
const staging = await mkdtemp(path.join(tmpdir(), 'flood-backup-'));
try {
  const manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: args.databaseUrl ? 'postgres' : 'embedded-postgres',
    files: false,
  };
  if (pgDump) {
    await run(pgDump, ['--format=custom', '--file', path.join(staging, 'database.dump'), '--dbname', args.databaseUrl]);
  } else {
    // Started and stopped once: the log of a server that was killed is replayed and a fast shutdown writes a
    // checkpoint, so the folder copied is a clean cluster that starts without recovery.
    await embeddedCluster.cleanShutdown(args.dataDir, lock);
    await run('tar', ['-czf', path.join(staging, 'database.tar.gz'), '-C', args.dataDir, 'postgres']);
  }
  const files = path.join(args.dataDir, 'files');
  await mkdir(path.join(staging, 'files'));
  if (!isEmptyDir(files)) {
    await cp(files, path.join(staging, 'files'), { recursive: true });
    manifest.files = true;
  }
  await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await mkdir(path.dirname(args.file), { recursive: true });
  // Written beside the target and renamed, so a failed run never leaves half an archive under its name.
  const partial = `${args.file}.partial`;
  await run('tar', ['-cf', partial, '-C', staging, '.']);
  await run('mv', ['-f', partial, args.file]);
  process.stdout.write(`Đã sao lưu / backed up (${manifest.database}) → ${args.file}\n`);
} catch (e) {
  process.exitCode = 1;
  process.stderr.write(
    `Sao lưu thất bại / backup failed: ${e?.stderr || (e instanceof Error ? e.message : String(e))}\n`,
  );
} finally {
  await rm(staging, { recursive: true, force: true });
  lock?.release();
}

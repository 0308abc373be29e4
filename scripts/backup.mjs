// `npm run backup -- <file.tar>`: the database and the uploaded files in one archive (docs/operations.md).
// Embedded database (DATABASE_URL unset): the server must be stopped; PostgreSQL: online, with pg_dump.
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedInUse, FORMAT, FORMAT_VERSION, fail, isEmptyDir, parseArgs, pgTool, run } from './backup-common.mjs';

const USAGE =
  'Cách dùng / usage: npm run backup -- <tệp.tar | file.tar> [--data-dir DIR] [--database-url URL] [--force]\n' +
  '  Không có DATABASE_URL: CSDL nhúng trong DATA_DIR/pglite (dừng máy chủ trước) / embedded database (stop the server first)\n' +
  '  Có DATABASE_URL: pg_dump khi máy chủ vẫn chạy / PostgreSQL: pg_dump while the server runs';

const args = parseArgs(process.argv.slice(2), USAGE);
const pgliteDir = path.join(args.dataDir, 'pglite');
const pgDump = args.databaseUrl ? await pgTool('pg_dump') : undefined;
if (!args.databaseUrl) {
  if (isEmptyDir(pgliteDir)) fail(`Không có CSDL nhúng tại / no embedded database at ${pgliteDir}`);
  if (embeddedInUse(pgliteDir) && !args.force) {
    fail(
      `CSDL nhúng đang mở (${pgliteDir}/postmaster.pid): hãy dừng máy chủ rồi chạy lại; nếu máy chủ đã bị tắt đột ngột, thêm --force.\n` +
        `The embedded database is open (${pgliteDir}/postmaster.pid): stop the server and run this again; if the server was killed, add --force.`,
    );
  }
}
const staging = await mkdtemp(path.join(tmpdir(), 'flood-backup-'));
try {
  const manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: args.databaseUrl ? 'postgres' : 'embedded',
    files: false,
  };
  if (pgDump) {
    await run(pgDump, ['--format=custom', '--file', path.join(staging, 'database.dump'), '--dbname', args.databaseUrl]);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    // Opening it replays the log of a server that was killed, so the copy is always a clean one.
    const db = await PGlite.create(pgliteDir);
    try {
      const dump = await db.dumpDataDir('gzip');
      await writeFile(path.join(staging, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
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
}

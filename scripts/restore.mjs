// `npm run restore -- <file.tar>`: puts a backup of scripts/backup.mjs back (docs/operations.md). The server
// must be stopped. Into an empty target only, unless --force (embedded: the old data is moved aside;
// PostgreSQL: the old tables are dropped). A backup of the earlier embedded database (PGlite, before issue #19)
// goes back to DATA_DIR/pglite, which the next start imports.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedCluster, FORMAT, fail, isEmptyDir, parseArgs, pgTool, run } from './backup-common.mjs';

const USAGE =
  'Cách dùng / usage: npm run restore -- <tệp.tar | file.tar> [--data-dir DIR] [--database-url URL] [--force]\n' +
  '  Dừng máy chủ trước / stop the server first. Khôi phục vào CSDL trống; --force ghi đè / into an empty database; --force replaces';

const args = parseArgs(process.argv.slice(2), USAGE);
if (!existsSync(args.file)) fail(`Không có tệp / no such file: ${args.file}`);
const target = args.databaseUrl ? 'postgres' : 'embedded';

/** Tables of the portal's schemas in the target PostgreSQL database (0: empty). */
async function tableCount(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return r.rows[0].n;
  } finally {
    await client.end();
  }
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const staging = await mkdtemp(path.join(tmpdir(), 'flood-restore-'));
try {
  await run('tar', ['-xf', args.file, '-C', staging]);
  const manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  if (manifest.format !== FORMAT) throw new Error('không phải bản sao lưu của cổng / not a backup of this portal');
  const kind = manifest.database === 'postgres' ? 'postgres' : 'embedded';
  if (kind !== target) {
    throw new Error(
      `bản sao lưu là CSDL ${manifest.database}, đích là ${target} / the backup holds a ${manifest.database} database, the target is ${target}` +
        (target === 'postgres' ? ' (bỏ DATABASE_URL / unset DATABASE_URL)' : ' (đặt DATABASE_URL / set DATABASE_URL)'),
    );
  }
  // Every check before the first change: a refused restore leaves the target as it was.
  const files = path.join(args.dataDir, 'files');
  const replaceFiles = manifest.files && !isEmptyDir(files);
  if (replaceFiles && !args.force)
    throw new Error(`${files} không trống; thêm --force / ${files} is not empty; add --force`);
  if (target === 'postgres') {
    const pgRestore = await pgTool('pg_restore');
    const existing = await tableCount(args.databaseUrl);
    if (existing > 0 && !args.force) {
      throw new Error(
        `CSDL đích đã có ${existing} bảng; dùng CSDL trống hoặc thêm --force / the target database has ${existing} tables; use an empty one or add --force`,
      );
    }
    const opts = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (existing > 0) opts.push('--clean', '--if-exists');
    await run(pgRestore, [...opts, '--dbname', args.databaseUrl, path.join(staging, 'database.dump')]);
  } else {
    const lock = await embeddedCluster.lock(args.dataDir, 'khôi phục / restore');
    try {
      // Both embedded folders are checked (an old pglite/ left there would be imported over the restored data).
      const existing = ['postgres', 'pglite'].map((d) => path.join(args.dataDir, d)).filter((d) => !isEmptyDir(d));
      if (existing.length && !args.force) {
        throw new Error(
          `đã có CSDL tại ${existing.join(', ')}; thêm --force để thay / a database exists at ${existing.join(', ')}; add --force to replace it`,
        );
      }
      for (const d of existing) await rename(d, `${d}.before-restore-${stamp}`);
      if (manifest.database === 'embedded') {
        // PGlite's dump: back into pglite/, imported into the embedded PostgreSQL at the next start.
        const dir = path.join(args.dataDir, 'pglite');
        await mkdir(dir, { recursive: true });
        const { PGlite } = await import('@electric-sql/pglite');
        const blob = new Blob([await readFile(path.join(staging, 'database.tar.gz'))]);
        const db = await PGlite.create({ dataDir: dir, loadDataDir: blob });
        await db.query('select 1');
        await db.close();
      } else {
        // Unpacked beside its place, given to the cluster's user, synced, then renamed into place and opened once.
        const side = path.join(args.dataDir, `.restore-${stamp}`);
        await mkdir(side, { recursive: true });
        await run('tar', ['-xzf', path.join(staging, 'database.tar.gz'), '-C', side]);
        const owner = await embeddedCluster.owner();
        if (owner) await run('chown', ['-R', `${owner.uid}:${owner.gid}`, path.join(side, 'postgres')]);
        await run('sync', ['-f', side]);
        await rename(path.join(side, 'postgres'), path.join(args.dataDir, 'postgres'));
        await rm(side, { recursive: true, force: true });
        await run('sync', ['-f', args.dataDir]);
        await embeddedCluster.check(args.dataDir, lock);
      }
    } finally {
      lock.release();
    }
  }
  if (manifest.files) {
    if (replaceFiles) await rename(files, `${files}.before-restore-${stamp}`);
    await mkdir(args.dataDir, { recursive: true });
    await cp(path.join(staging, 'files'), files, { recursive: true });
  }
  process.stdout.write(`Đã khôi phục / restored (${target}) ← ${args.file} (${manifest.createdAt})\n`);
} catch (e) {
  process.exitCode = 1;
  process.stderr.write(
    `Khôi phục thất bại / restore failed: ${e?.stderr || (e instanceof Error ? e.message : String(e))}\n`,
  );
} finally {
  await rm(staging, { recursive: true, force: true });
}

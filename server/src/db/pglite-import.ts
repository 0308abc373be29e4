// Issue #19: data folders of the earlier embedded database (PGlite, DATA_DIR/pglite) are copied into the embedded
// PostgreSQL at the first start of this version — never silently lost. The old folder is brought up to date with
// the same migrations, every table is copied in one transaction (checked row for row by count), the sequences
// follow, and only then is the old folder renamed `pglite.imported-<time>` (kept until the operator removes it).
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { migrationsFolder } from './migrate';

export const OLD_DIR = 'pglite';
/** Rows per batch: a reading row is ~100 bytes of JSON, so a batch stays near 1 MB. */
const BATCH = 10_000;

export interface ImportProgress {
  table: string;
  tableIndex: number;
  tables: number;
  rows: number;
}

export interface ImportResult {
  tables: number;
  rows: number;
  movedTo: string;
}

interface OldDb {
  query<T>(q: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(
    fn: (tx: { query<R>(q: string, params?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

/** Whether DATA_DIR holds an earlier embedded (PGlite) database that has not been imported yet. */
export function hasOldEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), OLD_DIR, 'PG_VERSION'));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies DATA_DIR/pglite into `target` (the migrated embedded PostgreSQL) and renames the old folder. Refuses,
 * changing nothing, when the old database looks open (its postmaster.pid: an older portal still running on it).
 */
export async function importOldEmbeddedDatabase(
  target: Database,
  dataDir: string,
  now: Date,
  onProgress: (p: ImportProgress) => void = () => {},
): Promise<ImportResult> {
  const dir = path.join(path.resolve(dataDir), OLD_DIR);
  if (existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new Error(
      `CSDL nhúng cũ (${dir}) có vẻ đang mở (có postmaster.pid): hãy dừng phiên bản cũ của cổng; nếu nó không còn chạy, xoá ${dir}/postmaster.pid rồi khởi động lại.\n` +
        `The old embedded database (${dir}) looks open (postmaster.pid): stop the old version of the portal; if it is not running, delete ${dir}/postmaster.pid and start again.`,
    );
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pglite = await PGlite.create(dir);
  const old = pglite as unknown as OldDb;
  try {
    // The same schema on both sides: the old folder gets the migrations it lacks first.
    await migrate(drizzle(pglite), { migrationsFolder: migrationsFolder() });
    const tables = (
      await old.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
      )
    ).rows.map((r) => r.name);
    const counts = new Map<string, number>();
    let total = 0;
    await target.db.transaction(async (tx) => {
      // Every table at once, foreign keys and triggers off for the copy (the rows are consistent in the source).
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      if (tables.length) await tx.execute(sql.raw(`truncate ${tables.map(quote).join(', ')} cascade`));
      for (const [i, table] of tables.entries()) {
        const cols = (
          await old.query<{ name: string }>(
            `select a.attname as name from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0
             and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
            [`public.${quote(table)}`],
          )
        ).rows.map((r) => quote(r.name));
        let rows = 0;
        await old.transaction(async (otx) => {
          // Each row as PostgreSQL's own JSON text (exact numbers, timestamps with offset, bytea in hex).
          await otx.query(
            `declare c no scroll cursor for select row_to_json(t)::text as j from (select ${cols.join(', ')} from public.${quote(table)}) t`,
          );
          for (;;) {
            const got = (await otx.query<{ j: string }>(`fetch ${BATCH} from c`)).rows;
            if (got.length === 0) break;
            const batch = `[${got.map((r) => r.j).join(',')}]`;
            await tx.execute(
              sql`insert into ${sql.raw(`public.${quote(table)} (${cols.join(', ')})`)} overriding system value
                  select ${sql.raw(cols.join(', '))} from json_populate_recordset(null::${sql.raw(`public.${quote(table)}`)}, ${batch}::json)`,
            );
            rows += got.length;
            onProgress({ table, tableIndex: i + 1, tables: tables.length, rows });
            if (got.length < BATCH) break;
          }
          await otx.query('close c');
        });
        counts.set(table, rows);
        total += rows;
      }
      // Sequences where the old database left them, so new rows take new ids.
      const seqs = (
        await old.query<{ name: string; last: string | null }>(
          `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last
           from pg_sequences where schemaname = 'public'`,
        )
      ).rows;
      for (const s of seqs) {
        if (s.last === null) continue;
        await tx.execute(sql`select setval(${s.name}::regclass, ${s.last}::bigint, true)`);
      }
      // Row for row: the counts in the target, in the same transaction, before anything is renamed.
      for (const [table, n] of counts) {
        const r = (await tx.execute(sql.raw(`select count(*)::int as n from public.${quote(table)}`))) as unknown as {
          rows: { n: number }[];
        };
        if (r.rows[0]?.n !== n) throw new Error(`import of ${table}: ${r.rows[0]?.n} rows copied of ${n}`);
      }
    });
    await pglite.close();
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const movedTo = `${dir}.imported-${stamp}`;
    await rename(dir, movedTo);
    return { tables: tables.length, rows: total, movedTo };
  } finally {
    if (!pglite.closed) await pglite.close().catch(() => undefined);
  }
}

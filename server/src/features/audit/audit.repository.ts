import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs } from './audit.table';

export type AuditRow = typeof auditLogs.$inferSelect;

export interface AuditEntryInput {
  userId: number | null;
  userName: string | null;
  content: string;
}

/** Appends one entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(executor: Db, entry: AuditEntryInput): Promise<void> {
  await executor.insert(auditLogs).values(entry);
}

/** One page of the log, newest first, filtered by a keyword on user id, user name or content. */
export async function listAuditEntries(
  db: Db,
  q: { page: number; pageSize: number; keyword?: string | undefined },
): Promise<{ items: AuditRow[]; total: number }> {
  const kw = q.keyword?.trim();
  const where = kw
    ? or(
        ilike(auditLogs.content, `%${escapeLike(kw)}%`),
        ilike(auditLogs.userName, `%${escapeLike(kw)}%`),
        /^\d+$/.test(kw) ? eq(auditLogs.userId, Number(kw)) : undefined,
      )
    : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return { items, total: Number(totalRow?.total ?? 0) };
}

/** LIKE patterns treat % and _ as wildcards: a searched text must not. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

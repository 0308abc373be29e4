import { DB_ID_MAX } from '@flood/domain';
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/sql';
import { users } from '../users/users.table';
import { auditLogs } from './audit.table';

export type AuditRow = typeof auditLogs.$inferSelect;

export interface AuditEntryInput {
  userId: number | null;
  userName: string | null;
  content: string;
  /** Who wrote the text: the server (default) or a browser through POST /api/audit. */
  source?: 'server' | 'client';
}

/** Appends one entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(executor: Db, entry: AuditEntryInput): Promise<AuditRow> {
  const [row] = await executor.insert(auditLogs).values(entry).returning();
  if (!row) throw new Error('insert audit_logs returned nothing');
  return row;
}

/** The user's current name (resolved from userId), else the name kept when the entry was written. */
const resolvedName = sql<string | null>`coalesce(${users.name}, ${auditLogs.userName})`;

/** One page of the log, newest first, filtered by a keyword on user id, user name or content. */
export async function listAuditEntries(
  db: Db,
  q: { page: number; pageSize: number; keyword?: string | undefined },
): Promise<{ items: AuditRow[]; total: number }> {
  const kw = q.keyword?.trim();
  const where = kw
    ? or(
        ilike(auditLogs.content, `%${escapeLike(kw)}%`),
        sql`${resolvedName} ilike ${`%${escapeLike(kw)}%`}`,
        // A number past the integer column is no user id (and would fail the query).
        /^\d+$/.test(kw) && Number(kw) <= DB_ID_MAX ? eq(auditLogs.userId, Number(kw)) : undefined,
      )
    : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: auditLogs.id,
        userId: auditLogs.userId,
        userName: resolvedName,
        content: auditLogs.content,
        source: auditLogs.source,
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.userId)).where(where),
  ]);
  return { items, total: Number(totalRow?.total ?? 0) };
}

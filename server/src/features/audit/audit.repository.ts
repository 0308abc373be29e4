import type { Db } from '../../db/client';
import { auditLogs } from './audit.table';

export interface AuditEntryInput {
  userId: number | null;
  userName: string | null;
  content: string;
}

/** Appends one entry; call it with the transaction of the change it records. */
export async function insertAuditEntry(executor: Db, entry: AuditEntryInput): Promise<void> {
  await executor.insert(auditLogs).values(entry);
}

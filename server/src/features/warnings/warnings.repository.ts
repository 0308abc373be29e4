import type { WarningEventType } from '@flood/domain';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { capMessages } from '../alerts/cap.table';
import { messageOutbox, smsRecipients } from '../alerts/sms-admin.table';
import { uploadedFiles } from '../files/files.table';
import { type WarningRow, warningEvents, warnings } from './warnings.table';

export type WarningInsert = typeof warnings.$inferInsert;

export async function insertWarning(tx: Tx, values: WarningInsert): Promise<WarningRow> {
  const [row] = await tx.insert(warnings).values(values).returning();
  return row!;
}

export async function updateWarning(tx: Tx, id: number, values: Partial<WarningInsert>): Promise<WarningRow> {
  const [row] = await tx
    .update(warnings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(warnings.id, id))
    .returning();
  return row!;
}

/** A warning, locked for the change about to be made (two approvals at once: the second waits and sees the first). */
export async function lockWarning(tx: Tx, id: number): Promise<WarningRow | undefined> {
  const [row] = await tx.select().from(warnings).where(eq(warnings.id, id)).for('update');
  return row;
}

export async function findWarning(db: Db, id: number): Promise<WarningRow | undefined> {
  const [row] = await db.select().from(warnings).where(eq(warnings.id, id));
  return row;
}

export async function deleteWarning(tx: Tx, id: number): Promise<void> {
  await tx.delete(warnings).where(eq(warnings.id, id));
}

export async function insertWarningEvent(
  tx: Tx,
  e: { warningId: number; type: WarningEventType; detail?: string | null; userName: string | null; at: Date },
): Promise<void> {
  await tx.insert(warningEvents).values({ ...e, detail: e.detail ?? null });
}

export function warningEventsOf(db: Db, id: number) {
  return db.select().from(warningEvents).where(eq(warningEvents.warningId, id)).orderBy(asc(warningEvents.id));
}

/** The SQL condition of a status at `now` (see `warningStatus`). */
function statusWhere(status: string, now: Date) {
  switch (status) {
    case 'draft':
      return and(isNull(warnings.publishedAt), isNull(warnings.cancelledAt));
    case 'cancelled':
      return isNotNull(warnings.cancelledAt);
    case 'expired':
      return and(isNotNull(warnings.publishedAt), isNull(warnings.cancelledAt), lte(warnings.expiresAt, now));
    case 'scheduled':
      return and(
        isNotNull(warnings.publishedAt),
        isNull(warnings.cancelledAt),
        gt(warnings.expiresAt, now),
        gt(warnings.effectiveAt, now),
      );
    case 'active':
      return activeWhere(now);
    default:
      return undefined;
  }
}

/** Published, not cancelled, in force at `now`. */
const activeWhere = (now: Date) =>
  and(
    isNotNull(warnings.publishedAt),
    isNull(warnings.cancelledAt),
    lte(warnings.effectiveAt, now),
    gt(warnings.expiresAt, now),
  );

export async function pageWarnings(db: Db, status: string, page: number, pageSize: number, now: Date) {
  const where = statusWhere(status, now);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(warnings)
      .where(where)
      .orderBy(desc(warnings.createdAt), desc(warnings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(warnings).where(where),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The warnings in force now on the banner channel, most recent first. */
export function activeBannerWarnings(db: Db, now: Date): Promise<WarningRow[]> {
  return db
    .select()
    .from(warnings)
    .where(and(activeWhere(now), sql`'banner' = any(${warnings.channels})`))
    .orderBy(desc(warnings.effectiveAt), desc(warnings.id));
}

export async function attachmentName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: uploadedFiles.name }).from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row?.name ?? null;
}

export async function fileExists(db: Db, id: string): Promise<{ mime: string } | undefined> {
  const [row] = await db.select({ mime: uploadedFiles.mime }).from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row;
}

// ── CAP messages of warnings ──────────────────────────────────────────────────────────────────────────────────

export type CapRow = typeof capMessages.$inferSelect;

export async function insertWarningCap(
  tx: Tx,
  rows: {
    warningId: number;
    msgType: 'Alert' | 'Update' | 'Cancel';
    areaKey: string;
    level: number;
    sentAt: Date;
    expiresAt: Date;
    snapshot: Record<string, unknown>;
  }[],
): Promise<void> {
  if (rows.length) await tx.insert(capMessages).values(rows.map((r) => ({ ...r, value: 0 })));
}

export function warningCapMessages(db: Db, warningId: number): Promise<CapRow[]> {
  return db.select().from(capMessages).where(eq(capMessages.warningId, warningId)).orderBy(asc(capMessages.id));
}

export async function findWarningCap(db: Db, id: number): Promise<CapRow | undefined> {
  const [row] = await db
    .select()
    .from(capMessages)
    .where(and(eq(capMessages.id, id), isNotNull(capMessages.warningId)));
  return row;
}

export function recentWarningCaps(db: Db, since: Date, limit: number): Promise<CapRow[]> {
  return db
    .select()
    .from(capMessages)
    .where(and(isNotNull(capMessages.warningId), gt(capMessages.sentAt, since)))
    .orderBy(desc(capMessages.sentAt), desc(capMessages.id))
    .limit(limit);
}

// ── Messages ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The recipients of a warning over these communes: those of any of them, and those of every commune. */
export async function recipientsFor(tx: Tx, codes: readonly string[]) {
  const some = codes.length
    ? sql` or exists (select 1 from unnest(${smsRecipients.communes}) c where c in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )}))`
    : sql``;
  return tx
    .select()
    .from(smsRecipients)
    .where(sql`(cardinality(${smsRecipients.communes}) = 0${some})`)
    .orderBy(asc(smsRecipients.id));
}

/** Messages of a warning not sent yet are not sent at all once it is cancelled. */
export async function cancelPendingWarningMessages(tx: Tx, warningId: number): Promise<number> {
  const rows = await tx
    .update(messageOutbox)
    .set({ status: 'CANCELLED', lastError: 'Cảnh báo đã bị huỷ trước khi gửi' })
    .where(and(eq(messageOutbox.warningId, warningId), eq(messageOutbox.status, 'PENDING')))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

export async function warningMessageCounts(db: Db, warningId: number) {
  const [row] = rowsOf<{ total: number; sent: number; pending: number; failed: number }>(
    await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where status = 'SUCCESS')::int as sent,
        count(*) filter (where status = 'PENDING')::int as pending,
        count(*) filter (where status in ('FAILED', 'UNCERTAIN'))::int as failed
      from sms_history where warning_id = ${warningId}`),
  );
  return row ?? { total: 0, sent: 0, pending: 0, failed: 0 };
}

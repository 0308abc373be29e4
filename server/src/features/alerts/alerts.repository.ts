import { type AlertKind, CAP_PUBLIC_KINDS } from '@flood/domain';
import { and, asc, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type StationRow, stations } from '../stations/stations.table';
import { type AlertRow, alerts } from './alerts.table';
import { type CapMessageRow, capMessages } from './cap.table';
import { smsHistory, smsRecipients, smsTemplates } from './sms-admin.table';

/**
 * Every statement of the warning side: the CAP feed, the message dispatcher (the outbox `sms_history`, its attempts
 * `sms_attempts`), … (docs/decisions.md, "The warning pipeline's folders").
 */

// ── Open warnings ────────────────────────────────────────────────────────────────────────────────────────────

/** The open warnings with their stations, highest level first; silent stations only when asked (staff). */
export function findOpenAlerts(db: Db, includeSilent: boolean): Promise<{ a: AlertRow; s: StationRow }[]> {
  return db
    .select({ a: alerts, s: stations })
    .from(alerts)
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(and(isNull(alerts.clearedAt), includeSilent ? undefined : ne(alerts.kind, 'STATION_SILENT')))
    .orderBy(desc(alerts.level), desc(alerts.openedAt));
}

/**
 * Clears every open warning of a station at `at` and, for the public kinds, writes a CAP 'Cancel' at the same
 * level and value. Returns the cleared rows.
 */
export async function clearOpenAlertsOfStation(tx: Db, stationId: number, at: Date): Promise<AlertRow[]> {
  const cleared = await tx
    .update(alerts)
    .set({ clearedAt: at, updatedAt: at, belowSince: null })
    .where(and(eq(alerts.stationId, stationId), isNull(alerts.clearedAt)))
    .returning();
  const cancels = cleared
    .filter((a) => CAP_PUBLIC_KINDS.includes(a.kind as AlertKind))
    .map((a) => ({ alertId: a.id, msgType: 'Cancel' as const, level: a.level, value: a.value, sentAt: at }));
  if (cancels.length) await tx.insert(capMessages).values(cancels);
  return cleared;
}

// ── CAP feed ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface CapMessageFull {
  message: CapMessageRow;
  alert: AlertRow;
  station: StationRow;
}

/** One CAP message with its warning and station; null when it does not exist. */
export async function findCapMessage(db: Db, id: number): Promise<CapMessageFull | null> {
  const [row] = await db
    .select({ message: capMessages, alert: alerts, station: stations })
    .from(capMessages)
    .innerJoin(alerts, eq(alerts.id, capMessages.alertId))
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(eq(capMessages.id, id))
    .limit(1);
  return row ?? null;
}

/** The earlier messages of the same warning (an Update or Cancel references them), oldest first. */
export function earlierCapMessages(db: Db, alertId: number, beforeId: number): Promise<CapMessageRow[]> {
  return db
    .select()
    .from(capMessages)
    .where(and(eq(capMessages.alertId, alertId), lt(capMessages.id, beforeId)))
    .orderBy(capMessages.id);
}

/** The messages of the feed: sent since `since`, newest first, at most `limit`. */
export function recentCapMessages(db: Db, since: Date, limit: number): Promise<CapMessageFull[]> {
  return db
    .select({ message: capMessages, alert: alerts, station: stations })
    .from(capMessages)
    .innerJoin(alerts, eq(alerts.id, capMessages.alertId))
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(gte(capMessages.sentAt, since))
    .orderBy(desc(capMessages.id))
    .limit(limit);
}

// ── Dispatcher: the outbox and its attempts ─────────────────────────────────────────────────────────────────

/** An outbox message claimed for sending. */
export interface ClaimedMessage {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  attempts: number;
  alertId: number | null;
  demo: boolean;
  /** An earlier attempt never finished: the process died while the gateway had it. */
  interrupted: boolean;
}

/**
 * Claims up to 50 due messages for `lockMs` (`FOR UPDATE SKIP LOCKED`: one process each), counting the attempt;
 * says for each whether it is a demo station's and whether an earlier attempt was interrupted.
 */
export async function claimDueMessages(db: Db, lockMs: number): Promise<ClaimedMessage[]> {
  const result = await db.execute(sql`
    update sms_history set locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
    where id in (
      select id from sms_history
      where status = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by id limit 50 for update skip locked
    )
    returning id, channel, recipient, body, attempts, alert_id as "alertId",
      coalesce((select s.demo from alerts a join stations s on s.id = a.station_id
        where a.id = sms_history.alert_id), false) as demo,
      exists (select 1 from sms_attempts t where t.sms_history_id = sms_history.id and t.finished_at is null)
        as interrupted`);
  return rowsOf<ClaimedMessage>(result);
}

/**
 * Closes a message's unfinished attempt (INTERRUPTED) and, in the same statement, holds the message as UNCERTAIN
 * with `heldError` (`hold`) or leaves it to the new attempt.
 */
export async function closeInterruptedAttempt(db: Db, id: number, hold: boolean, heldError: string): Promise<void> {
  await db.execute(sql`
    with closed as (
      update sms_attempts set finished_at = now(), outcome = 'INTERRUPTED'
      where sms_history_id = ${id} and finished_at is null
    )
    update sms_history set
      status = ${hold ? 'UNCERTAIN' : 'PENDING'},
      attempts = attempts - ${hold ? 1 : 0},
      last_error = ${hold ? heldError : null},
      locked_until = ${hold ? null : sql`locked_until`}
    where id = ${id}`);
}

/** Records an attempt before the gateway is called (committed on its own); returns its id. */
export async function insertAttempt(db: Db, messageId: number, attemptNo: number, gateway: string): Promise<number> {
  const [attempt] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into sms_attempts (sms_history_id, attempt_no, gateway)
      values (${messageId}, ${attemptNo}, ${gateway}) returning id`),
  );
  return attempt!.id;
}

/** The gateway took the message: the attempt and the message in one statement. */
export async function markSent(db: Db, messageId: number, attemptId: number): Promise<void> {
  await db.execute(sql`
    with done as (update sms_attempts set finished_at = now(), outcome = 'SENT' where id = ${attemptId})
    update sms_history set status = 'SUCCESS', sent_at = now(), locked_until = null, last_error = null
    where id = ${messageId}`);
}

/** The gateway refused: the attempt and the message in one statement; FAILED when `final`, else due after `retryInMs`. */
export async function markAttemptFailed(
  db: Db,
  messageId: number,
  attemptId: number,
  error: string,
  final: boolean,
  retryInMs: number,
): Promise<void> {
  await db.execute(sql`
    with done as (
      update sms_attempts set finished_at = now(), outcome = 'ERROR', error = ${error} where id = ${attemptId}
    )
    update sms_history set
      status = ${final ? 'FAILED' : 'PENDING'},
      last_error = ${error},
      locked_until = null,
      next_attempt_at = now() + ${`${retryInMs} milliseconds`}::interval
    where id = ${messageId}`);
}

// ── SMS back office: templates, recipients, the send history ────────────────────────────────────────────────

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;
export type SmsRecipientRow = typeof smsRecipients.$inferSelect;
export type SmsHistoryRow = typeof smsHistory.$inferSelect;
type RecipientValues = Pick<typeof smsRecipients.$inferInsert, 'name' | 'description' | 'email' | 'phone'>;

export function listSmsTemplates(db: Db): Promise<SmsTemplateRow[]> {
  return db.select().from(smsTemplates).orderBy(asc(smsTemplates.id));
}

export async function updateSmsTemplate(db: Db, id: number, template: string): Promise<SmsTemplateRow | undefined> {
  const [row] = await db
    .update(smsTemplates)
    .set({ template, updatedAt: new Date() })
    .where(eq(smsTemplates.id, id))
    .returning();
  return row;
}

/** A page of recipients, newest first, and how many there are. */
export async function pageSmsRecipients(
  db: Db,
  q: { page: number; pageSize: number },
): Promise<{ rows: SmsRecipientRow[]; total: number }> {
  const [rows, [t]] = await Promise.all([
    db
      .select()
      .from(smsRecipients)
      .orderBy(desc(smsRecipients.createdAt), desc(smsRecipients.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(smsRecipients),
  ]);
  return { rows, total: Number(t?.total ?? 0) };
}

/** Inserts a recipient (`id` null) or updates one; undefined when there is none of that id. */
export async function saveSmsRecipient(
  db: Db,
  id: number | null,
  values: RecipientValues,
): Promise<SmsRecipientRow | undefined> {
  const [row] =
    id === null
      ? await db.insert(smsRecipients).values(values).returning()
      : await db
          .update(smsRecipients)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(smsRecipients.id, id))
          .returning();
  return row;
}

export async function deleteSmsRecipient(db: Db, id: number): Promise<SmsRecipientRow | undefined> {
  const [row] = await db.delete(smsRecipients).where(eq(smsRecipients.id, id)).returning();
  return row;
}

/** A page of the send history (the outbox), newest first, and how many messages there are. */
export async function pageSmsHistory(
  db: Db,
  q: { page: number; pageSize: number },
): Promise<{ rows: SmsHistoryRow[]; total: number }> {
  const [rows, [t]] = await Promise.all([
    db
      .select()
      .from(smsHistory)
      .orderBy(desc(smsHistory.createdAt), desc(smsHistory.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(smsHistory),
  ]);
  return { rows, total: Number(t?.total ?? 0) };
}

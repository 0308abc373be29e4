import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type StationRow, stations } from '../stations/stations.table';
import { type AlertRow, alerts } from './alerts.table';
import { type CapMessageRow, capMessages } from './cap.table';

/**
 * Every statement of the warning side: the CAP feed, the message dispatcher (the outbox `sms_history`, its attempts
 * `sms_attempts`), … (docs/decisions.md, "The warning pipeline's folders").
 */

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

import type { AlertEventType, CapMsgType } from '@flood/domain';
import {
  type AlertKind,
  CAP_ALERT_LIFETIME_MINUTES,
  CAP_PUBLIC_KINDS,
  capExpiresAt,
  type SmsTemplateType,
} from '@flood/domain';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { unitsWithinScope } from '../../db/unit-scope';
import { trustedSql } from '../readings/readings.repository';
import { type StationRow, stations } from '../stations/stations.table';
import { SUBSCRIBER_NAME } from '../subscriptions/subscriber-messages';
import { subscribers } from '../subscriptions/subscriptions.table';
import { type AlertEventRow, type AlertRow, alertEvents, alerts } from './alerts.table';
import { type CapMessageRow, capMessages } from './cap.table';
import { messageOutbox, smsRecipients, smsTemplates } from './sms-admin.table';

/**
 * Every statement of the warning side: the CAP feed, the message dispatcher (the outbox `sms_history`, its attempts
 * `sms_attempts`), … (docs/decisions.md, "The warning pipeline's folders").
 */

/** Readings that may warn (#22): good, or corrected by staff. Rollups hold only these. */
const TRUSTED = trustedSql();

/** One step of an alert's timeline (#22). */
export async function insertAlertEvent(
  tx: Db,
  e: {
    alertId: number;
    type: AlertEventType;
    level: number | null;
    value: number | null;
    detail?: string | null;
    userName?: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(alertEvents).values(e);
}

// ── Alert engine: the evaluation queue, what a station shows, its alerts and their messages ───────────────────

/**
 * The evaluation's own commit does not wait for fsync (the reading's commit did): a power cut can only lose the
 * whole evaluation, whose queue row then evaluates again (alert-engine.ts).
 */
export async function commitEvaluationWithoutFsyncWait(tx: Tx): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** Claims a station's queued evaluation (`FOR UPDATE SKIP LOCKED`); its sequence number, or undefined. */
export async function claimPendingEvaluation(tx: Tx, stationId: number): Promise<number | undefined> {
  const [claimed] = rowsOf<{ seq: number | string }>(
    await tx.execute(
      sql`select seq from alert_evaluations_pending where station_id = ${stationId} for update skip locked`,
    ),
  );
  return claimed ? Number(claimed.seq) : undefined;
}

export async function deletePendingEvaluation(tx: Tx, stationId: number, seq: number): Promise<void> {
  await tx.execute(sql`delete from alert_evaluations_pending where station_id = ${stationId} and seq = ${seq}`);
}

/** The stations with a queued evaluation, oldest first (at most 1,000). */
export async function pendingEvaluationStations(db: Db): Promise<number[]> {
  const rows = rowsOf<{ stationId: number }>(
    await db.execute(
      sql`select station_id as "stationId" from alert_evaluations_pending order by queued_at limit 1000`,
    ),
  );
  return rows.map((r) => Number(r.stationId));
}

/**
 * A water station's latest level, the last one at least an hour older (`prev`: the rise per hour) and the oldest
 * of the last 15 minutes, else the one before the latest (`recent`: the trend); undefined with no reading.
 */
export async function waterObservation(
  tx: Tx,
  stationId: number,
): Promise<{ value: number; prev: number | null; recent: number | null } | undefined> {
  return rowsOf<{ value: number; prev: number | null; recent: number | null }>(
    await tx.execute(sql`
      with last as (
        select value, observed_at from readings where station_id = ${stationId} and ${TRUSTED}
        order by observed_at desc limit 1
      )
      select last.value,
        (select r.value from readings r where r.station_id = ${stationId} and ${TRUSTED}
          and r.observed_at <= last.observed_at - interval '1 hour' order by r.observed_at desc limit 1) as prev,
        coalesce(
          (select r.value from readings r where r.station_id = ${stationId} and ${TRUSTED}
            and r.observed_at < last.observed_at
            and r.observed_at >= last.observed_at - interval '15 minutes' order by r.observed_at asc limit 1),
          (select r.value from readings r where r.station_id = ${stationId} and ${TRUSTED}
            and r.observed_at < last.observed_at order by r.observed_at desc limit 1)) as recent
      from last`),
  )[0];
}

/** A station's latest trusted readings, newest first (the readings that confirm a level, #22). */
export async function latestTrustedReadings(
  tx: Tx,
  stationId: number,
  limit: number,
): Promise<{ observedAt: Date; value: number }[]> {
  const rows = rowsOf<{ observedAt: string | Date; value: number }>(
    await tx.execute(sql`
      select observed_at as "observedAt", value from readings
      where station_id = ${stationId} and ${TRUSTED} order by observed_at desc limit ${limit}`),
  );
  return rows.map((r) => ({ observedAt: new Date(r.observedAt), value: Number(r.value) }));
}

/** A rain station's latest hourly sum and its sum over the hours after `daySince`. */
export async function rainObservation(
  tx: Tx,
  stationId: number,
  daySince: Date,
): Promise<{ hourly: number | null; day: number | null } | undefined> {
  return rowsOf<{ hourly: number | null; day: number | null }>(
    await tx.execute(sql`
      select (select sum from readings_hourly where station_id = ${stationId} order by hour desc limit 1) as hourly,
        (select sum(sum) from readings_hourly where station_id = ${stationId}
           and hour > ${daySince.toISOString()}::timestamptz) as day`),
  )[0];
}

/** The open alert of a station and kind, if any. */
export async function findOpenAlert(tx: Tx, stationId: number, kind: AlertKind): Promise<AlertRow | undefined> {
  const [open] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.stationId, stationId), eq(alerts.kind, kind), isNull(alerts.clearedAt)))
    .limit(1);
  return open;
}

export async function updateAlert(
  db: Db,
  id: number,
  values: Partial<typeof alerts.$inferInsert>,
): Promise<AlertRow | undefined> {
  const [row] = await db.update(alerts).set(values).where(eq(alerts.id, id)).returning();
  return row;
}

/**
 * Moves an open alert one step, only as it was read (same level, still open): one cleared or moved meanwhile is
 * left alone, so a step is never taken twice. Undefined when it was.
 */
export async function stepAlert(
  tx: Tx,
  open: AlertRow,
  values: Partial<typeof alerts.$inferInsert>,
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .update(alerts)
    .set(values)
    .where(and(eq(alerts.id, open.id), eq(alerts.level, open.level), isNull(alerts.clearedAt)))
    .returning();
  return row;
}

/** Opens an alert; with `ifNone`, nothing (undefined) when one of the station and kind is open already. */
export async function insertAlert(
  db: Db,
  values: typeof alerts.$inferInsert,
  opts: { ifNone?: boolean } = {},
): Promise<AlertRow | undefined> {
  const insert = db.insert(alerts).values(values);
  const [row] = await (opts.ifNone ? insert.onConflictDoNothing() : insert).returning();
  return row;
}

/** What an automatic alert's CAP message keeps of the rules at its time (`cap_messages.snapshot`). */
export interface AlertCapSnapshot {
  /** The threshold of the level (a 24-hour rain message states it: 'mưa lớn ≥ 100 mm/24 giờ'). */
  threshold: number | null;
}

/**
 * Stores a CAP step of an automatic alert with its `expires` (#23): `capExpiresAt` — the lifetime for an Alert or
 * Update, an hour for a Cancel — and the level's threshold of the moment.
 */
export async function insertCapMessage(
  tx: Tx,
  m: {
    alertId: number;
    msgType: CapMsgType;
    level: number;
    value: number;
    sentAt: Date;
    expiresAt: Date;
    threshold?: number | null;
  },
): Promise<void> {
  const { threshold, ...row } = m;
  const snapshot: AlertCapSnapshot | null = threshold === undefined ? null : { threshold };
  await tx.insert(capMessages).values({ ...row, snapshot: snapshot as Record<string, unknown> | null });
}

/**
 * The open, confirmed, public alerts whose newest CAP message expires by `due` (#23: renewal) — claimed
 * (`FOR UPDATE SKIP LOCKED`: one process renews); each with its station.
 */
export async function claimDueCapRenewals(tx: Tx, due: Date): Promise<{ a: AlertRow; s: StationRow }[]> {
  const kinds = `{${CAP_PUBLIC_KINDS.join(',')}}`;
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select a.id from alerts a
      where a.cleared_at is null and a.confirmed_at is not null and a.kind = any(${kinds}::text[])
        and (select m.expires_at from cap_messages m where m.alert_id = a.id order by m.id desc limit 1)
          <= ${due.toISOString()}::timestamptz
      order by a.id for update of a skip locked`),
  );
  if (rows.length === 0) return [];
  return tx
    .select({ a: alerts, s: stations })
    .from(alerts)
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(sql`${alerts.id} = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`)
    .orderBy(alerts.id);
}

/**
 * The renewal of a claimed alert: an Update at its level and value now, written only if its newest message still
 * expires by `due` — read again in this statement, so a renewal another process committed meanwhile is seen and
 * nothing is written twice. Whether it was written.
 */
export async function insertCapRenewal(
  tx: Tx,
  m: { alertId: number; level: number; value: number; sentAt: Date; expiresAt: Date; threshold: number | null },
  due: Date,
): Promise<boolean> {
  const snapshot = JSON.stringify({ threshold: m.threshold } satisfies AlertCapSnapshot);
  const written = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into cap_messages (alert_id, msg_type, level, value, sent_at, expires_at, snapshot)
      select ${m.alertId}, 'Update', ${m.level}, ${m.value}, ${m.sentAt.toISOString()}::timestamptz,
        ${m.expiresAt.toISOString()}::timestamptz, ${snapshot}::jsonb
      where (select expires_at from cap_messages where alert_id = ${m.alertId} order by id desc limit 1)
        <= ${due.toISOString()}::timestamptz
      returning id`),
  );
  return written.length > 0;
}

/** The SMS template of a type, if there is one. */
export async function findSmsTemplate(tx: Tx, type: SmsTemplateType): Promise<SmsTemplateRow | undefined> {
  const [template] = await tx.select().from(smsTemplates).where(eq(smsTemplates.type, type)).limit(1);
  return template;
}

export function allSmsRecipients(tx: Tx): Promise<SmsRecipientRow[]> {
  return tx.select().from(smsRecipients);
}

/** Rows per INSERT: a statement carries at most 65,535 parameters, and a warning to 10,000 subscribers is more. */
const OUTBOX_INSERT_ROWS = 1000;

/** Stores messages in the outbox (`sms_history`), for the dispatcher, in statements of OUTBOX_INSERT_ROWS rows. */
export async function insertOutboxMessages(tx: Tx, rows: (typeof messageOutbox.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += OUTBOX_INSERT_ROWS)
    await tx.insert(messageOutbox).values(rows.slice(i, i + OUTBOX_INSERT_ROWS));
}

/**
 * The outbox rows of one message to recipients: an SMS to each phone and an e-mail to each address (a channel
 * whose text is null is not used), with what they are about (`alertId` or `warningId`) and why (`purpose`).
 */
export function outboxRowsFor(
  recipients: readonly Pick<SmsRecipientRow, 'id' | 'name' | 'phone' | 'email'>[],
  text: { sms: string | null; email: string | null },
  about: Pick<typeof messageOutbox.$inferInsert, 'alertId' | 'warningId' | 'purpose'>,
): (typeof messageOutbox.$inferInsert)[] {
  return recipients.flatMap((r) =>
    [
      ...(text.sms !== null && r.phone ? [{ channel: 'sms' as const, recipient: r.phone, body: text.sms }] : []),
      ...(text.email !== null && r.email ? [{ channel: 'email' as const, recipient: r.email, body: text.email }] : []),
    ].map((m) => ({ ...m, ...about, smsUserId: r.id, name: r.name })),
  );
}

/** Each active station's last reading time and its open STATION_SILENT alert, if any. */
export async function silenceStates(db: Db): Promise<{ id: number; lastAt: string | null; open: number | null }[]> {
  return rowsOf<{ id: number; lastAt: string | null; open: number | null }>(
    await db.execute(sql`
      select s.id, (select max(h.last_at) from readings_hourly h where h.station_id = s.id) as "lastAt",
        (select a.id from alerts a where a.station_id = s.id and a.kind = 'STATION_SILENT' and a.cleared_at is null) as open
      from stations s where s.status = 'active'`),
  );
}

// ── Open warnings ────────────────────────────────────────────────────────────────────────────────────────────

/** Whether a station ever had a warning (open or ended). */
export async function stationEverWarned(db: Db, stationId: number): Promise<boolean> {
  const [warned] = await db.select({ id: alerts.id }).from(alerts).where(eq(alerts.stationId, stationId)).limit(1);
  return warned !== undefined;
}

/** The open warnings with their stations, highest level first; silent stations only when asked (staff). */
export function findOpenAlerts(db: Db, includeSilent: boolean): Promise<{ a: AlertRow; s: StationRow }[]> {
  return db
    .select({ a: alerts, s: stations })
    .from(alerts)
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(
      and(
        isNull(alerts.clearedAt),
        // The public sees confirmed warnings only (#22); staff also the unconfirmed and the silent stations.
        includeSilent ? undefined : and(ne(alerts.kind, 'STATION_SILENT'), isNotNull(alerts.confirmedAt)),
      ),
    )
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
    // An unconfirmed alert was never published: nothing to cancel.
    .filter((a) => CAP_PUBLIC_KINDS.includes(a.kind as AlertKind) && a.confirmedAt !== null)
    .map((a) => ({
      alertId: a.id,
      msgType: 'Cancel' as const,
      level: a.level,
      value: a.value,
      sentAt: at,
      expiresAt: capExpiresAt('Cancel', at, CAP_ALERT_LIFETIME_MINUTES),
      // The threshold its last message stated (a 24-hour rain Cancel says which level ended).
      snapshot: sql<Record<
        string,
        unknown
      > | null>`(select m.snapshot from cap_messages m where m.alert_id = ${a.id} order by m.id desc limit 1)`,
    }));
  if (cancels.length) await tx.insert(capMessages).values(cancels);
  return cleared;
}

// ── CAP feed ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface CapMessageFull {
  message: CapMessageRow;
  alert: AlertRow;
  station: StationRow;
}

/**
 * One CAP message of an automatic alert with its alert and station; null when it does not exist. The inner join
 * to alerts leaves out the officers' warnings' messages (`warning_id`, alert_id null), which have their own feed
 * code.
 */
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
    .where(and(eq(capMessages.alertId, alertId), lt(capMessages.id, beforeId), isNotNull(capMessages.alertId)))
    .orderBy(capMessages.id);
}

/** The automatic alerts' messages of the feed (inner join: no officer's warning): since `since`, newest first. */
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
  channel: 'sms' | 'email' | 'push' | 'zalo';
  recipient: string;
  body: string;
  /** The subscriber's channel it goes to (#24), and for a push its keys. */
  channelId: number | null;
  pushKeys: { p256dh: string; auth: string } | null;
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
    returning id, channel, recipient, body, attempts, alert_id as "alertId", channel_id as "channelId",
      (select c.push_keys from subscriber_channels c where c.id = sms_history.channel_id) as "pushKeys",
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

/** The gateway took the message (with the provider's id, if it gave one): the attempt and the message in one statement. */
export async function markSent(
  db: Db,
  messageId: number,
  attemptId: number,
  providerId: string | null = null,
): Promise<void> {
  await db.execute(sql`
    with done as (update sms_attempts set finished_at = now(), outcome = 'SENT' where id = ${attemptId})
    update sms_history set status = 'SUCCESS', sent_at = now(), locked_until = null, last_error = null,
      provider_id = ${providerId}
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

/**
 * A provider's delivery receipt (#24): the message named by our key (`sms-history-<id>`) or the provider's id is
 * DELIVERED, or FAILED with the provider's reason. Only a message already handed over is changed. Its id, or null.
 */
export async function recordDeliveryReceipt(
  db: Db,
  id: string,
  delivered: boolean,
  reason: string | null,
): Promise<number | null> {
  const own = /^sms-history-(\d{1,10})$/.exec(id);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      update sms_history set
        status = ${delivered ? 'DELIVERED' : 'FAILED'},
        delivered_at = ${delivered ? sql`now()` : null},
        last_error = ${delivered ? sql`last_error` : `Nhà cung cấp báo không chuyển được: ${reason ?? 'không rõ lý do'}`.slice(0, 500)}
      where ${own ? sql`id = ${Number(own[1])}` : sql`provider_id = ${id}`}
        and status in ('SUCCESS', 'DELIVERED', 'UNCERTAIN')
      returning id`),
  );
  return row?.id ?? null;
}

// ── SMS back office: templates, recipients, the send history ────────────────────────────────────────────────

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;
export type SmsRecipientRow = typeof smsRecipients.$inferSelect;
export type SmsHistoryRow = typeof messageOutbox.$inferSelect;
type RecipientValues = Pick<
  typeof smsRecipients.$inferInsert,
  'name' | 'description' | 'email' | 'phone' | 'onDuty' | 'communes'
>;

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
  /** A commune officer's units (#26): only recipients of some communes, all of them among these. */
  scope: readonly string[] = [],
): Promise<{ rows: SmsRecipientRow[]; total: number }> {
  const where = scope.length > 0 ? unitsWithinScope(smsRecipients.communes, scope) : undefined;
  const [rows, [t]] = await Promise.all([
    db
      .select()
      .from(smsRecipients)
      .where(where)
      .orderBy(desc(smsRecipients.createdAt), desc(smsRecipients.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(smsRecipients).where(where),
  ]);
  return { rows, total: Number(t?.total ?? 0) };
}

export async function findSmsRecipient(db: Db, id: number): Promise<SmsRecipientRow | undefined> {
  const [row] = await db.select().from(smsRecipients).where(eq(smsRecipients.id, id)).limit(1);
  return row;
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

/**
 * The messages a commune officer may read and resend (#26 point 3): those to an SMS recipient or a subscriber all of
 * whose communes are in its scope. Messages to nobody of a commune (the on-duty list) are the unscoped staff's.
 */
function messagesWithin(scope: readonly string[]): SQL {
  return sql`(exists (select 1 from ${smsRecipients} where ${smsRecipients.id} = ${messageOutbox.smsUserId} and ${unitsWithinScope(
    smsRecipients.communes,
    scope,
  )}) or exists (select 1 from ${subscribers} where ${subscribers.id} = ${messageOutbox.subscriberId} and ${unitsWithinScope(
    subscribers.communes,
    scope,
  )}))`;
}

/** A page of the send history (the outbox), newest first, and how many messages there are. */
export async function pageSmsHistory(
  db: Db,
  q: { page: number; pageSize: number },
  /** A commune officer's units (#26): the messages to its communes' recipients and subscribers only. */
  scope: readonly string[] = [],
): Promise<{ rows: SmsHistoryRow[]; total: number }> {
  const where = scope.length > 0 ? messagesWithin(scope) : undefined;
  const [rows, [t]] = await Promise.all([
    db
      .select()
      .from(messageOutbox)
      .where(where)
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(messageOutbox).where(where),
  ]);
  return { rows, total: Number(t?.total ?? 0) };
}

// ── Corrections: alerts that rested on readings staff changed (#22) ───────────────────────────────────────

/** The open alerts of a station (confirmed or not). */
export function openAlertsOfStation(tx: Db, stationId: number): Promise<AlertRow[]> {
  return tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.stationId, stationId), isNull(alerts.clearedAt)));
}

/** A station's trusted readings in [from, to], oldest first (at most 5,000). */
export async function trustedReadingsBetween(
  tx: Db,
  stationId: number,
  from: Date,
  to: Date,
): Promise<{ observedAt: Date; value: number }[]> {
  const rows = rowsOf<{ observedAt: string | Date; value: number }>(
    await tx.execute(sql`
      select observed_at as "observedAt", value from readings
      where station_id = ${stationId} and ${TRUSTED}
        and observed_at >= ${from.toISOString()}::timestamptz and observed_at <= ${to.toISOString()}::timestamptz
      order by observed_at limit 5000`),
  );
  return rows.map((r) => ({ observedAt: new Date(r.observedAt), value: Number(r.value) }));
}

/** A station's hourly rain sums (trusted readings) of the hours starting in [from, to], oldest first. */
export async function hourlySumsBetween(
  tx: Db,
  stationId: number,
  from: Date,
  to: Date,
): Promise<{ hour: Date; sum: number }[]> {
  const rows = rowsOf<{ hour: string | Date; sum: number }>(
    await tx.execute(sql`
      select hour, sum from readings_hourly
      where station_id = ${stationId}
        and hour >= ${from.toISOString()}::timestamptz and hour <= ${to.toISOString()}::timestamptz
      order by hour`),
  );
  return rows.map((r) => ({ hour: new Date(r.hour), sum: Number(r.sum) }));
}

/**
 * Ends an alert as cancelled (a correction took away the reading it rested on): cleared and cancelled at `at`
 * with the reason; only while still open. Undefined when it was not open any more.
 */
export async function cancelAlert(tx: Db, id: number, reason: string, at: Date): Promise<AlertRow | undefined> {
  const [row] = await tx
    .update(alerts)
    .set({ clearedAt: at, cancelledAt: at, cancelReason: reason, updatedAt: at, belowSince: null })
    .where(and(eq(alerts.id, id), isNull(alerts.clearedAt)))
    .returning();
  return row;
}

/**
 * The alert's messages not handed to a gateway yet are not sent any more (CANCELLED): those waiting, not those
 * a worker holds right now (they are sent, and the cancel message follows them). Returns how many.
 */
export async function cancelUnsentMessages(tx: Db, alertId: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update sms_history set status = 'CANCELLED', last_error = null
      where alert_id = ${alertId} and status = 'PENDING' and (locked_until is null or locked_until < now())
        and purpose <> 'cancel'
      returning id`),
  );
  return rows.length;
}

/**
 * The staff recipients an alert's messages reached or may have reached (sent, delivered or uncertain), once per
 * channel and address.
 */
export async function alertAudience(
  tx: Db,
  alertId: number,
): Promise<{ channel: 'sms' | 'email'; recipient: string; smsUserId: number | null; name: string }[]> {
  return rowsOf<{ channel: 'sms' | 'email'; recipient: string; smsUserId: number | null; name: string }>(
    await tx.execute(sql`
      select distinct on (channel, recipient) channel, recipient, sms_user_id as "smsUserId", name
      from sms_history
      where alert_id = ${alertId} and status in ('SUCCESS', 'DELIVERED', 'UNCERTAIN') and purpose <> 'cancel'
        -- Staff recipients only: subscribers (#24) are told in their channel's words, with their way out.
        and channel in ('sms', 'email') and subscriber_id is null and name <> ${SUBSCRIBER_NAME}
      order by channel, recipient, id`),
  );
}

// ── The alerts page: every alert, its timeline, acknowledgement and escalation (#22) ─────────────────────────

/** A page of alerts with their stations, newest first; `open`: only those still on. */
export async function pageAlerts(
  db: Db,
  q: { page: number; pageSize: number; open: boolean },
): Promise<{ rows: { a: AlertRow; s: StationRow }[]; total: number }> {
  const where = q.open ? isNull(alerts.clearedAt) : undefined;
  const [rows, [t]] = await Promise.all([
    db
      .select({ a: alerts, s: stations })
      .from(alerts)
      .innerJoin(stations, eq(stations.id, alerts.stationId))
      .where(where)
      .orderBy(desc(alerts.openedAt), desc(alerts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(alerts).where(where),
  ]);
  return { rows, total: Number(t?.total ?? 0) };
}

export async function findAlertWithStation(db: Db, id: number): Promise<{ a: AlertRow; s: StationRow } | undefined> {
  const [row] = await db
    .select({ a: alerts, s: stations })
    .from(alerts)
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(eq(alerts.id, id))
    .limit(1);
  return row;
}

export function alertTimeline(db: Db, alertId: number): Promise<AlertEventRow[]> {
  return db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(asc(alertEvents.id));
}

/** How an alert's messages stand, by status. */
export async function alertMessageCounts(db: Db, alertId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: messageOutbox.status, n: count() })
    .from(messageOutbox)
    .where(eq(messageOutbox.alertId, alertId))
    .groupBy(messageOutbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Records who took charge of an open alert, once; undefined when it was acknowledged already or is over. */
export async function acknowledgeAlert(
  tx: Db,
  id: number,
  by: { userId: number; name: string },
  note: string | null,
  at: Date,
): Promise<AlertRow | undefined> {
  const [row] = await tx
    .update(alerts)
    .set({ acknowledgedAt: at, acknowledgedBy: by.userId, acknowledgedByName: by.name, ackNote: note })
    .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt), isNull(alerts.clearedAt)))
    .returning();
  return row;
}

/**
 * The open, confirmed level II/III alerts nobody acknowledged, whose last word (confirmation or last reminder)
 * is older than `ackMs` and that have had fewer than `max` reminders — claimed (`FOR UPDATE SKIP LOCKED`: one
 * process reminds).
 */
export async function claimDueEscalations(tx: Tx, now: Date, ackMs: number, max: number): Promise<AlertRow[]> {
  const due = new Date(now.getTime() - ackMs).toISOString();
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select id from alerts
      where cleared_at is null and confirmed_at is not null and acknowledged_at is null and level >= 2
        and kind <> 'STATION_SILENT' and escalations < ${max}
        and coalesce(escalated_at, confirmed_at) <= ${due}::timestamptz
      order by id for update skip locked`),
  );
  if (rows.length === 0) return [];
  return tx
    .select()
    .from(alerts)
    .where(sql`${alerts.id} = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`);
}

export async function markEscalated(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(alerts)
    .set({ escalations: sql`${alerts.escalations} + 1`, escalatedAt: at })
    .where(eq(alerts.id, id));
}

export function onDutyRecipients(tx: Db): Promise<SmsRecipientRow[]> {
  return tx.select().from(smsRecipients).where(eq(smsRecipients.onDuty, true));
}

/** An UNCERTAIN or FAILED message queued again (PENDING, due now); undefined when it is neither. */
/** Whether a message of the history is within a commune officer's units (#26); true for the unscoped. */
export async function messageInScope(db: Db, id: number, scope: readonly string[]): Promise<boolean> {
  if (scope.length === 0) return true;
  const [row] = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.id, id), messagesWithin(scope)))
    .limit(1);
  return row !== undefined;
}

export async function requeueMessage(tx: Db, id: number): Promise<SmsHistoryRow | undefined> {
  const [row] = await tx
    .update(messageOutbox)
    .set({ status: 'PENDING', nextAttemptAt: new Date(), lockedUntil: null, lastError: null })
    .where(
      and(
        eq(messageOutbox.id, id),
        sql`${messageOutbox.status} in ('UNCERTAIN', 'FAILED')`,
        // A subscriber who has since unsubscribed (#24): the address is masked, nothing goes to it again.
        sql`not (${messageOutbox.name} = ${SUBSCRIBER_NAME} and ${messageOutbox.channelId} is null)`,
      ),
    )
    .returning();
  return row;
}

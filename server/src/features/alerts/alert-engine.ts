import {
  type Alert,
  type AlertKind,
  type AlertTrend,
  alertMessage,
  alertThresholds,
  CAP_PUBLIC_KINDS,
  type CapMsgType,
  fillSmsTemplate,
  formatSmsTemplate,
  nextAlertAction,
  templateTypeOf,
  trendOf,
  type WebParameters,
} from '@flood/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { capMessages } from '../cap/cap.table';
import { rowsOf } from '../readings/readings.repository';
import type { Dispatcher } from '../sms/dispatcher';
import { smsHistory, smsRecipients, smsTemplates } from '../sms/sms-admin.table';
import { findStationRow } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';
import { type AlertRow, alerts } from './alerts.table';

/** Readings older than this are history (an import), not news: they raise no alert. */
const LIVE_MS = 3 * 3_600_000;

export function toAlert(a: AlertRow, s: StationRow): Alert {
  return {
    id: a.id,
    kind: a.kind as AlertKind,
    stationId: s.id,
    stationCode: s.code,
    stationName: s.name,
    stationKind: s.kind,
    level: a.level,
    value: a.value,
    peakValue: a.peakValue ?? a.value,
    trend: (a.trend as AlertTrend | null) ?? null,
    positionText: s.description,
    lat: s.latitude,
    long: s.longitude,
    message: a.message,
    since: a.openedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    clearedAt: a.clearedAt?.toISOString() ?? null,
  };
}

export interface AlertEngineDeps {
  db: Db;
  bus: EventBus;
  webParameters: () => Promise<WebParameters>;
  dispatcher: Pick<Dispatcher, 'wake'>;
  logger: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Evaluates every stored reading (push, import, simulator) against the warning rules, keeps one open alert
 * per station and kind with hysteresis, and on open or escalation stores one message per recipient in the
 * outbox in the same transaction, then wakes the dispatcher and announces the alert on the event bus.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { db, bus, now } = deps;
  const chains = new Map<number, Promise<void>>();
  /** The value and trend last announced of each open alert (this process), so small changes stay quiet. */
  const announced = new Map<number, { value: number; trend: string | null }>();

  /**
   * Values the rules look at for a station, from the hourly rollups and the raw readings; for water, where the
   * level is heading over the last 15 minutes (rain's trend is its change since the previous evaluation).
   */
  async function observe(s: StationRow): Promise<Observation[]> {
    if (s.kind === 'water') {
      // prev: the last reading at least an hour older (the rise per hour); recent: the oldest reading of the
      // last 15 minutes, else the one before the last (the trend: where the water is going now).
      const rows = rowsOf<{ value: number; prev: number | null; recent: number | null }>(
        await db.execute(sql`
          with last as (select value, observed_at from readings where station_id = ${s.id} order by observed_at desc limit 1)
          select last.value,
            (select r.value from readings r where r.station_id = ${s.id}
              and r.observed_at <= last.observed_at - interval '1 hour' order by r.observed_at desc limit 1) as prev,
            coalesce(
              (select r.value from readings r where r.station_id = ${s.id} and r.observed_at < last.observed_at
                and r.observed_at >= last.observed_at - interval '15 minutes' order by r.observed_at asc limit 1),
              (select r.value from readings r where r.station_id = ${s.id} and r.observed_at < last.observed_at
                order by r.observed_at desc limit 1)) as recent
          from last`),
      );
      const r = rows[0];
      if (!r) return [];
      const value = Number(r.value);
      // The water's trend (1 cm dead band) for both kinds: a rise alert whose water now falls says 'đang xuống'.
      const trend = r.recent === null || r.recent === undefined ? null : trendOf(value - Number(r.recent), 1);
      if (r.prev === null || r.prev === undefined) return [{ kind: 'WATER_LEVEL', value, trend }];
      return [
        { kind: 'WATER_LEVEL', value, trend },
        { kind: 'WATER_RISE', value: value - Number(r.prev), trend },
      ];
    }
    const rows = rowsOf<{ hourly: number | null; day: number | null }>(
      await db.execute(sql`
        select (select sum from readings_hourly where station_id = ${s.id} order by hour desc limit 1) as hourly,
          (select sum(sum) from readings_hourly where station_id = ${s.id}
             and hour > ${new Date(now().getTime() - 24 * 3_600_000).toISOString()}::timestamptz) as day`),
    );
    const r = rows[0];
    return [
      { kind: 'RAIN_INTENSITY', value: Number(r?.hourly ?? 0) },
      { kind: 'RAIN_24H', value: Number(r?.day ?? 0) },
    ];
  }

  interface Observation {
    kind: AlertKind;
    value: number;
    /** undefined: from the change since the open alert's last value. */
    trend?: AlertTrend | null;
  }

  /** Outbox rows for every recipient of an opened or escalated alert (inside the alert's transaction). */
  async function enqueue(tx: Db, alert: AlertRow, s: StationRow): Promise<number> {
    const type = templateTypeOf(alert.kind as AlertKind);
    const [template] = await tx.select().from(smsTemplates).where(eq(smsTemplates.type, type)).limit(1);
    if (!template) return 0;
    const value = alert.kind === 'WATER_LEVEL' ? alert.value / 100 : alert.value;
    const args = { station: s.name, level: alert.level, value };
    // The SMS in unaccented GSM-7 (one segment); the e-mail keeps the station's name as it is written.
    const sms = formatSmsTemplate(template.template, args);
    const email = fillSmsTemplate(template.template, args);
    const recipients = await tx.select().from(smsRecipients);
    const rows = recipients.flatMap((r) =>
      [
        ...(r.phone ? [{ channel: 'sms' as const, recipient: r.phone, body: sms }] : []),
        ...(r.email ? [{ channel: 'email' as const, recipient: r.email, body: email }] : []),
      ].map((c) => ({ ...c, alertId: alert.id, smsUserId: r.id, name: r.name })),
    );
    if (rows.length) await tx.insert(smsHistory).values(rows);
    return rows.length;
  }

  /**
   * Applies the rules to one observed value; returns whether the alert opened or escalated (people were told).
   * `tell: false` records the step without messages (a rise that came with a level crossing: one SMS, not two).
   */
  async function evaluateKind(s: StationRow, o: Observation, p: WebParameters, tell: boolean): Promise<boolean> {
    const { kind, value } = o;
    const [open] = await db
      .select()
      .from(alerts)
      .where(and(eq(alerts.stationId, s.id), eq(alerts.kind, kind), isNull(alerts.clearedAt)))
      .limit(1);
    const thresholds = alertThresholds(kind, s, p);
    const margin = kind.startsWith('RAIN') ? p.rainClearMarginMm : p.waterClearMarginCm;
    const t = now();
    const action = nextAlertAction(
      open ? { level: open.level, belowSince: open.belowSince } : null,
      value,
      thresholds,
      margin,
      p.alertClearMinutes * 60_000,
      t,
    );
    const trend: AlertTrend | null =
      o.trend !== undefined ? o.trend : open ? trendOf(value - open.value, 0.05) : 'rising';
    const peakValue = Math.max(open?.peakValue ?? open?.value ?? value, value);
    if (action.action === 'none' || action.action === 'update') {
      if (open) {
        const [row] = await db
          .update(alerts)
          .set({ value, peakValue, trend, ...(action.action === 'update' ? { belowSince: action.belowSince } : {}) })
          .where(eq(alerts.id, open.id))
          .returning();
        // The lines say the current value and the trend: announce a change people would see (the trend, or
        // the value moved by the clear margin since last told), not every reading's millimetre.
        const told = announced.get(open.id) ?? { value: open.value, trend: open.trend };
        if (row && (trend !== told.trend || Math.abs(value - told.value) >= Math.max(margin, 0.1))) {
          announced.set(open.id, { value, trend });
          bus.publish('alert', { action: 'updated', alert: toAlert(row, s) });
        }
      }
      return false;
    }
    announced.delete(open?.id ?? -1);
    let queued = 0;
    const capType: CapMsgType = action.action === 'open' ? 'Alert' : action.action === 'clear' ? 'Cancel' : 'Update';
    const recordCap = async (tx: Db, a: AlertRow) => {
      if (CAP_PUBLIC_KINDS.includes(kind))
        await tx.insert(capMessages).values({ alertId: a.id, msgType: capType, level: a.level, value, sentAt: t });
    };
    const row = await db.transaction(async (tx) => {
      if (action.action === 'open') {
        const [created] = await tx
          .insert(alerts)
          .values({
            kind,
            stationId: s.id,
            level: action.level,
            value,
            peakValue: value,
            trend,
            message: alertMessage(kind, s.name, action.level, value),
            openedAt: t,
            updatedAt: t,
          })
          .returning();
        if (tell) queued = await enqueue(tx, created!, s);
        await recordCap(tx, created!);
        return created!;
      }
      const level = action.action === 'clear' ? open!.level : action.level;
      const [updated] = await tx
        .update(alerts)
        .set({
          level,
          value,
          peakValue,
          trend,
          message: alertMessage(kind, s.name, level, value),
          updatedAt: t,
          belowSince: null,
          ...(action.action === 'clear' ? { clearedAt: t } : {}),
        })
        .where(eq(alerts.id, open!.id))
        .returning();
      if (action.action === 'escalate' && tell) queued = await enqueue(tx, updated!, s);
      await recordCap(tx, updated!);
      return updated!;
    });
    if (queued) deps.dispatcher.wake();
    const verb = { open: 'opened', escalate: 'escalated', lower: 'lowered', clear: 'cleared' }[action.action];
    bus.publish('alert', { action: verb, alert: toAlert(row, s) });
    return action.action === 'open' || action.action === 'escalate';
  }

  async function evaluate(stationId: number): Promise<void> {
    const s = await findStationRow(db, stationId);
    if (s?.status !== 'active') return; // a stopped station (or none) raises no warning
    const p = await deps.webParameters();
    // WATER_LEVEL is evaluated before WATER_RISE: when the same reading crosses a level and rises fast, the
    // level's message is the one sent (a level says more than a rate), and the rise alert opens silently.
    let levelTold = false;
    for (const o of await observe(s)) {
      const told = await evaluateKind(s, o, p, !(o.kind === 'WATER_RISE' && levelTold));
      if (o.kind === 'WATER_LEVEL') levelTold = told;
    }
  }

  /** Evaluations of one station run one after another; different stations in parallel. */
  function schedule(stationId: number): Promise<void> {
    const prev = chains.get(stationId) ?? Promise.resolve();
    const next = prev
      .then(() => evaluate(stationId))
      .catch((err) => deps.logger.error({ err, stationId }, 'alert evaluation failed'));
    chains.set(stationId, next);
    void next.finally(() => {
      if (chains.get(stationId) === next) chains.delete(stationId);
    });
    return next;
  }

  /**
   * Stations that stop reporting warn the staff: a STATION_SILENT alert (no SMS to the public recipients)
   * opens when a station's last reading is older than `disconnectAfterMinutes`, and clears on its next one.
   */
  async function checkSilence(): Promise<void> {
    const p = await deps.webParameters();
    const t = now();
    const rows = rowsOf<{ id: number; lastAt: string | null; open: number | null }>(
      await db.execute(sql`
        select s.id, (select max(h.last_at) from readings_hourly h where h.station_id = s.id) as "lastAt",
          (select a.id from alerts a where a.station_id = s.id and a.kind = 'STATION_SILENT' and a.cleared_at is null) as open
        from stations s where s.status = 'active'`),
    );
    for (const r of rows) {
      const silentMin = r.lastAt ? (t.getTime() - Date.parse(r.lastAt)) / 60_000 : Number.POSITIVE_INFINITY;
      const silent = silentMin > p.disconnectAfterMinutes;
      if (silent === (r.open !== null)) continue;
      const s = await findStationRow(db, r.id);
      if (!s) continue;
      const minutes = Number.isFinite(silentMin) ? Math.round(silentMin) : 0;
      const row = silent
        ? (
            await db
              .insert(alerts)
              .values({
                kind: 'STATION_SILENT',
                stationId: s.id,
                level: 1,
                value: minutes,
                message: alertMessage('STATION_SILENT', s.name, 1, minutes),
                openedAt: t,
                updatedAt: t,
              })
              .onConflictDoNothing()
              .returning()
          )[0]
        : (await db.update(alerts).set({ clearedAt: t, updatedAt: t }).where(eq(alerts.id, r.open!)).returning())[0];
      if (row) bus.publish('alert', { action: silent ? 'opened' : 'cleared', alert: toAlert(row, s) });
    }
  }

  const unsubscribe = bus.subscribe((e) => {
    // Another process's reading is evaluated there (Redis bus): evaluating it here too would repeat its SMS.
    if (e.type !== 'reading' || e.remote) return;
    const d = e.data as { stationId: number; observedAt: string };
    if (now().getTime() - Date.parse(d.observedAt) > LIVE_MS) return;
    void schedule(d.stationId);
  });

  return {
    schedule,
    checkSilence,
    /** Waits for every evaluation under way (tests, shutdown). */
    async idle(): Promise<void> {
      while (chains.size) await Promise.all([...chains.values()]);
    },
    stop: unsubscribe,
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;

import {
  type Alert,
  type AlertEventType,
  type AlertKind,
  type AlertTrend,
  alertEvent,
  alertLevelThreshold,
  alertMessage,
  alertThresholds,
  CAP_PUBLIC_KINDS,
  type CapMsgType,
  capExpiresAt,
  fillSmsTemplate,
  formatDateTimeVi,
  formatSmsTemplate,
  heldValue,
  nextAlertAction,
  templateTypeOf,
  trendOf,
  WARNING_KIND_LABELS,
  type WebParameters,
  warningKindOfAlert,
} from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { Commune } from '../../db/seed/seed-files';
import type { EventBus } from '../../lib/events';
import { LIVE_READING_MS } from '../readings/reading-rules';
import { findStationRow } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';
import { type ChannelTexts, communesAtPoint, type SubscriberRouting } from '../subscriptions/subscriber-messages';
import {
  allSmsRecipients,
  claimPendingEvaluation,
  commitEvaluationWithoutFsyncWait,
  deletePendingEvaluation,
  findOpenAlert,
  findSmsTemplate,
  insertAlert,
  insertAlertEvent,
  insertCapMessage,
  insertOutboxMessages,
  latestTrustedReadings,
  outboxRowsFor,
  pendingEvaluationStations,
  rainObservation,
  silenceStates,
  stepAlert,
  updateAlert,
  waterObservation,
} from './alerts.repository';
import type { AlertRow } from './alerts.table';
import type { Dispatcher } from './dispatcher';

/**
 * An alert as the pages read it. With the Web Parameters, `threshold` is its level's threshold now (a 24-hour rain
 * alert's headline states it); without, it is left out.
 */
export function toAlert(a: AlertRow, s: StationRow, p?: WebParameters): Alert {
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
    confirmed: a.confirmedAt !== null,
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: a.acknowledgedByName ?? null,
    ackNote: a.ackNote ?? null,
    escalations: a.escalations,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    cancelReason: a.cancelReason ?? null,
    ...(p ? { threshold: alertLevelThreshold(a.kind as AlertKind, a.level, s, p) } : {}),
  };
}

export interface AlertEngineDeps {
  db: Db;
  bus: EventBus;
  webParameters: () => Promise<WebParameters>;
  dispatcher: Pick<Dispatcher, 'wake'>;
  logger: FastifyBaseLogger;
  now: () => Date;
  /** Residents' subscriptions (#24): an alert also goes to the subscribers of its station's commune and kind. */
  subscribers?: { routing: SubscriberRouting; communes: () => Promise<Commune[]>; timeZone: string };
}

/**
 * Evaluates every stored reading (push, import, simulator) against the warning rules, keeps one open alert
 * per station and kind with hysteresis, and on open or escalation stores one message per recipient in the
 * outbox in the same transaction, then wakes the dispatcher and announces the alert on the event bus.
 *
 * What is evaluated is durable (#19): a live reading queues its station in alert_evaluations_pending in the
 * reading's own statement. An evaluation claims that row (`FOR UPDATE SKIP LOCKED`: one process at a time,
 * released if the process dies), looks at the station's latest state and deletes the row in the same
 * transaction as the alerts and messages it records — all or nothing. The reading's event starts it at once;
 * `processLeftovers` (at start and on a timer) takes the rows a dead process or a failed evaluation left.
 */
export function createAlertEngine(deps: AlertEngineDeps) {
  const { db, bus, now } = deps;
  const chains = new Map<number, Promise<void>>();
  /** Stations whose next evaluation is chained but not started: another request for it adds nothing. */
  const waiting = new Set<number>();
  const sweeps = new Set<Promise<void>>();
  let stopped = false;
  /** The value and trend last announced of each open alert (this process), so small changes stay quiet. */
  const announced = new Map<number, { value: number; trend: string | null }>();

  /**
   * Values the rules look at for a station, from the hourly rollups and the raw readings; for water, where the
   * level is heading over the last 15 minutes (rain's trend is its change since the previous evaluation).
   */
  async function observe(tx: Tx, s: StationRow, p: WebParameters): Promise<Observation[]> {
    if (s.kind === 'water') {
      // prev: the last reading at least an hour older (the rise per hour); recent: the oldest reading of the
      // last 15 minutes, else the one before the last (the trend: where the water is going now).
      const r = await waterObservation(tx, s.id);
      if (!r) return [];
      const value = Number(r.value);
      // Only trusted readings are looked at (#22); the level is confirmed by the ones before the latest.
      const recentTrusted = await latestTrustedReadings(
        tx,
        s.id,
        p.alertConfirmMinutes > 0 ? 1_000 : p.alertConfirmReadings,
      );
      const held = heldValue(recentTrusted, p.alertConfirmReadings, p.alertConfirmMinutes);
      // The water's trend (1 cm dead band) for both kinds: a rise alert whose water now falls says 'đang xuống'.
      const trend = r.recent === null || r.recent === undefined ? null : trendOf(value - Number(r.recent), 1);
      if (r.prev === null || r.prev === undefined) return [{ kind: 'WATER_LEVEL', value, trend, held }];
      return [
        { kind: 'WATER_LEVEL', value, trend, held },
        { kind: 'WATER_RISE', value: value - Number(r.prev), trend },
      ];
    }
    const r = await rainObservation(tx, s.id, new Date(now().getTime() - 24 * 3_600_000));
    return [
      { kind: 'RAIN_INTENSITY', value: Number(r?.hourly ?? 0) },
      { kind: 'RAIN_24H', value: Number(r?.day ?? 0) },
    ];
  }

  interface Observation {
    kind: AlertKind;
    value: number;
    /** The value the level has held (domain heldValue); absent: the value itself (confirmed at once). */
    held?: number;
    /** undefined: from the change since the open alert's last value. */
    trend?: AlertTrend | null;
  }

  /** Outbox rows for every recipient of an opened or escalated alert (inside the alert's transaction). */
  async function enqueue(tx: Tx, alert: AlertRow, s: StationRow): Promise<number> {
    const type = templateTypeOf(alert.kind as AlertKind);
    const template = await findSmsTemplate(tx, type);
    if (!template) return 0;
    const value = alert.kind === 'WATER_LEVEL' ? alert.value / 100 : alert.value;
    const args = { station: s.name, level: alert.level, value };
    // The SMS in unaccented GSM-7 (one segment); the e-mail keeps the station's name as it is written.
    const sms = formatSmsTemplate(template.template, args);
    const email = fillSmsTemplate(template.template, args);
    const recipients = await allSmsRecipients(tx);
    const rows = outboxRowsFor(recipients, { sms, email }, { alertId: alert.id });
    const kind = warningKindOfAlert(alert.kind as AlertKind);
    const sub = deps.subscribers;
    if (kind && sub) {
      const communes = await sub.communes();
      const touched = communesAtPoint(communes, s.longitude, s.latitude);
      const title = `CẢNH BÁO ${WARNING_KIND_LABELS[kind].vi.toUpperCase()}`;
      // Push and Zalo carry accented text: the portal's own sentence, not the SMS template.
      const said = alertMessage(alert.kind as AlertKind, s.name, alert.level, alert.value);
      const texts: ChannelTexts = {
        sms: (limit) => formatSmsTemplate(template.template, args, limit),
        email,
        push: { title, body: said, url: '/maps', tag: `alert-${alert.id}` },
        zalo: {
          title,
          area: communes
            .filter((c) => touched.includes(c.gsoCode))
            .map((c) => c.name)
            .join(', '),
          content: said,
          time: formatDateTimeVi(alert.updatedAt, sub.timeZone),
          link: '/maps',
        },
      };
      rows.push(
        ...(await sub.routing.outboxRows(tx, { communes: touched, kind }, texts, { alertId: alert.id }, recipients)),
      );
    }
    await insertOutboxMessages(tx, rows);
    return rows.length;
  }

  /**
   * Applies the rules to one observed value inside the evaluation's transaction; returns whether the alert
   * opened or escalated with people told. What others must hear (the bus, the dispatcher) goes to `after`, run
   * once the transaction has committed. `tell: false` records the step without messages (a rise that came with
   * a level crossing: one SMS, not two).
   *
   * Confirmation (#22): a water level seen once opens an unconfirmed alert — on the staff's list, marked
   * 'chưa xác nhận', with no message, no CAP and no banner — confirmed (and told) when the level has held
   * (`o.held`), discarded when the water goes back below every level first.
   */
  async function evaluateKind(
    tx: Tx,
    s: StationRow,
    o: Observation,
    p: WebParameters,
    tell: boolean,
    after: (() => void)[],
  ): Promise<boolean> {
    const { kind, value } = o;
    const open = await findOpenAlert(tx, s.id, kind);
    const thresholds = alertThresholds(kind, s, p);
    /** The threshold of a level (finite), which a 24-hour rain alert's sentences state. */
    const th = (level: number) => alertLevelThreshold(kind, level, s, p);
    const margin = kind.startsWith('RAIN') ? p.rainClearMarginMm : p.waterClearMarginCm;
    const t = now();
    const action = nextAlertAction(
      open ? { level: open.level, belowSince: open.belowSince, confirmed: open.confirmedAt !== null } : null,
      value,
      thresholds,
      margin,
      p.alertClearMinutes * 60_000,
      t,
      o.held,
    );
    const trend: AlertTrend | null =
      o.trend !== undefined ? o.trend : open ? trendOf(value - open.value, 0.05) : 'rising';
    const peakValue = Math.max(open?.peakValue ?? open?.value ?? value, value);
    const event = (alertId: number, type: AlertEventType, level: number | null, detail: string | null = null) =>
      insertAlertEvent(tx, { alertId, type, level, value, detail, at: t });
    if (action.action === 'none' || action.action === 'update' || action.action === 'pending') {
      if (open) {
        const row = await updateAlert(tx, open.id, {
          value,
          peakValue,
          trend,
          ...(action.action === 'update' ? { belowSince: action.belowSince } : {}),
          ...(action.action === 'pending'
            ? {
                level: action.level,
                message: alertMessage(kind, s.name, action.level, value, th(action.level)),
                updatedAt: t,
              }
            : {}),
        });
        // The lines say the current value and the trend: announce a change people would see (the trend, or
        // the value moved by the clear margin since last told), not every reading's millimetre. An unconfirmed
        // alert is not announced at all.
        const told = announced.get(open.id) ?? { value: open.value, trend: open.trend };
        if (row?.confirmedAt && (trend !== told.trend || Math.abs(value - told.value) >= Math.max(margin, 0.1))) {
          after.push(() => {
            announced.set(open.id, { value, trend });
            bus.publish('alert', alertEvent('updated', toAlert(row, s, p)));
          });
        }
      }
      return false;
    }
    if (action.action === 'discard') {
      // Seen once, never held: it ends as quietly as it began (no CAP, no message, no banner).
      const row = await stepAlert(tx, open!, { value, updatedAt: t, clearedAt: t, belowSince: null });
      if (row) await event(row.id, 'discarded', row.level, 'Mức nước không giữ được, không gửi tin');
      return false;
    }
    let queued = 0;
    let told = false;
    const capType: CapMsgType =
      action.action === 'clear'
        ? 'Cancel'
        : action.action === 'escalate' || action.action === 'lower'
          ? 'Update'
          : 'Alert';
    let row: AlertRow | undefined;
    if (action.action === 'open') {
      // At most one open alert per station and kind (alerts_open_key): a second open fails the evaluation,
      // which rolls back whole, messages included.
      row = await insertAlert(tx, {
        kind,
        stationId: s.id,
        level: action.level,
        value,
        peakValue: value,
        trend,
        message: alertMessage(kind, s.name, action.level, value, th(action.level)),
        openedAt: t,
        updatedAt: t,
        confirmedAt: action.confirmed ? t : null,
      });
      if (!row) return false;
      await event(row.id, 'opened', row.level, action.confirmed ? null : 'Chưa xác nhận');
      if (!action.confirmed) return false;
      await event(row.id, 'confirmed', row.level);
      told = true;
    } else if (action.action === 'confirm') {
      row = await stepAlert(tx, open!, {
        level: action.level,
        value,
        peakValue,
        trend,
        message: alertMessage(kind, s.name, action.level, value, th(action.level)),
        updatedAt: t,
        confirmedAt: t,
      });
      if (!row) return false;
      await event(row.id, 'confirmed', row.level);
      told = true;
    } else {
      const level = action.action === 'clear' ? open!.level : action.level;
      // Only the alert as it was read: one cleared or moved meanwhile (staff, another writer) is left alone,
      // so a step is never taken, nor its messages queued, twice.
      row = await stepAlert(tx, open!, {
        level,
        value,
        peakValue,
        trend,
        message: alertMessage(kind, s.name, level, value, th(level)),
        updatedAt: t,
        belowSince: null,
        ...(action.action === 'clear' ? { clearedAt: t } : {}),
      });
      if (!row) return false;
      const type = ({ escalate: 'raised', lower: 'lowered', clear: 'cleared' } as const)[action.action];
      await event(row.id, type, level);
      told = action.action === 'escalate';
    }
    if (told && tell) {
      queued = await enqueue(tx, row, s);
      if (queued) await event(row.id, 'messages', row.level, `${queued}`);
    }
    if (CAP_PUBLIC_KINDS.includes(kind))
      await insertCapMessage(tx, {
        alertId: row.id,
        msgType: capType,
        level: row.level,
        value,
        sentAt: t,
        expiresAt: capExpiresAt(capType, t, p.capAlertLifetimeMinutes),
        threshold: th(row.level),
      });
    // To the public an alert starts when it is confirmed.
    const verb = (
      { open: 'opened', confirm: 'opened', escalate: 'escalated', lower: 'lowered', clear: 'cleared' } as const
    )[action.action];
    const changed = row;
    after.push(() => {
      announced.delete(open?.id ?? -1);
      if (queued) deps.dispatcher.wake();
      bus.publish('alert', alertEvent(verb, toAlert(changed, s, p)));
    });
    return told;
  }

  /** Evaluates a station's latest state inside `tx`. */
  async function evaluate(tx: Tx, stationId: number, p: WebParameters, after: (() => void)[]): Promise<void> {
    const s = await findStationRow(tx, stationId);
    if (s?.status !== 'active') return; // a stopped station (or none) raises no warning
    // WATER_LEVEL is evaluated before WATER_RISE: when the same reading crosses a level and rises fast, the
    // level's message is the one sent (a level says more than a rate), and the rise alert opens silently.
    let levelTold = false;
    for (const o of await observe(tx, s, p)) {
      const told = await evaluateKind(tx, s, o, p, !(o.kind === 'WATER_RISE' && levelTold), after);
      if (o.kind === 'WATER_LEVEL') levelTold = told;
    }
  }

  /**
   * The evaluation owed to a station, if any: claims its queue row (skipped when another process holds it:
   * that one evaluates), evaluates and deletes the row in one transaction, then tells the bus and the
   * dispatcher. A newer reading of the station waits for the row and queues it again once this commits.
   */
  async function processPending(stationId: number): Promise<void> {
    // Read before the transaction: the embedded database runs one transaction at a time, and the web
    // parameters may come from it.
    const p = await deps.webParameters();
    const after: (() => void)[] = [];
    await db.transaction(async (tx) => {
      // No fsync wait at this commit (the reading's own commit had one): a power cut can only lose this whole
      // transaction — its alert, its outbox rows and the deletion of the queue row together — and the queue
      // row then evaluates again after the restart. Nothing is sent before it is durable: the dispatcher's
      // claim is a synchronous commit, which flushes the log up to and past this one. The queue row's lock is
      // held for less time, so a station's next push waits less.
      await commitEvaluationWithoutFsyncWait(tx);
      const seq = await claimPendingEvaluation(tx, stationId);
      if (seq === undefined) return;
      await evaluate(tx, stationId, p, after);
      // The row is locked until commit, so seq cannot have moved; the check keeps a later reading's row
      // should that ever change.
      await deletePendingEvaluation(tx, stationId, seq);
    });
    for (const f of after) f();
  }

  /** Evaluations of one station run one after another; different stations in parallel. */
  function schedule(stationId: number): Promise<void> {
    const prev = chains.get(stationId) ?? Promise.resolve();
    // One not yet started will see the latest state: a second request adds nothing.
    if (waiting.has(stationId)) return prev;
    waiting.add(stationId);
    const next = prev
      .then(() => {
        waiting.delete(stationId);
        return processPending(stationId);
      })
      .catch((err) => deps.logger.error({ err, stationId }, 'alert evaluation failed'));
    chains.set(stationId, next);
    void next.finally(() => {
      if (chains.get(stationId) === next) chains.delete(stationId);
    });
    return next;
  }

  /**
   * Evaluations left in the queue — by a process that died between a reading's acknowledgement and its
   * evaluation, or by one that failed — run now (at start, then on a timer).
   */
  function processLeftovers(): Promise<void> {
    if (stopped) return Promise.resolve();
    const run = (async () => {
      const stations = await pendingEvaluationStations(db);
      await Promise.all(stations.map((id) => schedule(id)));
    })();
    sweeps.add(run);
    void run.catch(() => {}).finally(() => sweeps.delete(run));
    return run;
  }

  /**
   * Stations that stop reporting warn the staff: a STATION_SILENT alert (no SMS to the public recipients)
   * opens when a station's last reading is older than `disconnectAfterMinutes`, and clears on its next one.
   */
  async function checkSilence(): Promise<void> {
    const p = await deps.webParameters();
    const t = now();
    for (const r of await silenceStates(db)) {
      const silentMin = r.lastAt ? (t.getTime() - Date.parse(r.lastAt)) / 60_000 : Number.POSITIVE_INFINITY;
      const silent = silentMin > p.disconnectAfterMinutes;
      if (silent === (r.open !== null)) continue;
      const s = await findStationRow(db, r.id);
      if (!s) continue;
      const minutes = Number.isFinite(silentMin) ? Math.round(silentMin) : 0;
      const row = silent
        ? await insertAlert(
            db,
            {
              kind: 'STATION_SILENT',
              stationId: s.id,
              level: 1,
              value: minutes,
              message: alertMessage('STATION_SILENT', s.name, 1, minutes),
              openedAt: t,
              updatedAt: t,
              confirmedAt: t,
            },
            { ifNone: true },
          )
        : await updateAlert(db, r.open!, { clearedAt: t, updatedAt: t });
      if (row) bus.publish('alert', alertEvent(silent ? 'opened' : 'cleared', toAlert(row, s, p)));
    }
  }

  const unsubscribe = bus.subscribe((e) => {
    // Another process's reading is evaluated there (Redis bus), or from the queue if it died.
    if (e.type !== 'reading' || e.remote) return;
    const d = e.data;
    // Older readings queued nothing (insertReadingsBatch, the same rule): no need to look.
    if (now().getTime() - Date.parse(d.observedAt) > LIVE_READING_MS) return;
    void schedule(d.stationId);
  });

  return {
    /** Runs the station's queued evaluation, if there is one (after the ones of the station under way). */
    schedule,
    processLeftovers,
    checkSilence,
    /** Waits for every evaluation under way, the leftovers' included (tests, shutdown). */
    async idle(): Promise<void> {
      while (chains.size || sweeps.size)
        await Promise.all([...chains.values(), ...sweeps].map((p) => p.catch(() => {})));
    },
    stop(): void {
      stopped = true;
      unsubscribe();
    },
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;

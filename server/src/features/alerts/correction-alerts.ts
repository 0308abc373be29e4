import {
  type AlertKind,
  alertCancelMessage,
  alertEvent,
  alertLevelThreshold,
  alertThresholds,
  CAP_PUBLIC_KINDS,
  capExpiresAt,
  formatDateTimeVi,
  heldValue,
  levelOf,
  WARNING_KIND_LABELS,
  type WebParameters,
  warningKindOfAlert,
} from '@flood/domain';
import type { Db, Tx } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { LIVE_READING_MS } from '../readings/reading-rules';
import type { StationRow } from '../stations/stations.table';
import type { SubscriberRouting } from '../subscriptions/subscriber-messages';
import type { AlertEngine } from './alert-engine';
import { toAlert } from './alert-engine';
import {
  alertAudience,
  cancelAlert,
  cancelUnsentMessages,
  hourlySumsBetween,
  insertAlertEvent,
  insertCapMessage,
  insertOutboxMessages,
  openAlertsOfStation,
  stepAlert,
  trustedReadingsBetween,
} from './alerts.repository';
import type { AlertRow } from './alerts.table';
import type { Dispatcher } from './dispatcher';
import type { messageOutbox } from './sms-admin.table';

const HOUR = 3_600_000;
type OutboxInsert = typeof messageOutbox.$inferInsert;

export interface CorrectionAlertsDeps {
  bus: EventBus;
  dispatcher: Pick<Dispatcher, 'wake'>;
  engine: Pick<AlertEngine, 'schedule'>;
  /** Residents' subscriptions (#24): the subscribers an alert was told to get its cancel in their channel's words. */
  subscribers?: { routing: Pick<SubscriberRouting, 'toldRows'>; timeZone: string };
}

/**
 * What a correction of readings does to the warnings (#22; readings' review service calls it through its
 * `ReviewAlerts` port). Each open alert of the station is checked against the trusted readings as they are
 * now, over the time it opened on (from the live window before it opened to its confirmation): when they no
 * longer reach its first level, the alert rested on readings that are not trusted any more, and it is
 * cancelled — a CAP Cancel, its unsent messages not sent, a short 'Huỷ cảnh báo …' to everyone its messages
 * reached (once per address), a 'cancelled' step in its timeline. An unconfirmed alert is discarded quietly.
 * Alerts still supported are left to the engine, which evaluates the station again after the correction.
 */
export function createCorrectionAlerts({ bus, dispatcher, engine, subscribers }: CorrectionAlertsDeps) {
  /** Whether the trusted readings still reach the alert's first level over the time it opened on. */
  async function stillSupported(tx: Db, a: AlertRow, s: StationRow, p: WebParameters): Promise<boolean> {
    const kind = a.kind as AlertKind;
    const opened = a.confirmedAt ?? a.openedAt;
    const thresholds = alertThresholds(kind, s, p);
    if (kind === 'WATER_LEVEL') {
      const rs = await trustedReadingsBetween(tx, s.id, new Date(a.openedAt.getTime() - LIVE_READING_MS), opened);
      // The value held at each reading (the confirmation rule), at its highest.
      for (let i = rs.length - 1; i >= 0; i--) {
        const newestFirst = rs.slice(0, i + 1).reverse();
        const held = a.confirmedAt
          ? heldValue(newestFirst, p.alertConfirmReadings, p.alertConfirmMinutes)
          : rs[i]!.value;
        if (levelOf(Math.min(held, rs[i]!.value), thresholds) >= 1) return true;
      }
      return false;
    }
    if (kind === 'WATER_RISE') {
      const rs = await trustedReadingsBetween(
        tx,
        s.id,
        new Date(a.openedAt.getTime() - LIVE_READING_MS - HOUR),
        opened,
      );
      for (let i = rs.length - 1; i >= 0; i--) {
        const before = rs
          .slice(0, i)
          .filter((r) => r.observedAt.getTime() <= rs[i]!.observedAt.getTime() - HOUR)
          .pop();
        if (before && levelOf(rs[i]!.value - before.value, thresholds) >= 1) return true;
      }
      return false;
    }
    if (kind === 'RAIN_INTENSITY') {
      const hours = await hourlySumsBetween(tx, s.id, new Date(opened.getTime() - 2 * HOUR), opened);
      return hours.some((h) => levelOf(h.sum, thresholds) >= 1);
    }
    if (kind === 'RAIN_24H') {
      const hours = await hourlySumsBetween(tx, s.id, new Date(opened.getTime() - 24 * HOUR), opened);
      return (
        levelOf(
          hours.reduce((t, h) => t + h.sum, 0),
          thresholds,
        ) >= 1
      );
    }
    return true; // a silent station is about silence, not values
  }

  return {
    /**
     * Reviews the open alerts of a station whose readings changed, inside the correction's transaction. The
     * returned `after` tells the pages, wakes the dispatcher and evaluates the station again once committed.
     */
    async review(
      tx: Tx,
      s: StationRow,
      opts: { reason: string; userName: string | null; at: Date; p: WebParameters },
    ): Promise<{ cancelled: number[]; after: () => void }> {
      const { reason, userName, at, p } = opts;
      const ended: AlertRow[] = [];
      const cancelled: number[] = [];
      let queued = 0;
      for (const a of await openAlertsOfStation(tx, s.id)) {
        if (await stillSupported(tx, a, s, p)) continue;
        if (!a.confirmedAt) {
          const row = await stepAlert(tx, a, { clearedAt: at, updatedAt: at, belowSince: null });
          if (row)
            await insertAlertEvent(tx, {
              alertId: a.id,
              type: 'discarded',
              level: a.level,
              value: a.value,
              detail: reason,
              userName,
              at,
            });
          continue;
        }
        const row = await cancelAlert(tx, a.id, reason, at);
        if (!row) continue;
        ended.push(row);
        cancelled.push(row.id);
        const kind = row.kind as AlertKind;
        if (CAP_PUBLIC_KINDS.includes(kind)) {
          await insertCapMessage(tx, {
            alertId: row.id,
            msgType: 'Cancel',
            level: row.level,
            value: row.value,
            sentAt: at,
            expiresAt: capExpiresAt('Cancel', at, p.capAlertLifetimeMinutes),
            threshold: alertLevelThreshold(kind, row.level, s, p),
          });
        }
        const stopped = await cancelUnsentMessages(tx, row.id);
        const threshold = alertLevelThreshold(kind, row.level, s, p);
        const text = alertCancelMessage(kind, s.name, row.level, threshold);
        const audience = await alertAudience(tx, row.id);
        const messages: OutboxInsert[] = audience.map((r) => ({
          alertId: row.id,
          smsUserId: r.smsUserId,
          name: r.name,
          channel: r.channel,
          recipient: r.recipient,
          body: r.channel === 'sms' ? text.sms : text.email,
          purpose: 'cancel' as const,
        }));
        const wk = warningKindOfAlert(kind);
        if (subscribers && wk) {
          const title = `HUỶ CẢNH BÁO ${WARNING_KIND_LABELS[wk].vi.toUpperCase()}`;
          messages.push(
            ...(await subscribers.routing.toldRows(
              tx,
              row.id,
              {
                sms: (limit) => alertCancelMessage(kind, s.name, row.level, threshold, limit).sms,
                email: text.email,
                push: { title, body: text.email, url: '/maps', tag: `alert-${row.id}` },
                zalo: {
                  title,
                  area: '',
                  content: text.email,
                  time: formatDateTimeVi(at, subscribers.timeZone),
                  link: '/maps',
                },
              },
              { alertId: row.id, purpose: 'cancel' },
            )),
          );
        }
        await insertOutboxMessages(tx, messages);
        queued += messages.length;
        const detail = `${reason} (tin huỷ: ${messages.length}; tin chưa gửi dừng lại: ${stopped})`;
        await insertAlertEvent(tx, {
          alertId: row.id,
          type: 'cancelled',
          level: row.level,
          value: row.value,
          detail,
          userName,
          at,
        });
      }
      return {
        cancelled,
        after: () => {
          for (const a of ended) bus.publish('alert', alertEvent('cleared', toAlert(a, s, p)));
          if (queued) dispatcher.wake();
          void engine.schedule(s.id);
        },
      };
    },
  };
}
export type CorrectionAlerts = ReturnType<typeof createCorrectionAlerts>;

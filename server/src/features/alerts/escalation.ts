import {
  type AlertKind,
  alertEscalationMessage,
  alertEvent,
  alertLevelThreshold,
  type WebParameters,
} from '@flood/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { findStationRow } from '../stations/stations.repository';
import { toAlert } from './alert-engine';
import {
  claimDueEscalations,
  insertAlertEvent,
  insertOutboxMessages,
  markEscalated,
  onDutyRecipients,
  outboxRowsFor,
} from './alerts.repository';
import type { Dispatcher } from './dispatcher';

export interface EscalationsDeps {
  db: Db;
  bus: EventBus;
  dispatcher: Pick<Dispatcher, 'wake'>;
  webParameters: () => Promise<WebParameters>;
  now: () => Date;
}

/**
 * Reminders of serious warnings nobody took charge of (#22): a confirmed level II/III alert not acknowledged
 * within `alertAckMinutes` of its confirmation (then of its last reminder) is sent again to the on-duty list
 * (recipients flagged `onDuty`), at most `alertMaxEscalations` times; an acknowledgement stops it. The claim,
 * the messages, the count and the timeline step are one transaction, so two processes never remind twice.
 */
export function createEscalations({ db, bus, dispatcher, webParameters, now }: EscalationsDeps) {
  return {
    /** Sends the reminders due now; how many alerts were escalated. */
    async check(): Promise<number> {
      const p = await webParameters();
      if (p.alertMaxEscalations === 0) return 0;
      const t = now();
      const after: (() => void)[] = [];
      let queued = 0;
      await db.transaction(async (tx) => {
        const due = await claimDueEscalations(tx, t, p.alertAckMinutes * 60_000, p.alertMaxEscalations);
        if (due.length === 0) return;
        const duty = await onDutyRecipients(tx);
        for (const a of due) {
          const s = await findStationRow(tx, a.stationId);
          if (!s) continue;
          const since = (a.escalatedAt ?? a.confirmedAt ?? a.openedAt).getTime();
          const minutes = Math.max(1, Math.round((t.getTime() - (a.confirmedAt ?? a.openedAt).getTime()) / 60_000));
          const kind = a.kind as AlertKind;
          const threshold = alertLevelThreshold(kind, a.level, s, p);
          const text = alertEscalationMessage(kind, s.name, a.level, a.value, minutes, threshold);
          const rows = outboxRowsFor(duty, text, { alertId: a.id, purpose: 'escalation' });
          await insertOutboxMessages(tx, rows);
          await markEscalated(tx, a.id, t);
          const detail = `Lần ${a.escalations + 1}: ${rows.length} tin cho trực ban sau ${Math.round((t.getTime() - since) / 60_000)} phút chưa ai nhận`;
          await insertAlertEvent(tx, {
            alertId: a.id,
            type: 'escalated',
            level: a.level,
            value: a.value,
            detail,
            at: t,
          });
          queued += rows.length;
          const shown = { ...a, escalations: a.escalations + 1, escalatedAt: t };
          after.push(() => bus.publish('alert', alertEvent('updated', toAlert(shown, s, p))));
        }
      });
      if (queued) dispatcher.wake();
      for (const f of after) f();
      return after.length;
    },
  };
}
export type Escalations = ReturnType<typeof createEscalations>;

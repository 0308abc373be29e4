import {
  type AcknowledgeBodySchema,
  type Alert,
  type AlertDetail,
  type AlertListQuerySchema,
  type AlertPage,
  alertEvent,
  OUT_OF_SCOPE,
  pageOfList,
  scopeAllowsUnit,
  type WebParameters,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requireActor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { recordAudit } from '../audit/audit.service';
import { toAlert } from './alert-engine';
import {
  acknowledgeAlert,
  alertMessageCounts,
  alertTimeline,
  findAlertWithStation,
  insertAlertEvent,
  pageAlerts,
} from './alerts.repository';

export interface AlertsServiceDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  /** The thresholds of the alerts' levels (`Alert.threshold`). */
  webParameters: () => Promise<WebParameters>;
  /** The unit a station belongs to (#26): a commune officer sees its own stations' alerts only. */
  unitOf?: (s: { unitCode: string | null; latitude: number; longitude: number }) => Promise<string | null>;
}

/** The alerts page (#22): every alert with its state, its timeline, and who took charge of it. */
export function createAlertsService({ db, bus, now, webParameters, unitOf }: AlertsServiceDeps) {
  const inScope = async (actor: Actor, s: { unitCode: string | null; latitude: number; longitude: number }) =>
    !actor.units?.length || scopeAllowsUnit(actor.units, unitOf ? await unitOf(s) : null);
  async function find(id: number, actor: Actor) {
    const row = await findAlertWithStation(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy cảnh báo');
    if (!(await inScope(actor, row.s))) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
    return row;
  }

  return {
    /** Any signed-in staff member sees the alerts. */
    async list(actor: Actor | undefined, q: z.output<typeof AlertListQuerySchema>): Promise<AlertPage> {
      const caller = requireActor(actor);
      const p = await webParameters();
      if (!caller.units?.length) {
        const { rows, total } = await pageAlerts(db, { page: q.page, pageSize: q.pageSize, open: q.status === 'open' });
        return { items: rows.map((r) => toAlert(r.a, r.s, p)), total };
      }
      // A commune officer's (#26): its stations' alerts, the page cut from them.
      const all = await pageAlerts(db, { page: 1, pageSize: 1_000_000, open: q.status === 'open' });
      const mine = [];
      for (const r of all.rows) if (await inScope(caller, r.s)) mine.push(r);
      const page = pageOfList(mine, q);
      return { items: page.items.map((r) => toAlert(r.a, r.s, p)), total: page.total };
    },

    async detail(actor: Actor | undefined, id: number): Promise<AlertDetail> {
      const { a, s } = await find(id, requireActor(actor));
      const [events, counts] = await Promise.all([alertTimeline(db, id), alertMessageCounts(db, id)]);
      const n = (k: string) => counts[k] ?? 0;
      return {
        alert: toAlert(a, s, await webParameters()),
        events: events.map((e) => ({
          id: e.id,
          type: e.type,
          level: e.level,
          value: e.value,
          detail: e.detail,
          userName: e.userName,
          at: e.at.toISOString(),
        })),
        messages: {
          total: Object.values(counts).reduce((t, v) => t + v, 0),
          sent: n('SUCCESS'),
          pending: n('PENDING'),
          failed: n('FAILED'),
          uncertain: n('UNCERTAIN'),
          cancelled: n('CANCELLED'),
        },
      };
    },

    /**
     * A staff member with `sms` (the warning side) takes charge of an open alert: who, when, a note; reminders to
     * the on-duty list stop. Once only (409 after).
     */
    async acknowledge(
      actor: Actor | undefined,
      id: number,
      body: z.output<typeof AcknowledgeBodySchema>,
    ): Promise<Alert> {
      const a = requirePermission(actor, 'sms');
      const { s } = await find(id, a);
      const note = body.note ? body.note : null;
      const at = now();
      const row = await db.transaction(async (tx) => {
        const done = await acknowledgeAlert(tx, id, { userId: a.userId, name: a.name }, note, at);
        if (!done) return undefined;
        await insertAlertEvent(tx, {
          alertId: id,
          type: 'acknowledged',
          level: done.level,
          value: done.value,
          detail: note,
          userName: a.name,
          at,
        });
        await recordAudit(tx, a, `Nhận xử lý cảnh báo #${id} (${s.code} – ${s.name})${note ? `: ${note}` : ''}`);
        return done;
      });
      if (!row) {
        throw new AppError('CONFLICT', 'Cảnh báo đã có người nhận xử lý hoặc đã kết thúc', [
          { field: 'id', message: 'Cảnh báo đã có người nhận xử lý hoặc đã kết thúc' },
        ]);
      }
      const shown = toAlert(row, s, await webParameters());
      bus.publish('alert', alertEvent('updated', shown));
      return shown;
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;

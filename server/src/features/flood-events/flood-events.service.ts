import {
  FLOOD_EVENT_NOT_FOUND,
  type FloodEvent,
  type FloodEventBodySchema,
  type FloodEventListQuery,
  type FloodEventPage,
  type FloodEventRecomputeResult,
  floodEventDefaultName,
  formatDateTimeVi,
  isHigherPeak,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import { recordAudit } from '../audit/audit.service';
import type { FloodEventDetector } from './flood-events.detector';
import {
  deleteFloodEvent,
  type FloodEventListed,
  findFloodEvent,
  highestWaterReadings,
  insertFloodEvent,
  listFloodEvents,
  updateFloodEvent,
} from './flood-events.repository';
import type { FloodEventRow } from './flood-events.table';

type Body = z.output<typeof FloodEventBodySchema>;

/** Flood events belong to the analysis view (DECISIONS.md: analyze → analysis). */
const STAFF = 'analyze' as const;

const notFound = () => new AppError('NOT_FOUND', FLOOD_EVENT_NOT_FOUND);

/** The flood events of the analysis page: list, read, add by hand, edit, delete, recompute from readings. */
export function createFloodEventsService(deps: {
  db: Db;
  timeZone: string;
  now: () => Date;
  detector: FloodEventDetector;
}) {
  const { db, timeZone, now, detector } = deps;

  const nameOf = (r: Pick<FloodEventRow, 'name' | 'startAt'>) => r.name ?? floodEventDefaultName(r.startAt, timeZone);

  function toFloodEvent(r: FloodEventListed): FloodEvent {
    return {
      id: r.id,
      name: nameOf(r),
      customName: r.name,
      start: r.startAt.toISOString(),
      end: r.endAt?.toISOString() ?? null,
      ongoing: r.endAt === null,
      peak:
        r.peakValue === null
          ? null
          : {
              stationId: r.peakStationId,
              stationCode: r.peakStationCode,
              stationName: r.peakStationName,
              value: r.peakValue,
              at: (r.peakAt ?? r.startAt).toISOString(),
            },
      note: r.note,
      source: r.source,
      edited: r.edited,
      demo: r.demo,
      damageCount: r.damageCount,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function read(id: number): Promise<FloodEvent> {
    const row = await findFloodEvent(db, id, timeZone);
    if (!row) throw notFound();
    return toFloodEvent(row);
  }

  /** The highest warning level reached in a period (then the furthest above level I), from the readings. */
  async function peakOf(start: Date, end: Date | null) {
    const { levels } = await detector.options();
    let best: { stationId: number; value: number; at: Date } | null = null;
    for (const r of await highestWaterReadings(db, start, end ?? now())) {
      const l = levels.get(r.stationId);
      if (!l || r.value < l.level1) continue;
      const bestLevels = best ? levels.get(best.stationId)! : null;
      if (!best || isHigherPeak({ value: r.value, levels: l }, { value: best.value, levels: bestLevels! })) {
        best = { stationId: r.stationId, value: r.value, at: r.observedAt };
      }
    }
    return best
      ? { peakStationId: best.stationId, peakValue: best.value, peakAt: best.at }
      : { peakStationId: null, peakValue: null, peakAt: null };
  }

  /** A second detected event under way (staff cleared the end of one while another is open). */
  const conflict = (e: unknown) =>
    isUniqueViolation(e) ? new AppError('CONFLICT', 'Đã có một trận lũ đang diễn ra; hãy nhập thời gian kết thúc') : e;

  return {
    async list(actor: Actor | undefined, q: FloodEventListQuery): Promise<FloodEventPage> {
      requirePermission(actor, STAFF);
      const { items, total } = await listFloodEvents(db, { ...q, timeZone });
      return { items: items.map(toFloodEvent), total };
    },

    async get(actor: Actor | undefined, id: number): Promise<FloodEvent> {
      requirePermission(actor, STAFF);
      return read(id);
    },

    /** An event staff add by hand (a flood before the stations, or one the gauges missed). */
    async create(actor: Actor | undefined, body: Body, extra: { demo?: boolean } = {}): Promise<FloodEvent> {
      const a = requirePermission(actor, STAFF);
      const peak = await peakOf(body.start, body.end);
      const row = await db.transaction(async (tx) => {
        const created = await insertFloodEvent(tx, {
          name: body.name,
          startAt: body.start,
          endAt: body.end,
          note: body.note,
          source: 'MANUAL',
          demo: extra.demo ?? false,
          userId: a.userId,
          ...peak,
        });
        await recordAudit(tx, a, `Thêm trận lũ ${nameOf(created)}`);
        return created;
      });
      return read(row.id);
    },

    /** Names, re-times or annotates an event; a detected one is then kept as staff left it by a recompute. */
    async update(actor: Actor | undefined, id: number, body: Body): Promise<FloodEvent> {
      const a = requirePermission(actor, STAFF);
      const current = await findFloodEvent(db, id, timeZone);
      if (!current) throw notFound();
      const moved =
        current.startAt.getTime() !== body.start.getTime() ||
        (current.endAt?.getTime() ?? null) !== (body.end?.getTime() ?? null);
      const peak = moved ? await peakOf(body.start, body.end) : {};
      try {
        await db.transaction(async (tx) => {
          const updated = await updateFloodEvent(tx, id, {
            name: body.name,
            startAt: body.start,
            endAt: body.end,
            note: body.note,
            edited: true,
            ...peak,
          });
          if (!updated) throw notFound();
          await recordAudit(tx, a, `Sửa trận lũ ${nameOf(updated)}`);
        });
      } catch (e) {
        throw conflict(e);
      }
      return read(id);
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, STAFF);
      await db.transaction(async (tx) => {
        const deleted = await deleteFloodEvent(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, a, `Xoá trận lũ ${nameOf(deleted)}`);
      });
    },

    /** Detects the events of a period again from the stored readings (after an import, or when in doubt). */
    async recompute(actor: Actor | undefined, from: Date, to: Date): Promise<FloodEventRecomputeResult> {
      const a = requirePermission(actor, STAFF);
      const period = `${formatDateTimeVi(from, timeZone)} – ${formatDateTimeVi(to, timeZone)}`;
      return detector.recompute(from, to, (tx, r) =>
        recordAudit(tx, a, `Tính lại các trận lũ từ số liệu ${period}: ${r.created} trận, bỏ ${r.removed} trận cũ`),
      );
    },
  };
}
export type FloodEventsService = ReturnType<typeof createFloodEventsService>;

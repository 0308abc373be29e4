import {
  type CorrectionResult,
  type CorrectReadingBodySchema,
  effectiveLevels,
  type FlagRangeBodySchema,
  importEvent,
  READING_CORRECTION_ACTION_LABELS,
  REVIEW_MAX_DAYS,
  type ReadingCorrection,
  type ReadingsReview,
  type ReadingsReviewQuery,
  type WebParameters,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { type Actor, requirePermission, requireUnit } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { auditOf, recordAudit } from '../audit/audit.service';
import { findStationByCode } from '../stations/stations.repository';
import type { StationRow } from '../stations/stations.table';
import { checkReadingValue, districtDayRange } from './reading-rules';
import {
  correctReading,
  flagReadingsBad,
  insertCorrection,
  listCorrections,
  queueEvaluation,
  rebuildHourly,
  reviewReadings,
} from './readings.repository';
import type { ReadingCorrectionRow } from './readings.table';

/** What the warning side does when readings change (alerts/correction-alerts.ts; app.ts passes it in). */
export interface ReviewAlerts {
  review(
    tx: Tx,
    station: StationRow,
    opts: { reason: string; userName: string | null; at: Date; p: WebParameters },
  ): Promise<{ cancelled: number[]; after: () => void }>;
}

export interface ReviewServiceDeps {
  db: Db;
  bus: EventBus;
  alerts: ReviewAlerts;
  webParameters: () => Promise<WebParameters>;
  timeZone: string;
  now: () => Date;
  /** The unit a station belongs to (#26): a commune officer reviews its own stations' readings only. */
  unitOf?: (s: StationRow) => Promise<string | null>;
}

const bad = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${field}`, [{ field, message }]);

function toCorrection(r: ReadingCorrectionRow): ReadingCorrection {
  return {
    id: r.id,
    action: r.action,
    fromAt: r.fromAt.toISOString(),
    toAt: r.toAt.toISOString(),
    count: r.count,
    oldValue: r.oldValue,
    newValue: r.newValue,
    reason: r.reason,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Staff review and correct a station's readings (#22, permission `database`). A correction changes the
 * readings, writes who/when/old/new/why (reading_corrections and the audit log), rebuilds the hourly rollups it
 * touches and queues the station's evaluation — in one transaction with the review of its open alerts, which
 * cancels those that rested on readings no longer trusted. Once committed: the flood events and caches of the
 * span are recomputed (the import's event) and the warning side tells the pages and the dispatcher.
 */
export function createReviewService({ db, bus, alerts, webParameters, timeZone, now, unitOf }: ReviewServiceDeps) {
  async function stationOf(code: string, a: Actor): Promise<StationRow> {
    const s = await findStationByCode(db, code);
    if (!s)
      throw new AppError('NOT_FOUND', 'Không tìm thấy trạm', [
        { field: 'stationCode', message: 'Không tìm thấy trạm' },
      ]);
    if (a.units?.length) requireUnit(a, unitOf ? await unitOf(s) : null);
    return s;
  }

  async function apply(
    actor: Actor,
    s: StationRow,
    change: (tx: Tx) => Promise<{ count: number; from: Date; to: Date; audit: string }>,
    reason: string,
  ): Promise<CorrectionResult> {
    const p = await webParameters();
    const at = now();
    let outcome: { cancelled: number[]; after: () => void } | undefined;
    let span: { count: number; from: Date; to: Date } | undefined;
    await db.transaction(async (tx) => {
      const done = await change(tx);
      span = done;
      await rebuildHourly(tx, s.id, done.from, done.to);
      await queueEvaluation(tx, s.id);
      await recordAudit(tx, actor, `${auditOf(done.audit, s.code, s.name)}: ${reason}`);
      outcome = await alerts.review(tx, s, { reason, userName: actor.name, at, p });
    });
    // The latest values are rebuilt and, for water, the flood events of the span detected again (as after an import).
    const water = span && s.kind === 'water';
    bus.publish(
      'import',
      importEvent(`correction-${s.code}`, water ? span!.count : 0, {
        first: water ? span!.from.getTime() : Number.NaN,
        last: water ? span!.to.getTime() : Number.NaN,
      }),
    );
    outcome?.after();
    return { changed: span?.count ?? 0, cancelledAlerts: outcome?.cancelled ?? [] };
  }

  return {
    async review(actor: Actor | undefined, q: ReadingsReviewQuery): Promise<ReadingsReview> {
      const a = requirePermission(actor, 'database');
      const s = await stationOf(q.stationCode, a);
      const range = districtDayRange(q, timeZone, now(), {
        days: REVIEW_MAX_DAYS,
        message: `Khoảng thời gian tối đa ${REVIEW_MAX_DAYS} ngày`,
      });
      if ('field' in range) throw bad(range.field, range.message);
      const [rows, corrections, p] = await Promise.all([
        reviewReadings(db, s.id, range.from, range.to),
        listCorrections(db, s.id, 50),
        webParameters(),
      ]);
      return {
        stationCode: s.code,
        stationName: s.name,
        kind: s.kind,
        levels: s.kind === 'water' ? effectiveLevels(s, p) : null,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        readings: rows.map((r) => ({
          observedAt: r.observedAt.toISOString(),
          value: r.value,
          quality: r.quality,
          qualityRule: r.qualityRule,
          originalValue: r.originalValue,
        })),
        corrections: corrections.map(toCorrection),
      };
    },

    async correct(
      actor: Actor | undefined,
      body: z.output<typeof CorrectReadingBodySchema>,
    ): Promise<CorrectionResult> {
      const a = requirePermission(actor, 'database');
      const s = await stationOf(body.stationCode, a);
      if (body.action === 'correct') {
        const e = checkReadingValue(s.kind, body.value!);
        if (e) throw bad(e.field, e.message);
      }
      const at = new Date(body.observedAt);
      return apply(
        a,
        s,
        async (tx) => {
          const changed = await correctReading(tx, s.id, at, body.action, body.value);
          if (!changed) throw bad('observedAt', 'Không có số liệu của trạm tại thời điểm này');
          await insertCorrection(tx, {
            stationId: s.id,
            action: body.action,
            fromAt: at,
            toAt: at,
            count: 1,
            oldValue: changed.oldValue,
            newValue: changed.newValue,
            reason: body.reason,
            userId: a.userId,
            userName: a.name,
          });
          return { count: 1, from: at, to: at, audit: READING_CORRECTION_ACTION_LABELS[body.action].vi };
        },
        body.reason,
      );
    },

    async flagRange(actor: Actor | undefined, body: z.output<typeof FlagRangeBodySchema>): Promise<CorrectionResult> {
      const a = requirePermission(actor, 'database');
      const s = await stationOf(body.stationCode, a);
      const from = new Date(body.from);
      const to = new Date(body.to);
      return apply(
        a,
        s,
        async (tx) => {
          const flagged = await flagReadingsBad(tx, s.id, from, to);
          if (flagged.count === 0) throw bad('from', 'Không có số liệu của trạm trong khoảng thời gian này');
          await insertCorrection(tx, {
            stationId: s.id,
            action: 'bad',
            fromAt: flagged.first!,
            toAt: flagged.last!,
            count: flagged.count,
            reason: body.reason,
            userId: a.userId,
            userName: a.name,
          });
          return { count: flagged.count, from, to, audit: `Đánh dấu sai ${flagged.count} số liệu` };
        },
        body.reason,
      );
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

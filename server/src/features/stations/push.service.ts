import { timingSafeEqual } from 'node:crypto';
import { type PushQuery, type PushResult, parseDateVi, READING_BOUNDS, zonedToUtc } from '@flood/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { insertReading } from '../readings/readings.repository';
import { findStationByCode } from './stations.repository';

/** A reading may be stamped at most this far in the future (logger clocks drift). */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

const bad = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${field}`, [{ field, message }]);

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface PushServiceDeps {
  db: Db;
  bus: EventBus;
  timeZone: string;
  now: () => Date;
}

/**
 * The station push (DECISIONS.md): the logger's code, district date/hour/minute, value and key. Answered
 * only after the reading is stored; the same station and time twice stores one reading.
 */
export function createPushService({ db, bus, timeZone, now }: PushServiceDeps) {
  return async function push(kind: 'rain' | 'water', q: PushQuery): Promise<PushResult> {
    const station = await findStationByCode(db, q.stationCode);
    if (!station) {
      throw new AppError('NOT_FOUND', 'Không tìm thấy trạm', [
        { field: 'stationCode', message: 'Không tìm thấy trạm' },
      ]);
    }
    if (!sameKey(station.pushKey, q.key)) {
      throw new AppError('FORBIDDEN', 'Khoá của trạm không đúng', [
        { field: 'key', message: 'Khoá của trạm không đúng' },
      ]);
    }
    if (station.kind !== kind) {
      throw bad(
        'stationCode',
        kind === 'rain' ? 'Trạm này không phải trạm đo mưa' : 'Trạm này không phải trạm đo mực nước',
      );
    }
    const bounds = READING_BOUNDS[kind];
    if (!Number.isFinite(q.value) || q.value < bounds.min || q.value > bounds.max) {
      throw bad('value', `Giá trị phải từ ${bounds.min} đến ${bounds.max}`);
    }
    const day = parseDateVi(q.date)!;
    const observedAt = zonedToUtc({ ...day, hour: q.hour, minute: q.minute }, timeZone);
    if (observedAt.getTime() > now().getTime() + FUTURE_TOLERANCE_MS) {
      throw bad('date', 'Thời điểm đo ở tương lai');
    }
    const stored = await insertReading(db, station.id, observedAt, q.value);
    const result = {
      ok: true as const,
      stored,
      stationCode: station.code,
      observedAt: observedAt.toISOString(),
      value: q.value,
    };
    if (stored) {
      bus.publish('reading', {
        stationId: station.id,
        stationCode: station.code,
        kind,
        observedAt: result.observedAt,
        value: q.value,
      });
    }
    return result;
  };
}
export type PushService = ReturnType<typeof createPushService>;

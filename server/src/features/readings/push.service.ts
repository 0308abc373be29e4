import { createHash, timingSafeEqual } from 'node:crypto';
import { type FieldError, type PushQuery, type PushResult, readingEvent } from '@flood/domain';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { KindedReading } from './quality-check';
import { checkReadingValue, observedAtOf, wrongKind } from './reading-rules';
import type { ReadingWriter } from './reading-writer';
import type { StationLookup } from './station-lookup';

const bad = (e: FieldError) => new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${e.field}`, [e]);

/** Constant-time key check over fixed-length digests, so neither the content nor the length of a key leaks. */
function sameKey(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export interface PushServiceDeps {
  stations: StationLookup;
  writer: ReadingWriter;
  bus: EventBus;
  timeZone: string;
  now: () => Date;
}

/**
 * The station push (DECISIONS.md): the logger's code, district date/hour/minute, value and key. Answered
 * only after the reading is stored; the same station and time twice stores one reading.
 */
export function createPushService({ stations, writer, bus, timeZone, now }: PushServiceDeps) {
  return async function push(kind: 'rain' | 'water', q: PushQuery): Promise<PushResult> {
    const station = await stations.byCode(q.stationCode);
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
    // A stopped station keeps its history: 409, so its logger's operator sees why nothing is stored.
    if (station.status !== 'active') {
      throw new AppError('CONFLICT', 'Trạm đã ngừng hoạt động, không nhận số liệu', [
        { field: 'stationCode', message: 'Trạm đã ngừng hoạt động, không nhận số liệu' },
      ]);
    }
    if (station.kind !== kind) throw bad(wrongKind(kind));
    const valueError = checkReadingValue(kind, q.value);
    if (valueError) throw bad(valueError);
    const observedAt = observedAtOf(q, timeZone, now());
    if (!(observedAt instanceof Date)) throw bad(observedAt);
    const row: KindedReading = { stationId: station.id, observedAt, value: q.value, kind };
    const stored = await writer.write(row);
    const quality = row.quality ?? 'good';
    const result = {
      ok: true as const,
      stored,
      stationCode: station.code,
      observedAt: observedAt.toISOString(),
      value: q.value,
      // The logger's operator sees at once what the rules made of the value (#22).
      quality,
      qualityRule: row.qualityRule ?? null,
    };
    if (stored) {
      bus.publish('reading', readingEvent({ id: station.id, code: station.code, kind }, observedAt, q.value, quality));
    }
    return result;
  };
}
export type PushService = ReturnType<typeof createPushService>;

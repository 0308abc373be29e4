import { dateViIssue, type FieldError, parseDateVi, READING_BOUNDS, zonedToUtc } from '@flood/domain';

/**
 * Readings older than this are history (an import, a logger emptying its memory), not news: they raise no
 * alert, and storing them queues no alert evaluation (#19).
 */
export const LIVE_READING_MS = 3 * 3_600_000;

/** The oldest instant of a live reading at `now`: readings stamped at or after it are evaluated for alerts. */
export const liveSince = (now: Date): Date => new Date(now.getTime() - LIVE_READING_MS);

/** A reading may be stamped at most this far in the future (logger clocks drift). */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

/** The physical bounds of a value of this kind of station; the error names `value`. */
export function checkReadingValue(kind: 'rain' | 'water', value: number): FieldError | null {
  const b = READING_BOUNDS[kind];
  if (!Number.isFinite(value) || value < b.min || value > b.max) {
    return { field: 'value', message: `Giá trị phải từ ${b.min} đến ${b.max}` };
  }
  return null;
}

/** The instant of a district date, hour and minute; refused when it lies in the future. */
export function observedAtOf(
  q: { date: string; hour: number; minute: number },
  timeZone: string,
  now: Date,
): Date | FieldError {
  const day = parseDateVi(q.date);
  if (!day) return { field: 'date', message: dateViIssue(q.date) ?? 'Ngày phải có dạng DD/MM/YYYY' };
  const at = zonedToUtc({ ...day, hour: q.hour, minute: q.minute }, timeZone);
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return { field: 'date', message: 'Thời điểm đo ở tương lai' };
  return at;
}

/** The message for a station of the other kind, named on `stationCode`. */
export function wrongKind(expected: 'rain' | 'water'): FieldError {
  return {
    field: 'stationCode',
    message: expected === 'rain' ? 'Trạm này không phải trạm đo mưa' : 'Trạm này không phải trạm đo mực nước',
  };
}

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

/**
 * The instants of whole district days `from`…`to` (DD/MM/YYYY, inclusive; one of them alone is that day), else the
 * last 24 hours; a reversed range or one longer than `maxDays` is refused naming `to`.
 */
export function districtDayRange(
  q: { from?: string; to?: string },
  timeZone: string,
  now: Date,
  max: { days: number; message: string },
): { from: Date; to: Date } | FieldError {
  if (!q.from && !q.to) return { from: new Date(now.getTime() - 24 * 3_600_000), to: now };
  const f = parseDateVi(q.from ?? q.to!)!;
  const t = parseDateVi(q.to ?? q.from!)!;
  const from = zonedToUtc({ ...f, hour: 0, minute: 0 }, timeZone);
  const to = new Date(zonedToUtc({ ...t, hour: 0, minute: 0 }, timeZone).getTime() + 86_400_000 - 1);
  if (to < from) return { field: 'to', message: 'Ngày kết thúc phải sau ngày bắt đầu' };
  if (to.getTime() - from.getTime() > max.days * 86_400_000) return { field: 'to', message: max.message };
  return { from, to };
}

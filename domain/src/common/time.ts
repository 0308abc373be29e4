/** The district's time zone unless configured otherwise (DECISIONS.md "Time"). */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Zones whose offset from UTC has not changed since `since`: from then on their wall clock is plain arithmetic.
 * Vietnam has kept UTC+7, without summer time, since 13/06/1975. Intl's time-zone formatting loads ICU's zone
 * data on first use, ~100 ms of a phone's main thread in the dashboard's first render.
 */
const FIXED_OFFSETS: Record<string, { offsetMs: number; since: number }> = {
  'Asia/Ho_Chi_Minh': { offsetMs: 7 * 3_600_000, since: Date.UTC(1975, 5, 12, 17) },
  UTC: { offsetMs: 0, since: Number.NEGATIVE_INFINITY },
};

/** The wall-clock time of an instant in a time zone. */
export function wallClock(date: Date, timeZone: string): WallClock {
  const fixed = FIXED_OFFSETS[timeZone];
  const time = date.getTime();
  if (fixed && time >= fixed.since) {
    const local = new Date(time + fixed.offsetMs);
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
    };
  }
  const p = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

const offsets = new Map<string, number>();

/**
 * The instant at which the district's clocks show this wall-clock time (exact for zones without DST gaps).
 * The zone's offset is remembered per local hour: bulk imports convert hundreds of thousands of times.
 */
export function zonedToUtc(w: Omit<WallClock, 'second'> & { second?: number }, timeZone: string): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);
  const key = `${timeZone}|${w.year}|${w.month}|${w.day}|${w.hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const hourStart = Date.UTC(w.year, w.month - 1, w.day, w.hour);
    let guess = hourStart;
    for (let i = 0; i < 2; i++) {
      const seen = wallClock(new Date(guess), timeZone);
      const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
      guess += hourStart - seenAsUtc;
    }
    offset = guess - hourStart;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return new Date(asUtc + offset);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Parses DD/MM/YYYY into its parts; null when it is not a real calendar date. */
export function parseDateVi(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** DD/MM/YYYY of an instant in the district. */
export function formatDateVi(date: Date, timeZone: string): string {
  const w = wallClock(date, timeZone);
  return `${pad(w.day)}/${pad(w.month)}/${w.year}`;
}

/** DD/MM/YYYY HH:mm of an instant in the district. */
export function formatDateTimeVi(date: Date, timeZone: string): string {
  const w = wallClock(date, timeZone);
  return `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * An instant as ISO 8601 with the district's UTC offset and no fraction, e.g. 2026-11-22T14:05:00+07:00
 * (the form CAP 1.2 requires for `sent`, `effective` and friends).
 */
export function formatIsoWithOffset(date: Date, timeZone: string): string {
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  const w = wallClock(whole, timeZone);
  const offsetMin = Math.round(
    (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole.getTime()) / 60_000,
  );
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

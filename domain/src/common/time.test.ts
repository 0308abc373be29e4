import { describe, expect, it } from 'vitest';
import { formatDateTimeVi, formatDateVi, parseDateVi, wallClock, zonedToUtc } from './time';

const VN = 'Asia/Ho_Chi_Minh';

describe('district time', () => {
  it('turns a district wall-clock time into UTC (UTC+7) and back', () => {
    const t = zonedToUtc({ year: 2026, month: 11, day: 22, hour: 6, minute: 30 }, VN);
    expect(t.toISOString()).toBe('2026-11-21T23:30:00.000Z');
    expect(wallClock(t, VN)).toMatchObject({ day: 22, hour: 6, minute: 30 });
    expect(formatDateTimeVi(t, VN)).toBe('22/11/2026 06:30');
    expect(formatDateVi(t, VN)).toBe('22/11/2026');
  });

  it("reads the district's wall clock by arithmetic exactly as ICU's time-zone data does, since 1975", () => {
    const icu = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const start = Date.UTC(1975, 5, 12, 17);
    const end = Date.UTC(2100, 0, 1);
    const instants = [start, Date.UTC(2026, 11, 31, 16, 59, 59), Date.UTC(2026, 11, 31, 17), Date.UTC(2028, 1, 28, 17)];
    for (let i = 0; i < 2000; i++) instants.push(start + Math.floor((((i * 7919) % 2000) / 2000) * (end - start)) + i);
    for (const t of instants) {
      const p = Object.fromEntries(icu.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
      expect(wallClock(new Date(t), 'Asia/Ho_Chi_Minh'), new Date(t).toISOString()).toEqual({
        year: p.year,
        month: p.month,
        day: p.day,
        hour: p.hour,
        minute: p.minute,
        second: p.second,
      });
    }
    // Before 1975 the zone's offset differed (UTC+8 in Saigon until 13/06/1975): ICU answers, not arithmetic.
    expect(wallClock(new Date(Date.UTC(1970, 0, 1)), 'Asia/Ho_Chi_Minh').hour).toBe(8);
  });

  it('works for zones with daylight saving too', () => {
    const t = zonedToUtc({ year: 2026, month: 7, day: 1, hour: 12, minute: 0 }, 'Europe/Paris');
    expect(t.toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('parses only real DD/MM/YYYY dates', () => {
    expect(parseDateVi('05/09/2026')).toEqual({ year: 2026, month: 9, day: 5 });
    expect(parseDateVi('5/9/2026')).toEqual({ year: 2026, month: 9, day: 5 });
    expect(parseDateVi('31/02/2026')).toBeNull();
    expect(parseDateVi('2026-09-05')).toBeNull();
  });
});

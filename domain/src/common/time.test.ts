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

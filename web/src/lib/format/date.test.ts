import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  districtPickToUtcIso,
  formatDateTime,
  formatDateTimeSeconds,
  formatDistrictDateTime,
  formatDistrictHour,
  utcIsoToDistrictPick,
} from './date';

describe('publish date conversion (back-office §5)', () => {
  it('sends a time picked on the district clock as UTC ISO without milliseconds', () => {
    expect(districtPickToUtcIso(dayjs('2026-11-22T14:05:09.678'))).toBe('2026-11-22T07:05:09Z');
    // Before 07:00 in the district it is still the previous day in UTC.
    expect(districtPickToUtcIso(dayjs('2026-01-01T03:00:00'))).toBe('2025-12-31T20:00:00Z');
  });

  it('shows a stored instant on the district clock in the picker, and back again unchanged', () => {
    const picked = utcIsoToDistrictPick('2026-11-22T07:05:09.000Z');
    expect(picked.format('DD/MM/YYYY HH:mm:ss')).toBe('22/11/2026 14:05:09');
    expect(districtPickToUtcIso(picked)).toBe('2026-11-22T07:05:09Z');
    expect(formatDistrictDateTime('2025-12-31T20:00:00Z')).toBe('01/01/2026 03:00');
    expect(formatDistrictDateTime('2026-11-22T16:59:00.000Z')).toBe('22/11/2026 23:59');
    expect(formatDistrictDateTime('not a date')).toBe('');
    expect(formatDistrictDateTime(null)).toBe('');
    expect(formatDistrictHour(Date.UTC(2026, 10, 22, 17, 5))).toBe('23/11 00:05');
    expect(formatDistrictHour('')).toBe('');
  });
});

describe('creation times on the district clock (#18 item 16)', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = browserZone;
  });

  it('shows list times (audit, SMS, configurations, layers, templates, stations) on the district clock in a browser elsewhere', () => {
    process.env.TZ = 'America/New_York';
    // The browser really is in another zone: its own clock reads 21/11 21:05 for this instant.
    expect(new Date('2026-11-22T02:05:09Z').getHours()).toBe(21);
    expect(formatDateTime('2026-11-22T02:05:09Z')).toBe('22/11/2026 09:05');
    expect(formatDateTimeSeconds('2026-11-22T02:05:09Z')).toBe('22/11/2026 09:05:09');
    expect(formatDateTime('2025-12-31T20:00:00Z')).toBe('01/01/2026 03:00');
    expect(formatDateTimeSeconds('2025-12-31T20:00:00.000Z')).toBe('01/01/2026 03:00:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTimeSeconds('not a date')).toBe('');
  });
});

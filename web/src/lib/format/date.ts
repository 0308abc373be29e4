import { DEFAULT_TIME_ZONE, type WallClock, wallClock, zonedToUtc } from '@flood/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The district's time zone: chart times and default dates follow its clocks, not the browser's. */
export const DISTRICT_TIME_ZONE = DEFAULT_TIME_ZONE;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The district's wall clock of an instant, through the domain's cached formatter: dayjs's `tz()` builds a new
 * Intl.DateTimeFormat on every call (~1–4 ms each), which made a page of dated cards a long task on phones.
 */
function districtClock(iso: string | number): WallClock | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : wallClock(date, DISTRICT_TIME_ZONE);
}

/**
 * 'DD/MM/YYYY HH:mm' (list columns "Ngày tạo") on the district's clock: every time people read follows the
 * district's clocks, whatever the browser's time zone (#18 item 16).
 */
export function formatDateTime(iso: string | null | undefined): string {
  return formatDistrictDateTime(iso);
}

/** 'DD/MM/YYYY HH:mm:ss' (the audit log's and SMS history's "Thời gian") on the district's clock. */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  if (!iso) return '';
  const w = districtClock(iso);
  return w ? `${formatDistrictDateTime(iso)}:${pad2(w.second)}` : '';
}

/** 'DD/MM HH:mm' of an instant on the district's clock (chart axes and tooltips). */
export function formatDistrictHour(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const w = districtClock(iso);
  return w ? `${pad2(w.day)}/${pad2(w.month)} ${pad2(w.hour)}:${pad2(w.minute)}` : '';
}

/** 'DD/MM/YYYY HH:mm' of an instant on the district's clock. */
export function formatDistrictDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const w = districtClock(iso);
  return w ? `${pad2(w.day)}/${pad2(w.month)}/${w.year} ${pad2(w.hour)}:${pad2(w.minute)}` : '';
}

/** Today's date in the district as a local (browser) day, for date pickers. */
export function districtToday(): Dayjs {
  return dayjs(dayjs().tz(DISTRICT_TIME_ZONE).format('YYYY-MM-DD'));
}

/** The current hour (0–23) on the district's clock. */
export function districtHour(): number {
  return dayjs().tz(DISTRICT_TIME_ZONE).hour();
}

/** A picked day as the API's DD/MM/YYYY. */
export function toDateVi(day: Dayjs): string {
  return day.format('DD/MM/YYYY');
}

/**
 * A date and time picked as DD/MM/YYYY HH:mm:ss on the district's clock (whatever the browser's zone) as the
 * API's UTC ISO without milliseconds (back-office §5), e.g. 22/11/2026 14:05:09 → 2026-11-22T07:05:09Z.
 */
export function districtPickToUtcIso(picked: Dayjs): string {
  const utc = zonedToUtc(
    {
      year: picked.year(),
      month: picked.month() + 1,
      day: picked.date(),
      hour: picked.hour(),
      minute: picked.minute(),
      second: picked.second(),
    },
    DISTRICT_TIME_ZONE,
  );
  return utc.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The reverse of `districtPickToUtcIso`: an instant as a picker value showing the district's clock. */
export function utcIsoToDistrictPick(iso: string): Dayjs {
  return dayjs(dayjs(iso).tz(DISTRICT_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ss'));
}

/**
 * A date and time picked on the district's clock as ISO 8601 with the district's offset, to the minute
 * (22/11/2026 14:05 → 2026-11-22T14:05:00+07:00): the warnings' API wants the offset a person meant.
 */
export function districtPickToOffsetIso(picked: Dayjs): string {
  const wall = {
    year: picked.year(),
    month: picked.month() + 1,
    day: picked.date(),
    hour: picked.hour(),
    minute: picked.minute(),
  };
  const utc = zonedToUtc({ ...wall, second: 0 }, DISTRICT_TIME_ZONE);
  const offset = Math.round(
    (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - utc.getTime()) / 60_000,
  );
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.year}-${pad2(wall.month)}-${pad2(wall.day)}T${pad2(wall.hour)}:${pad2(wall.minute)}:00${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

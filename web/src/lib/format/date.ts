import { DEFAULT_TIME_ZONE } from '@flood/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** 'DD/MM/YYYY HH:mm' (list columns "Ngày tạo"). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm') : '';
}

/** 'DD/MM/YYYY HH:mm:ss' (the audit log's "Thời gian"). */
export function formatDateTimeSeconds(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format('DD/MM/YYYY HH:mm:ss') : '';
}

/** The district's time zone: chart times and default dates follow its clocks, not the browser's. */
export const DISTRICT_TIME_ZONE = DEFAULT_TIME_ZONE;

/** 'DD/MM HH:mm' of an instant on the district's clock (chart axes and tooltips). */
export function formatDistrictHour(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(DISTRICT_TIME_ZONE).format('DD/MM HH:mm') : '';
}

/** 'DD/MM/YYYY HH:mm' of an instant on the district's clock. */
export function formatDistrictDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(DISTRICT_TIME_ZONE).format('DD/MM/YYYY HH:mm') : '';
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

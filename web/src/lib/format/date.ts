import dayjs from 'dayjs';

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

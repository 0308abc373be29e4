export type CsvValue = string | number | boolean | null | undefined;

/** One field per RFC 4180: quoted (quotes doubled) only when it holds a comma, a quote or a line break. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // String(number) writes a dot as the decimal separator whatever the locale.
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * A CSV document: UTF-8 byte-order mark (so Excel reads Vietnamese correctly), a header row, CRLF line ends
 * (RFC 4180). Serve it as `text/csv; charset=utf-8`.
 */
export function toCsv(columns: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula when the CSV is opened (=, +, -, @, a tab or carriage return):
 * OWASP's CSV injection. Such a text gets a leading apostrophe, which Excel and LibreOffice show as plain
 * text — unless the whole field is a plain number ('-0.5', '-12', '-1.5e3'): a dash followed by a digit is
 * not enough ('-1+1+cmd|…' is a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One field per RFC 4180: quoted (quotes doubled) only when it holds a comma, a quote or a line break; text
 * that would start a formula is neutralised (FORMULA_START).
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // String(number) writes a dot as the decimal separator whatever the locale.
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value);
  if (typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
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

import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { assertZipWithinLimits } from '../../lib/zip-guard';

/** A data row of an import file: its 1-based row number in the file and its cells by column name. */
export interface RawRow {
  row: number;
  cells: Record<string, string>;
}

/** Column names staff may use (English as in the push call, or Vietnamese), mapped to the push fields. */
const ALIASES: Record<string, string> = {
  stationcode: 'stationCode',
  code: 'stationCode',
  matram: 'stationCode',
  date: 'date',
  ngay: 'date',
  hour: 'hour',
  gio: 'hour',
  minute: 'minute',
  phut: 'minute',
  value: 'value',
  giatri: 'value',
  time: 'time',
  thoigian: 'time',
};

/** Lower-case, without diacritics, spaces or punctuation: "Mã trạm" → "matram". */
function normaliseHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function mapHeaders(headers: string[]): (string | null)[] {
  return headers.map((h) => ALIASES[normaliseHeader(h)] ?? null);
}

/** A `time` cell "DD/MM/YYYY HH:mm" fills date, hour and minute. */
function expandTime(cells: Record<string, string>): Record<string, string> {
  if (!cells.time || cells.date) return cells;
  const m = /^(\d{1,2}\/\d{1,2}\/\d{4})\s+(\d{1,2}):(\d{2})/.exec(cells.time.trim());
  return m ? { ...cells, date: m[1]!, hour: m[2]!, minute: m[3]! } : cells;
}

export type FileKind = 'csv' | 'xlsx';

/** Decides the file kind by its content (magic bytes), not its name; null when it is neither. */
export function detectFileKind(buf: Buffer): FileKind | null {
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04) return 'xlsx';
  const head = buf.subarray(0, 64 * 1024);
  if (head.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - 4));
  } catch {
    return null;
  }
  return 'csv';
}

async function* csvRows(buf: Buffer): AsyncGenerator<string[]> {
  const parser = parse(buf, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    delimiter: [',', ';', '\t'],
  });
  for await (const record of parser) yield record as string[];
}

async function xlsxRows(buf: Buffer): Promise<string[][]> {
  assertZipWithinLimits(buf);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws?.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map(cellText));
  });
  return rows;
}

/** Data rows of a file (header excluded), known before reading them so progress has a total. */
export async function openRows(
  buf: Buffer,
  kind: FileKind,
): Promise<{ total: number; rows: AsyncGenerator<RawRow | { headerError: string }> }> {
  if (kind === 'xlsx') {
    const all = await xlsxRows(buf);
    return { total: Math.max(0, all.length - 1), rows: readRows(all) };
  }
  let lines = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
  const endsWithNewline = buf.length > 0 && buf[buf.length - 1] === 10;
  return { total: Math.max(0, lines + (endsWithNewline ? 0 : 1) - 1), rows: readRows(csvRows(buf)) };
}

/** Excel cells as the text a person sees: dates as DD/MM/YYYY HH:mm in UTC (Excel dates carry no zone). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    const hm = `${p(v.getUTCHours())}:${p(v.getUTCMinutes())}`;
    return `${p(v.getUTCDate())}/${p(v.getUTCMonth() + 1)}/${v.getUTCFullYear()} ${hm}`;
  }
  if (typeof v === 'object') {
    const o = v as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (o.result !== undefined) return cellText(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.richText) return o.richText.map((r) => r.text).join('');
  }
  return String(v).trim();
}

/** Reads every data row; the first row names the columns. */
async function* readRows(
  source: AsyncIterable<string[]> | Iterable<string[]>,
): AsyncGenerator<RawRow | { headerError: string }> {
  let headers: (string | null)[] | null = null;
  let n = 0;
  for await (const cells of source) {
    n++;
    if (!headers) {
      headers = mapHeaders(cells);
      const known = new Set(headers.filter(Boolean));
      const hasTime = known.has('time') || (known.has('date') && known.has('hour') && known.has('minute'));
      if (!known.has('stationCode') || !known.has('value') || !hasTime) {
        yield {
          headerError:
            'Dòng đầu phải có các cột stationCode, date, hour, minute, value (hoặc Mã trạm, Thời gian DD/MM/YYYY HH:mm, Giá trị)',
        };
        return;
      }
      continue;
    }
    const record: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h) record[h] = String(cells[i] ?? '').trim();
    });
    yield { row: n, cells: expandTime(record) };
  }
}

import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface SheetColumn {
  header: string;
  width?: number;
  /** Excel number format, e.g. '0.00'. */
  numFmt?: string;
}

/** One titled sheet: a bold header row, the rows, and an optional bold footer (average / total). */
export async function buildWorkbook(opts: {
  sheet: string;
  title?: string;
  columns: SheetColumn[];
  rows: (string | number | null)[][];
  footer?: (string | number | null)[];
}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Cổng cảnh báo lũ';
  const ws = wb.addWorksheet(opts.sheet.slice(0, 31));
  if (opts.title) {
    ws.addRow([opts.title]).font = { bold: true, size: 13 };
    ws.mergeCells(1, 1, 1, opts.columns.length);
  }
  const header = ws.addRow(opts.columns.map((c) => c.header));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE8F5' } };
  opts.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width ?? Math.max(10, c.header.length + 2);
    if (c.numFmt) col.numFmt = c.numFmt;
  });
  for (const r of opts.rows) ws.addRow(r);
  if (opts.footer) ws.addRow(opts.footer).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A download's Content-Disposition: an ASCII fallback name for old clients and the UTF-8 one. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\w.-]+/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a workbook as a download with an ASCII fallback name and the UTF-8 one. */
export function sendWorkbook(reply: FastifyReply, fileName: string, buf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(buf);
}

import ExcelJS from 'exceljs';
import { assertZipWithinLimits } from '../../lib/zip-guard';

export interface WorkbookSheet {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

type CellValue = ExcelJS.CellValue;

/** A cell as the statistics page shows it: numbers stay numbers, formulas show their result, dates DD/MM/YYYY. */
function plain(v: CellValue): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) {
    const d = v;
    return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  }
  if (typeof v === 'object') {
    if ('result' in v) return plain((v as ExcelJS.CellFormulaValue).result as CellValue);
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return String((v as ExcelJS.CellErrorValue).error);
  }
  return String(v);
}

/**
 * The first `max` sheets of a workbook as tables: the first non-empty row is the header, the following
 * rows the data (trailing empty rows dropped). Bounded to 5,000 rows × 50 columns a sheet.
 */
export async function readWorkbookSheets(data: Buffer, max = 2): Promise<WorkbookSheet[]> {
  assertZipWithinLimits(data);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.worksheets.slice(0, max).map((ws) => {
    const rows: (string | number | null)[][] = [];
    const width = Math.min(50, ws.actualColumnCount || ws.columnCount);
    ws.eachRow({ includeEmpty: false }, (row) => {
      if (rows.length > 5000) return;
      const values: (string | number | null)[] = [];
      for (let c = 1; c <= width; c++) values.push(plain(row.getCell(c).value));
      rows.push(values);
    });
    const [header = [], ...body] = rows;
    return { name: ws.name, columns: header.map((h, i) => (h === null ? `Cột ${i + 1}` : String(h))), rows: body };
  });
}

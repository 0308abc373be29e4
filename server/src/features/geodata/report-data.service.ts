import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import type { FileStorage } from '../../lib/storage';
import { newestOfType } from './geodata.repository';
import { toGeodataItem } from './geodata.service';
import { readWorkbookSheets, type WorkbookSheet } from './workbook';

/**
 * `/analyze/report-data`: the statistics workbook (the newest geodata item of type xlsx) read on the
 * server, its first two sheets as tables. Parsed once per file.
 */
export function createReportDataService(deps: { db: Db; storage: FileStorage }) {
  const cache = new Map<number, Promise<WorkbookSheet[]>>();
  return {
    async get(actor: Actor | undefined) {
      requirePermission(actor, 'analyze');
      const row = await newestOfType(deps.db, 'xlsx');
      if (!row?.path) return { item: null, demo: false, sheets: [] };
      let sheets = cache.get(row.id);
      if (!sheets) {
        const path = row.path;
        sheets = deps.storage.read(path).then((b) => (b ? readWorkbookSheets(b, 2) : []));
        cache.clear();
        cache.set(row.id, sheets);
        sheets.catch(() => cache.delete(row.id));
      }
      return { item: toGeodataItem(row), demo: row.demo, sheets: await sheets };
    },
  };
}
export type ReportDataService = ReturnType<typeof createReportDataService>;

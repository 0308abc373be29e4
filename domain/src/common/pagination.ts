import './zod-messages';
import { z } from 'zod';

/** Page sizes fixed by the specification (DECISIONS.md "Page sizes"). */
export const PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 20;
export const FLOOD_HISTORY_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Every list of the API answers with the same envelope. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/** The pager is shown only when the rows do not fit on one page (spec §9). */
export function shouldShowPager(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** After deleting the only row of the last page the table steps back one page (spec §4). */
export function pageAfterDelete(page: number, totalAfterDelete: number, pageSize: number): number {
  const lastPage = Math.max(1, Math.ceil(totalAfterDelete / pageSize));
  return Math.min(page, lastPage);
}

/** One page of a list already in memory (a filter the database cannot apply), with the list's total. */
export function pageOfList<T>(
  list: readonly T[],
  q: { page: number; pageSize: number },
): { items: T[]; total: number } {
  const from = (q.page - 1) * q.pageSize;
  return { items: list.slice(from, from + q.pageSize), total: list.length };
}

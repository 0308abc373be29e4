import { NEWS_FALLBACK_SVG, type NewsType, svgDataUri } from '@flood/domain';
import documentFallback from './document-fallback.svg';

/** The default pictures of news and documents without an image (public-portal §9 "fallback images"). */
export const NEWS_FALLBACK_IMAGE = svgDataUri(NEWS_FALLBACK_SVG);
export const DOCUMENT_FALLBACK_IMAGE = documentFallback;

export { newsImageUrl } from '@flood/domain';

/** The tabs of `/all-news` (`?tab=`), warning news first as on `/news`. */
export const NEWS_TABS = [
  { key: 'warning', type: 'WARNING', labelKey: 'newsPublic.warningNews' },
  { key: 'activity', type: 'NORMAL', labelKey: 'newsPublic.activityNews' },
] as const satisfies readonly { key: string; type: NewsType; labelKey: string }[];
export type NewsTabKey = (typeof NEWS_TABS)[number]['key'];

/** The tab named by `?tab=`, the first one when missing or unknown. */
export function tabOf(value: string | null): (typeof NEWS_TABS)[number] {
  return NEWS_TABS.find((tab) => tab.key === value) ?? NEWS_TABS[0];
}

/** `?page=` as a page number (1 when missing or not a positive integer). */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Page buttons to show: all when few, else first, last and the neighbours of the current one, with gaps. */
export function pagerItems(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  if (page <= 3) for (const p of [2, 3, 4]) shown.add(p);
  if (page >= pageCount - 2) for (const p of [pageCount - 3, pageCount - 2, pageCount - 1]) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) items.push(p - previous === 2 ? p - 1 : 'gap');
    items.push(p);
  }
  return items;
}

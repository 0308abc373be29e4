/** Items per section of the news home page `/news` (public-portal §2, §9). */
export const NEWS_HOME_SIZE = 6;
/** Directive documents the dashboard shows, newest first (public-portal §2 Dashboard). */
export const DASHBOARD_DOCUMENTS = 4;
/** Items of each related list under a news item (public-portal §9). */
export const RELATED_NEWS_SIZE = 5;
/** The view count is read this long after the view was registered (public-portal §7, §9). */
export const VIEW_COUNT_DELAY_MS = 500;

/**
 * A name in the observed system's storage form: a timestamp (10–17 digits) or a 32-hex random id, an
 * underscore, then the uploader's name.
 */
const STORED_NAME = /^(?:\d{10,17}|[0-9a-f]{32})_(.+)$/i;

/**
 * The label of an attachment (public-portal §2 News detail). The observed system stored `{timestamp}_{name}`
 * and showed the part after the underscore; we strip only that storage prefix, so a name that has
 * underscores of its own ('bao-cao_mua-lu.pdf', '1700000000000_bao_cao.pdf' → 'bao_cao.pdf') stays whole.
 * A path is reduced to its last segment first.
 */
export function attachmentLabel(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1).trim();
  const stored = STORED_NAME.exec(base);
  return stored?.[1]?.trim() ? stored[1].trim() : base;
}

export type AttachmentKind = 'pdf' | 'doc' | 'other';

/** The icon of an attachment by its extension (public-portal §2: pdf, doc, other). */
export function attachmentKind(name: string): AttachmentKind {
  const dot = name.lastIndexOf('.');
  const ext =
    dot >= 0
      ? name
          .slice(dot + 1)
          .trim()
          .toLowerCase()
      : '';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'doc' || ext === 'docx') return 'doc';
  return 'other';
}

/** Public news detail failure (public-portal §8). Here, not with the schemas: the app shell shows it. */
export const NEWS_NOT_FOUND = 'Không tìm thấy bài viết';

import {
  CHANGED,
  type DirectiveDocument,
  type DirectiveDocumentPage,
  hasAnyPermission,
  NEWS_CONTENT_REQUIRED,
  NEWS_NOT_FOUND,
  type News,
  type NewsBodySchema,
  type NewsListQuery,
  type NewsPage,
  type NewsSummary,
  type NewsType,
  OUT_OF_SCOPE,
  scopeCoversUnits,
  type ViewCount,
  type ViewStatistic,
  wallClock,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { recordAudit } from '../audit/audit.service';
import { findUploadedFiles } from '../files/files.repository';
import {
  addView,
  deleteNews,
  findNews,
  insertNews,
  listNews,
  type NewsSummaryRow,
  type NewsValues,
  type NewsWithUser,
  nextScheduledDate,
  updateNews,
  viewCount,
  viewsSince,
} from './news.repository';
import { hasVisibleContent, sanitizeNewsHtml } from './news.sanitize';

type NewsBody = z.output<typeof NewsBodySchema>;

/** News and directive documents are managed with `news` (DECISIONS.md: news → news and documents management). */
const STAFF = 'news' as const;

const notFound = () => new AppError('NOT_FOUND', NEWS_NOT_FOUND);
const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

function toSummary(r: NewsSummaryRow): NewsSummary {
  return {
    id: r.id,
    name: r.name,
    sapo: r.sapo,
    author: r.author,
    avatar: r.avatar,
    files: r.files,
    date: r.date.toISOString(),
    status: r.status as NewsSummary['status'],
    type: r.type as NewsType,
    userId: r.userId,
    userName: r.userName,
    demo: r.demo,
    createdAt: r.createdAt.toISOString(),
    units: r.units,
  };
}
const FILE_PREFIX = '/api/files/';

/**
 * The item with its attachments named: the uploader's original file name from `uploaded_files`, or the URL's
 * last segment when the row is missing (the web labels them with `attachmentLabel`).
 */
async function toNews(db: Db, r: NewsWithUser): Promise<News> {
  const ids = r.files.filter((url) => url.startsWith(FILE_PREFIX)).map((url) => url.slice(FILE_PREFIX.length));
  const names = new Map((await findUploadedFiles(db, [...new Set(ids)])).map((f) => [f.id, f.name]));
  const attachments = r.files.map((url) => ({
    url,
    name:
      (url.startsWith(FILE_PREFIX) ? names.get(url.slice(FILE_PREFIX.length)) : undefined) ??
      url.slice(url.lastIndexOf('/') + 1),
  }));
  return { ...toSummary(r), content: r.content, attachments };
}

/** The `document` view of a DOCUMENT item (title = name, description = sapo, path = the first PDF). */
const toDocument = (r: NewsSummaryRow): DirectiveDocument => ({
  id: r.id,
  title: r.name,
  description: r.sapo,
  path: r.files[0] ?? null,
  files: r.files,
  date: r.date.toISOString(),
  userId: r.userId,
  userName: r.userName,
  createdAt: r.createdAt.toISOString(),
});

/** Audit texts by type: the about page and directive documents have their own words. */
function auditText(verb: 'Tạo' | 'Sửa' | 'Xoá', type: string, name: string): string {
  if (type === 'GIOI_THIEU') return verb === 'Xoá' ? `Xoá trang giới thiệu` : `Cập nhật trang giới thiệu`;
  if (type === 'DOCUMENT') return `${verb} văn bản chỉ đạo ${name}`;
  return `${verb} tin tức ${name}`;
}

/** 'YYYY-MM-DD' of a calendar day. */
const isoDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

const isStaff = (actor: Actor | undefined) => !!actor && hasAnyPermission(actor.functions, [STAFF]);

/**
 * Published on the bus after a news change commits: caches of public news drop what they hold. Server-internal
 * (the web listens to its own event types only; the data is empty, so the stream reveals nothing).
 */
export const NEWS_CHANGED = 'news-changed';

/** News, directive documents, the about page and their view counts. */
export function createNewsService(deps: {
  db: Db;
  bus: EventBus;
  timeZone: string;
  now: () => Date;
  /** Whether a code is one of the area's units (a news item's units, #26 point 4). */
  isUnit?: (code: string) => Promise<boolean>;
}) {
  const { db, bus, timeZone, now, isUnit = async () => true } = deps;
  const changed = () => bus.publish(NEWS_CHANGED, CHANGED);

  /** Checks the referenced uploads: they exist, the avatar is an image, a directive document's files are PDFs. */
  async function checkFiles(body: NewsBody): Promise<void> {
    const idOf = (url: string) => url.slice('/api/files/'.length);
    const ids = [...new Set([...(body.avatar ? [body.avatar] : []), ...body.files].map(idOf))];
    const rows = new Map((await findUploadedFiles(db, ids)).map((r) => [r.id, r]));
    if (body.avatar) {
      const row = rows.get(idOf(body.avatar));
      if (!row?.mime.startsWith('image/')) throw invalid('avatar', 'Ảnh nền phải là ảnh đã tải lên');
    }
    for (const [i, url] of body.files.entries()) {
      const row = rows.get(idOf(url));
      if (!row) throw invalid(`files.${i}`, 'Không tìm thấy tệp đã tải lên');
      if (body.type === 'DOCUMENT' && row.mime !== 'application/pdf') {
        throw invalid(`files.${i}`, 'Văn bản chỉ đạo chỉ nhận tệp PDF');
      }
    }
    if (body.type === 'DOCUMENT' && body.files.length === 0) {
      throw invalid('files', 'Văn bản chỉ đạo cần một tệp PDF đính kèm');
    }
  }

  /** The stored values: the body sanitised (and still not empty), the date defaulting to now. */
  async function valuesOf(body: NewsBody): Promise<NewsValues> {
    const content = sanitizeNewsHtml(body.content);
    if (!hasVisibleContent(content)) throw invalid('content', NEWS_CONTENT_REQUIRED);
    await checkFiles(body);
    for (const [i, code] of body.units.entries())
      if (!(await isUnit(code))) throw invalid(`units.${i}`, `Đơn vị ${code} không thuộc khu vực của cổng`);
    return {
      name: body.name,
      sapo: body.sapo,
      author: body.author,
      avatar: body.avatar,
      files: body.files,
      units: body.units,
      content,
      date: body.date ?? now(),
      status: body.status,
      type: body.type,
    };
  }

  async function ensureSingleAbout(tx: Db, type: NewsType, id?: number): Promise<void> {
    if (type !== 'GIOI_THIEU') return;
    const existing = await findNews(tx, { type: 'GIOI_THIEU' });
    if (existing && existing.id !== id) {
      throw new AppError('CONFLICT', `Trang giới thiệu đã có (bài #${existing.id}); hãy sửa bài đó`);
    }
  }

  /** A visible item for this caller: staff see drafts and scheduled items, visitors only published ones. */
  async function visible(actor: Actor | undefined, where: { id: number } | { type: NewsType }) {
    const row = await findNews(db, where, isStaff(actor) ? undefined : now());
    if (!row) throw notFound();
    return row;
  }

  /**
   * A commune officer (#26 point 3) writes its own units' news only: named units, all in its scope; directive
   * documents and the about page are the whole area's, not a commune's to write.
   */
  function requireNewsScope(a: Actor, units: readonly string[], type: NewsType): void {
    if (!a.units?.length) return;
    if (type === 'DOCUMENT' || type === 'GIOI_THIEU') throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
    if (!scopeCoversUnits(a.units, units))
      throw new AppError('FORBIDDEN', OUT_OF_SCOPE, [{ field: 'units', message: OUT_OF_SCOPE }]);
  }

  return {
    async list(actor: Actor | undefined, q: NewsListQuery): Promise<NewsPage> {
      const a = q.all ? requirePermission(actor, STAFF) : undefined;
      // A commune officer's back-office list (#26 point 3): its units' items.
      const { items, total } = await listNews(db, { ...q, publicOnly: !q.all, now: now(), scope: a?.units });
      return { items: items.map(toSummary), total };
    },

    /**
     * The anonymous list and the earliest publish date of a scheduled item it would then show (null: none),
     * both as of one instant, so a cache of the list knows when it goes stale.
     */
    async publicList(
      q: Pick<NewsListQuery, 'page' | 'pageSize' | 'type' | 'unit'>,
    ): Promise<{ page: NewsPage; until: Date | null }> {
      const at = now();
      const [{ items, total }, until] = await Promise.all([
        listNews(db, { page: q.page, pageSize: q.pageSize, type: q.type, unit: q.unit, publicOnly: true, now: at }),
        nextScheduledDate(db, { type: q.type, now: at }),
      ]);
      return { page: { items: items.map(toSummary), total }, until };
    },

    async get(actor: Actor | undefined, id: number): Promise<News> {
      return toNews(db, await visible(actor, { id }));
    },

    /** `GET /api/document`: published directive documents, newest first (read-only view over the news). */
    async documents(q: { page: number; pageSize: number }): Promise<DirectiveDocumentPage> {
      const { items, total } = await listNews(db, { ...q, type: 'DOCUMENT', publicOnly: true, now: now() });
      return { items: items.map(toDocument), total };
    },

    async document(actor: Actor | undefined, id: number): Promise<DirectiveDocument> {
      const row = await visible(actor, { id });
      if (row.type !== 'DOCUMENT') throw notFound();
      return toDocument(row);
    },

    /** The about page (/about): the single GIOI_THIEU record. */
    async about(actor: Actor | undefined): Promise<News> {
      return toNews(db, await visible(actor, { type: 'GIOI_THIEU' }));
    },

    async create(actor: Actor | undefined, body: NewsBody, extra: { demo?: boolean } = {}): Promise<News> {
      const a = requirePermission(actor, STAFF);
      requireNewsScope(a, body.units, body.type);
      const values = await valuesOf(body);
      const id = await db.transaction(async (tx) => {
        await ensureSingleAbout(tx, body.type);
        const newId = await insertNews(tx, { ...values, userId: a.userId, demo: extra.demo ?? false });
        await recordAudit(tx, a, auditText('Tạo', body.type, body.name));
        return newId;
      });
      changed();
      return toNews(db, (await findNews(db, { id }))!);
    },

    async update(actor: Actor | undefined, id: number, body: NewsBody): Promise<News> {
      const a = requirePermission(actor, STAFF);
      const current = await findNews(db, { id });
      if (!current) throw notFound();
      requireNewsScope(a, current.units, current.type as NewsType);
      requireNewsScope(a, body.units, body.type);
      const values = await valuesOf(body);
      await db.transaction(async (tx) => {
        await ensureSingleAbout(tx, body.type, id);
        if (!(await updateNews(tx, id, values))) throw notFound();
        await recordAudit(tx, a, auditText('Sửa', body.type, body.name));
      });
      changed();
      return toNews(db, (await findNews(db, { id }))!);
    },

    /** Deletes the item and its view counts; uploaded files stay (a body may share them). */
    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, STAFF);
      if (a.units?.length) {
        const current = await findNews(db, { id });
        if (!current) throw notFound();
        requireNewsScope(a, current.units, current.type as NewsType);
      }
      await db.transaction(async (tx) => {
        const deleted = await deleteNews(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, a, auditText('Xoá', deleted.type, deleted.name));
      });
      changed();
    },

    /** `POST /api/view`: one view of a public item on today's district day. */
    async addView(actor: Actor | undefined, newsId: number): Promise<ViewCount> {
      const row = await visible(actor, { id: newsId });
      const at = now();
      // Only readings of public items count: a staffer previewing a draft or a scheduled item adds nothing.
      if (row.status === 'PUBLISH' && row.date.getTime() <= at.getTime()) {
        const w = wallClock(at, timeZone);
        await addView(db, newsId, isoDay(w.year, w.month, w.day));
      }
      return { newsId, count: await viewCount(db, newsId) };
    },

    async viewCount(actor: Actor | undefined, newsId: number): Promise<ViewCount> {
      await visible(actor, { id: newsId });
      return { newsId, count: await viewCount(db, newsId) };
    },

    /** The four cards (back-office §2.1): views since today, Monday, the 1st and 1 January, district calendar. */
    async statistic(actor: Actor | undefined): Promise<ViewStatistic> {
      requirePermission(actor, STAFF);
      const w = wallClock(now(), timeZone);
      const weekday = (new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7; // Monday = 0
      const s = await viewsSince(db, {
        today: isoDay(w.year, w.month, w.day),
        week: isoDay(w.year, w.month, w.day - weekday),
        month: isoDay(w.year, w.month, 1),
        year: isoDay(w.year, 1, 1),
      });
      return { today: s.today ?? 0, week: s.week ?? 0, month: s.month ?? 0, year: s.year ?? 0 };
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;

import {
  DirectiveDocumentPageSchema,
  DirectiveDocumentSchema,
  DocumentListQuerySchema,
  NewsBodySchema,
  NewsIdParamsSchema,
  NewsListQuerySchema,
  NewsPageSchema,
  NewsSchema,
  OkSchema,
  ViewBodySchema,
  ViewCountSchema,
  ViewQuerySchema,
  ViewStatisticSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HotReads } from '../../lib/hot-reads';
import { publicCacheControl, sendPrepared } from '../../lib/prepared-body';
import { type AnonymousPostLimit, anonymousPostRateLimit } from '../../lib/rate-limit';
import type { NewsService } from './news.service';
import type { NewsListCache, PublicNewsListQuery } from './news-list.cache';

const staff = { anyOf: ['news' as const] };
const tags = ['Tin tức / News'];
/** Seconds a browser or CDN may keep the public list (a news change drops the server's copy at once). */
const LIST_MAX_AGE = 10;
const PUBLIC_LIST_KEYS = new Set(['page', 'pageSize', 'type', 'unit']);
/**
 * A visitor's read of one item or of the documents, kept (lib/hot-reads.ts) until any news change; 30 s at most
 * (a creator renamed elsewhere), the documents' list 5 s (a scheduled document appears by the clock alone).
 */
const HOT_ITEM = { events: ['news-changed'], maxAgeMs: 30_000 } as const;
const HOT_LIST = { events: ['news-changed'], maxAgeMs: 5_000 } as const;

/**
 * `/api/news`, `/api/view`, `/api/view-statistic` (public-portal §7, back-office §7). Reads are public (visitors
 * see PUBLISH items whose date has come; `news` staff see everything, and `all=true` lists drafts too).
 */
export const newsRoutes: FastifyPluginAsyncZod<{
  news: NewsService;
  listCache: NewsListCache;
  hotReads: HotReads;
  /** Anonymous views per client address (signed-in staff are not limited). */
  viewLimit: AnonymousPostLimit;
}> = async (app, { news, listCache, hotReads, viewLimit }) => {
  // Visitors' list (page, pageSize, type, unit only): served from prepared bytes when ready. The query of each URL is
  // checked once; anything else (all, status, a value the schema refuses) goes on to the route.
  const queries = new Map<string, PublicNewsListQuery | undefined>();
  hotReads.add('/api/news', (req) => {
    let q = queries.get(req.url);
    if (q === undefined && !queries.has(req.url)) {
      const raw = req.query as Record<string, unknown>;
      let plain = true;
      for (const k in raw) if (!PUBLIC_LIST_KEYS.has(k)) plain = false;
      q = plain ? NewsListQuerySchema.safeParse(raw).data : undefined;
      if (queries.size >= 64) queries.clear();
      queries.set(req.url, q);
    }
    const prepared = q && listCache.peek(q);
    return prepared && { prepared, maxAge: LIST_MAX_AGE };
  });
  app.get('/api/news', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Danh sách tin (công khai: đã xuất bản; all=true: quản trị, quyền news)',
      querystring: NewsListQuerySchema,
      response: { 200: NewsPageSchema },
    },
    handler: async (req, reply) => {
      const q = req.query;
      // Anonymous visitors share cached bytes with an ETag; staff (drafts with all=true) get the service's answer.
      if (!req.headers.authorization && !q.all && q.status === undefined)
        return sendPrepared(req, reply, await listCache.get(q), publicCacheControl(req, LIST_MAX_AGE));
      reply.header('cache-control', 'no-cache');
      return news.list(req.actor, q);
    },
  });
  app.get('/api/news/about', {
    config: { access: 'public', hot: HOT_ITEM },
    schema: { tags, summary: 'Trang giới thiệu (bản ghi GIOI_THIEU duy nhất)', response: { 200: NewsSchema } },
    handler: (req) => news.about(req.actor),
  });
  app.get('/api/news/:id', {
    config: { access: 'public', hot: HOT_ITEM },
    schema: { tags, summary: 'Chi tiết tin (mã là số)', params: NewsIdParamsSchema, response: { 200: NewsSchema } },
    handler: (req) => news.get(req.actor, req.params.id),
  });
  app.post('/api/news', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Tạo tin / văn bản / trang giới thiệu',
      body: NewsBodySchema,
      response: { 200: NewsSchema },
    },
    handler: (req) => news.create(req.actor, req.body),
  });
  app.put('/api/news/:id', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Sửa tin',
      params: NewsIdParamsSchema,
      body: NewsBodySchema,
      response: { 200: NewsSchema },
    },
    handler: (req) => news.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/news/:id', {
    config: { access: staff },
    schema: { tags, summary: 'Xoá tin', params: NewsIdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await news.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });

  // The `document` resource (back-office §7) is a read-only view over DOCUMENT items (DECISIONS.md).
  app.get('/api/document', {
    config: { access: 'public', hot: HOT_LIST },
    schema: {
      tags,
      summary: 'Văn bản chỉ đạo đã xuất bản (mới nhất trước); lưu/xoá qua /api/news',
      querystring: DocumentListQuerySchema,
      response: { 200: DirectiveDocumentPageSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return news.documents(req.query);
    },
  });
  app.get('/api/document/:id', {
    config: { access: 'public', hot: HOT_ITEM },
    schema: {
      tags,
      summary: 'Chi tiết văn bản chỉ đạo',
      params: NewsIdParamsSchema,
      response: { 200: DirectiveDocumentSchema },
    },
    handler: (req) => news.document(req.actor, req.params.id),
  });

  app.post('/api/view', {
    config: { access: 'public', rateLimit: anonymousPostRateLimit(viewLimit, 'lượt xem') },
    schema: { tags, summary: 'Ghi một lượt xem', body: ViewBodySchema, response: { 200: ViewCountSchema } },
    handler: (req) => news.addView(req.actor, req.body.newsId),
  });
  app.get('/api/view', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Số lượt xem của một tin',
      querystring: ViewQuerySchema,
      response: { 200: ViewCountSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return news.viewCount(req.actor, req.query.newsId);
    },
  });
  app.get('/api/view-statistic', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Thống kê lượt xem: hôm nay, tuần, tháng, năm (theo giờ huyện)',
      response: { 200: ViewStatisticSchema },
    },
    handler: (req) => news.statistic(req.actor),
  });
};

import multipart from '@fastify/multipart';
import {
  GeodataFolderBodySchema,
  GeodataItemSchema,
  GeodataListQuerySchema,
  GeodataPageSchema,
  IdParamsSchema,
  IMAGE_MAX_BYTES,
  OkSchema,
  ReportDataSchema,
  WORKBOOK_MAX_BYTES,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/excel';
import type { HotReads } from '../../lib/hot-reads';
import type { FileStorage } from '../../lib/storage';
import type { GeodataService } from './geodata.service';
import type { GeodataFilesCache } from './geodata-files.cache';
import type { ReportDataService } from './report-data.service';

const write = { anyOf: ['database' as const] };
/** A stored file never changes (a new version is a new upload with a new path). */
const FILE_CACHE_CONTROL = 'public, max-age=86400';
/** A stored file is data, never a page: sandboxed, and for this site's pages only. */
const FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
  'cross-origin-resource-policy': 'same-site',
} as const;
const tags = ['Dữ liệu không gian / Geodata'];

/** `ref` of a file: its numeric id or its storage path ('3f9a….geojson'). */
const RefParamsSchema = z.object({
  ref: z
    .string()
    .regex(/^(\d{1,10}|[a-f0-9]{32}\.[a-z0-9]{2,8})$/, 'Phải là mã số hoặc đường dẫn tệp (ví dụ 3f9a….geojson)'),
});

/**
 * `/api/geojson` (public-portal §7, back-office §7): the file manager's folders and uploads, and the files
 * the public map loads — pre-compressed, with a strong ETag and Cache-Control so browsers and a CDN keep
 * a 20 MB flood layer instead of fetching it again.
 */
export const geodataRoutes: FastifyPluginAsyncZod<{
  geodata: GeodataService;
  storage: FileStorage;
  reportData: ReportDataService;
  geojsonMaxBytes: number;
  /** The fast lane and the files it serves from memory (#25, point 5); without them every read takes the route. */
  hotReads?: HotReads;
  files?: GeodataFilesCache;
}> = async (app, { geodata, storage, reportData, geojsonMaxBytes, hotReads, files }) => {
  // Only these routes parse multipart (ARCHITECTURE.md: heavy plugins per route).
  await app.register(multipart, {
    // Keep the name as sent, so that a name with folders ('../../x') is refused rather than silently cut.
    preservePath: true,
    limits: {
      fileSize: Math.max(geojsonMaxBytes, IMAGE_MAX_BYTES, WORKBOOK_MAX_BYTES),
      files: 1,
      fields: 10,
      fieldSize: 1024,
    },
  });

  app.get('/api/geojson', {
    // Kept for anonymous callers (lib/hot-reads.ts) until a file or folder changes; 30 s at most (a creator's name).
    config: { access: 'public', hot: { events: ['geodata-changed'], maxAgeMs: 30_000 } },
    schema: {
      tags,
      summary: 'Danh sách tệp theo loại (mới nhất trước) hoặc nội dung một thư mục',
      querystring: GeodataListQuerySchema,
      response: { 200: GeodataPageSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return geodata.list(req.query);
    },
  });

  app.post('/api/geojson', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Tải lên tệp dữ liệu (multipart: type, time, parentId, rồi file)',
      consumes: ['multipart/form-data'],
      response: { 200: GeodataItemSchema },
    },
    handler: async (req) => {
      const fields: Record<string, string> = {};
      let fileName: string | undefined;
      let data: Buffer | null = null;
      if (req.isMultipart()) {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          } else if (part.fieldname === 'file' && fileName === undefined) {
            fileName = part.filename;
            data = await part.toBuffer().catch((e: { code?: string }) => {
              if (e.code === 'FST_REQ_FILE_TOO_LARGE') return null;
              throw e;
            });
          } else {
            part.file.resume();
          }
        }
      }
      return geodata.upload(req.actor, { fields, fileName, data: fileName === undefined ? Buffer.alloc(0) : data });
    },
  });

  app.post('/api/geojson/folder', {
    config: { access: write },
    schema: { tags, summary: 'Tạo thư mục', body: GeodataFolderBodySchema, response: { 200: GeodataItemSchema } },
    handler: (req) => geodata.createFolder(req.actor, req.body),
  });

  app.delete('/api/geojson/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Xoá tệp, hoặc thư mục cùng toàn bộ nội dung',
      params: IdParamsSchema,
      response: { 200: OkSchema },
    },
    handler: async (req) => {
      await geodata.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });

  // A visitor's read of a stored file (no query): from memory once read (geodata-files.cache.ts), with the headers
  // the route sends. Anything else (?download=1, a signed-in caller, a file above 4 MB) takes the route.
  if (hotReads && files) {
    hotReads.addPrefix('/api/geojson/', (req) => {
      if (req.url.includes('?')) return undefined;
      const kept = files.peek(req.url.slice('/api/geojson/'.length));
      return kept && { prepared: kept.prepared, cacheControl: FILE_CACHE_CONTROL, headers: FILE_HEADERS };
    });
  }
  app.get('/api/geojson/:ref', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Nội dung tệp (theo mã số hoặc đường dẫn); ?download=1 để tải về',
      params: RefParamsSchema,
      querystring: z.object({ download: z.enum(['0', '1']).optional() }),
    },
    handler: async (req, reply) => {
      if (files && !req.headers.authorization && req.query.download === undefined) files.warm(req.params.ref);
      const row = await geodata.findFile(req.params.ref);
      const etag = `"${(row.sha256 ?? String(row.id)).slice(0, 32)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', FILE_CACHE_CONTROL)
        .header('vary', 'accept-encoding')
        .headers(FILE_HEADERS);
      if (req.query.download === '1') reply.header('content-disposition', attachmentDisposition(row.name));
      const inm = req.headers['if-none-match'];
      if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      const accepted = String(req.headers['accept-encoding'] ?? '');
      const variants = row.encodings.split(',').filter(Boolean);
      const encoding =
        variants.includes('br') && /\bbr\b/.test(accepted)
          ? 'br'
          : variants.includes('gzip') && /\bgzip\b/.test(accepted)
            ? 'gzip'
            : null;
      let opened = encoding ? await storage.open(`${row.path}.${encoding === 'gzip' ? 'gz' : 'br'}`) : null;
      if (opened) reply.header('content-encoding', encoding!).header('content-length', opened.size);
      else opened = await storage.open(row.path!);
      if (!opened) {
        req.log.error({ path: row.path }, 'stored file missing');
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Không tìm thấy tệp dữ liệu', requestId: req.id });
      }
      reply.type(row.contentType ?? 'application/octet-stream');
      return reply.send(opened.stream);
    },
  });

  app.get('/api/report-data', {
    config: { access: { anyOf: ['analyze'] } },
    schema: {
      tags,
      summary: 'Bảng thống kê (trang 1 và 2 của bảng tính xlsx mới nhất)',
      response: { 200: ReportDataSchema },
    },
    handler: (req) => reportData.get(req.actor),
  });
};

import multipart from '@fastify/multipart';
import {
  FloodPhotoFieldsSchema,
  FloodPhotoListQuerySchema,
  FloodPhotoPageSchema,
  FloodPhotoSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnonymousPostLimit, anonymousPostRateLimit } from '../../lib/rate-limit';
import type { FloodPhotosService } from './flood-photos.service';

const staff = { anyOf: ['analyze' as const] };
const tags = ['Ảnh ngập lụt / Flood photos'];

export interface FloodPhotosRoutesOptions {
  floodPhotos: FloodPhotosService;
  maxBytes: number;
  /** Anonymous posts per client address per window. */
  rateLimit: AnonymousPostLimit;
}

/**
 * `/api/flood` (public-portal §7, back-office §2.11 and §7): the photos of the public map, the anonymous
 * 'Đăng ảnh' post (rate-limited per address), and staff edits and deletes. The bytes are served with a
 * strong ETag and a year of caching: a photo never changes under its URL.
 */
export const floodPhotosRoutes: FastifyPluginAsyncZod<FloodPhotosRoutesOptions> = async (
  app,
  { floodPhotos, maxBytes, rateLimit },
) => {
  // Only these routes parse multipart (ARCHITECTURE.md: heavy plugins per route).
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 4096 },
    // A file past the limit is cut off and marked truncated (a 413 naming `image`), not a bare error.
    throwFileSizeLimit: false,
  });

  app.get('/api/flood', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Danh sách ảnh ngập lụt (mới nhất trước; bản đồ: pageSize=500, tuỳ chọn bbox)',
      querystring: FloodPhotoListQuerySchema,
      response: { 200: FloodPhotoPageSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return floodPhotos.list(req.query);
    },
  });

  const serveFile = (which: 'image' | 'thumbnail') => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id: number };
    const file = await floodPhotos.findFile(id, which);
    const etag = `"${file.key.slice(0, 32)}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-site');
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    const opened = await floodPhotos.openFile(file.key);
    return reply.type(file.mime).header('content-length', opened.size).send(opened.stream);
  };
  const fileQuery = z.object({ v: z.string().max(64).optional() });

  app.get('/api/flood/:id/image', {
    config: { access: 'public' },
    schema: { tags, summary: 'Ảnh (đã bỏ siêu dữ liệu EXIF/GPS)', params: IdParamsSchema, querystring: fileQuery },
    handler: serveFile('image'),
  });

  app.get('/api/flood/:id/thumbnail', {
    config: { access: 'public' },
    schema: { tags, summary: 'Ảnh thu nhỏ 40 × 40 px (JPEG)', params: IdParamsSchema, querystring: fileQuery },
    handler: serveFile('thumbnail'),
  });

  app.post('/api/flood', {
    config: {
      access: 'public',
      rateLimit: anonymousPostRateLimit(rateLimit, 'ảnh'),
    },
    schema: {
      tags,
      summary: 'Đăng ảnh ngập lụt (multipart: desc, location, lat, long, rồi tệp image)',
      consumes: ['multipart/form-data'],
      response: { 200: FloodPhotoSchema },
    },
    handler: async (req) => {
      const fields: Record<string, string> = {};
      let image: Buffer | null | undefined;
      if (req.isMultipart()) {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          } else if (part.fieldname === 'image' && image === undefined) {
            const buffer = await part.toBuffer();
            const data = part.file.truncated ? null : buffer;
            // An empty file input (no file chosen) counts as no image.
            if (data === null || data.length > 0) image = data;
          } else {
            part.file.resume();
          }
        }
      }
      return floodPhotos.create(req.actor, { fields, image });
    },
  });

  app.put('/api/flood/:id', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Sửa mô tả, địa điểm, toạ độ của ảnh',
      params: IdParamsSchema,
      body: FloodPhotoFieldsSchema,
      response: { 200: FloodPhotoSchema },
    },
    handler: (req) => floodPhotos.update(req.actor, req.params.id, req.body),
  });

  app.delete('/api/flood/:id', {
    config: { access: staff },
    schema: { tags, summary: 'Xoá ảnh (cùng các tệp của ảnh)', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await floodPhotos.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

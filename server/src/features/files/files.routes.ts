import multipart from '@fastify/multipart';
import { FileIdParamsSchema, UploadedFileSchema } from '@flood/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HotReads } from '../../lib/hot-reads';
import { createFilesCache } from './files.cache';
import type { FilesService } from './files.service';

const tags = ['Tệp / Files'];

/** The headers of a stored file (its ETag aside): never changes, never runs, named as uploaded. */
function headersOf(file: { mime: string; name: string }): Record<string, string> {
  const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
  return {
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-site',
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
  };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `POST /api/files` (public-portal §7 "File upload", back-office §7 "file upload as multipart field file returns
 * url"): staff with `news`; `GET /api/files/{id}` serves the bytes to anyone with nosniff and a strong ETag.
 */
export const filesRoutes: FastifyPluginAsyncZod<{
  files: FilesService;
  maxBytes: number;
  /** The fast lane: a visitor's download of a file up to 2 MB then comes from memory (#25, point 5). */
  hotReads?: HotReads;
}> = async (app, { files, maxBytes, hotReads }) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 },
    throwFileSizeLimit: false,
  });

  app.post('/api/files', {
    config: { access: { anyOf: ['news', 'warning'] } },
    schema: {
      tags,
      summary: 'Tải lên tệp (multipart, trường file): ảnh JPEG/PNG/WebP, PDF, DOC, DOCX',
      consumes: ['multipart/form-data'],
      response: { 200: UploadedFileSchema },
    },
    handler: async (req) => {
      let data: Buffer | null | undefined;
      let fileName: string | undefined;
      if (req.isMultipart()) {
        for await (const part of req.parts()) {
          if (part.type === 'file' && part.fieldname === 'file' && data === undefined) {
            const buffer = await part.toBuffer();
            data = part.file.truncated ? null : buffer;
            fileName = part.filename;
          } else if (part.type === 'file') {
            part.file.resume();
          }
        }
      }
      return files.upload(req.actor, { data, fileName });
    },
  });

  const cache = hotReads && createFilesCache({ files, headersOf });
  if (hotReads && cache) {
    hotReads.addPrefix('/api/files/', (req) => {
      const id = req.url.slice('/api/files/'.length);
      return /^[a-f0-9]{32}$/.test(id) ? cache.peek(id) : undefined;
    });
  }
  const serve = (which: 'file' | 'thumbnail') => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id: string };
    if (cache && which === 'file' && !req.headers.authorization) cache.warm(id);
    const file = await files.find(id, which);
    const etag = `"${file.key.slice(0, 32)}"`;
    reply.header('etag', etag).headers(headersOf(file));
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    const opened = await files.open(file.key);
    return reply.type(file.mime).header('content-length', opened.size).send(opened.stream);
  };

  app.get('/api/files/:id', {
    config: { access: 'public' },
    schema: { tags, summary: 'Tải tệp (tên gốc trong Content-Disposition)', params: FileIdParamsSchema },
    handler: serve('file'),
  });
  app.get('/api/files/:id/thumbnail', {
    config: { access: 'public' },
    schema: { tags, summary: 'Ảnh thu nhỏ (JPEG, rộng tối đa 480 px)', params: FileIdParamsSchema },
    handler: serve('thumbnail'),
  });
};

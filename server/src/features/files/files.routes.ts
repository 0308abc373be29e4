import multipart from '@fastify/multipart';
import { FileIdParamsSchema, UploadedFileSchema } from '@flood/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FilesService } from './files.service';

const tags = ['Tệp / Files'];

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
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService; maxBytes: number }> = async (
  app,
  { files, maxBytes },
) => {
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

  const serve = (which: 'file' | 'thumbnail') => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id: string };
    const file = await files.find(id, which);
    const etag = `"${file.key.slice(0, 32)}"`;
    const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-site')
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name));
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

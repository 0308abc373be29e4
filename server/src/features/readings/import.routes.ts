import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES, ImportJobSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ImportService } from './import.service';

const access = { anyOf: ['database' as const] };
const tags = ['Nhập số liệu / Import'];

/** Bulk import of readings; multipart is registered only here (ARCHITECTURE.md: heavy plugins per route). */
export const importRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (app, { imports }) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  app.addHook('onClose', () => imports.drain());

  app.post('/api/readings/import', {
    config: { access },
    schema: {
      tags,
      summary: 'Nhập số liệu từ tệp CSV/Excel (multipart, trường file)',
      response: { 202: ImportJobSchema },
    },
    handler: async (req, reply) => {
      if (!req.isMultipart()) {
        throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn tệp', [{ field: 'file', message: 'Vui lòng chọn tệp' }]);
      }
      const file = await req.file();
      if (file?.fieldname !== 'file') {
        throw new AppError('VALIDATION_FAILED', 'Vui lòng chọn tệp', [{ field: 'file', message: 'Vui lòng chọn tệp' }]);
      }
      const buf = await file.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw e;
      });
      const job = await imports.start(req.actor, file.filename, buf ?? Buffer.alloc(0), buf === null);
      return reply.status(202).send(job);
    },
  });

  app.get('/api/readings/import/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Tiến độ nhập số liệu',
      params: z.object({ id: z.uuid() }),
      response: { 200: ImportJobSchema },
    },
    handler: (req) => imports.get(req.actor, req.params.id),
  });
};

import {
  IdParamsSchema,
  OkSchema,
  SystemParameterBodySchema,
  SystemParameterListQuerySchema,
  SystemParameterPageSchema,
  SystemParameterSchema,
  WebParametersSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConfigService } from './config.service';

const access = { anyOf: ['database' as const] };
const tags = ['Cấu hình / Configuration'];

/** `/api/system-parameter` (back-office §7) and the public thresholds. */
export const configRoutes: FastifyPluginAsyncZod<{ config: ConfigService }> = async (app, { config }) => {
  app.get('/api/web-parameters', {
    // Kept for anonymous callers (lib/hot-reads.ts) until the thresholds change.
    config: { access: 'public', hot: { events: ['config'] } },
    schema: { tags, summary: 'Ngưỡng phân loại hiện hành', response: { 200: WebParametersSchema } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return config.webParameters();
    },
  });
  app.get('/api/system-parameter', {
    config: { access },
    schema: {
      tags,
      summary: 'Danh sách cấu hình',
      querystring: SystemParameterListQuerySchema,
      response: { 200: SystemParameterPageSchema },
    },
    handler: (req) => config.list(req.actor, req.query),
  });
  app.get('/api/system-parameter/:id', {
    config: { access },
    schema: { tags, summary: 'Chi tiết cấu hình', params: IdParamsSchema, response: { 200: SystemParameterSchema } },
    handler: (req) => config.get(req.actor, req.params.id),
  });
  app.post('/api/system-parameter', {
    config: { access },
    schema: {
      tags,
      summary: 'Tạo cấu hình',
      body: SystemParameterBodySchema,
      response: { 200: SystemParameterSchema },
    },
    handler: (req) => config.save(req.actor, null, req.body),
  });
  app.put('/api/system-parameter/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Cập nhật cấu hình',
      params: IdParamsSchema,
      body: SystemParameterBodySchema,
      response: { 200: SystemParameterSchema },
    },
    handler: (req) => config.save(req.actor, req.params.id, req.body),
  });
  app.delete('/api/system-parameter/:id', {
    config: { access },
    schema: { tags, summary: 'Xoá cấu hình', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await config.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

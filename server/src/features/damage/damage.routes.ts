import {
  DamageBodySchema,
  DamageListQuerySchema,
  DamagePageSchema,
  DamageSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DamageService } from './damage.service';

const analyze = { anyOf: ['analyze' as const] };
const tags = ['Phân tích lũ / Flood analysis'];

/** `/api/damage` (back-office §7): asset and person damage records of the analysis page, permission `analyze`. */
export const damageRoutes: FastifyPluginAsyncZod<{ damage: DamageService }> = async (app, { damage }) => {
  app.get('/api/damage', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Danh sách thiệt hại (type ASSET|PERSON, sắp xếp theo ngày order=asc|desc)',
      querystring: DamageListQuerySchema,
      response: { 200: DamagePageSchema },
    },
    handler: (req) => damage.list(req.actor, req.query),
  });
  app.get('/api/damage/:id', {
    config: { access: analyze },
    schema: { tags, summary: 'Chi tiết bản ghi thiệt hại', params: IdParamsSchema, response: { 200: DamageSchema } },
    handler: (req) => damage.get(req.actor, req.params.id),
  });
  app.post('/api/damage', {
    config: { access: analyze },
    schema: { tags, summary: 'Thêm bản ghi thiệt hại', body: DamageBodySchema, response: { 200: DamageSchema } },
    handler: (req) => damage.create(req.actor, req.body),
  });
  app.put('/api/damage/:id', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Sửa bản ghi thiệt hại',
      params: IdParamsSchema,
      body: DamageBodySchema,
      response: { 200: DamageSchema },
    },
    handler: (req) => damage.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/damage/:id', {
    config: { access: analyze },
    schema: { tags, summary: 'Xoá bản ghi thiệt hại', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await damage.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

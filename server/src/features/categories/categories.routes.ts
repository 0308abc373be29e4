import {
  CategoryBodySchema,
  CategoryListQuerySchema,
  CategoryPageSchema,
  CategorySchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CategoriesService } from './categories.service';

const access = { anyOf: ['database' as const] };
const tags = ['Danh mục / Categories'];

/** `/api/system-category` (back-office §7): list with search by name, detail, save, delete. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get('/api/system-category', {
    config: { access },
    schema: {
      tags,
      summary: 'Danh sách danh mục (tìm theo tên)',
      querystring: CategoryListQuerySchema,
      response: { 200: CategoryPageSchema },
    },
    handler: (req) => categories.list(req.actor, req.query),
  });
  app.get('/api/system-category/:id', {
    config: { access },
    schema: { tags, summary: 'Chi tiết danh mục', params: IdParamsSchema, response: { 200: CategorySchema } },
    handler: (req) => categories.get(req.actor, req.params.id),
  });
  app.post('/api/system-category', {
    config: { access },
    schema: { tags, summary: 'Tạo danh mục', body: CategoryBodySchema, response: { 200: CategorySchema } },
    handler: (req) => categories.create(req.actor, req.body),
  });
  app.put('/api/system-category/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa danh mục',
      params: IdParamsSchema,
      body: CategoryBodySchema,
      response: { 200: CategorySchema },
    },
    handler: (req) => categories.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/system-category/:id', {
    config: { access },
    schema: { tags, summary: 'Xoá danh mục', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await categories.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

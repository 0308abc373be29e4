import {
  DataLayerBodySchema,
  DataLayerListQuerySchema,
  DataLayerPageSchema,
  DataLayerSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataLayersService } from './data-layers.service';

const access = { anyOf: ['data-layer' as const] };
const tags = ['Lớp dữ liệu / Data layers'];

/** `/api/data-layer` (back-office §7): public reads for the map, changes for holders of `data-layer`. */
export const dataLayersRoutes: FastifyPluginAsyncZod<{ dataLayers: DataLayersService }> = async (
  app,
  { dataLayers },
) => {
  app.get('/api/data-layer', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Danh sách lớp dữ liệu (bản đồ công khai)',
      querystring: DataLayerListQuerySchema,
      response: { 200: DataLayerPageSchema },
    },
    handler: (req) => dataLayers.list(req.query),
  });
  app.get('/api/data-layer/:id', {
    config: { access: 'public' },
    schema: { tags, summary: 'Chi tiết lớp dữ liệu', params: IdParamsSchema, response: { 200: DataLayerSchema } },
    handler: (req) => dataLayers.get(req.params.id),
  });
  app.post('/api/data-layer', {
    config: { access },
    schema: { tags, summary: 'Tạo lớp dữ liệu', body: DataLayerBodySchema, response: { 200: DataLayerSchema } },
    handler: (req) => dataLayers.create(req.actor, req.body),
  });
  app.put('/api/data-layer/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa lớp dữ liệu (tên, trạng thái Bật/Tắt, biểu tượng)',
      params: IdParamsSchema,
      body: DataLayerBodySchema,
      response: { 200: DataLayerSchema },
    },
    handler: (req) => dataLayers.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/data-layer/:id', {
    config: { access },
    schema: { tags, summary: 'Xoá lớp dữ liệu', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await dataLayers.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

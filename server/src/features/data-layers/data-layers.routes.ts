import {
  DataLayerBodySchema,
  type DataLayerListQuery,
  DataLayerListQuerySchema,
  DataLayerPageSchema,
  DataLayerSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HotReads } from '../../lib/hot-reads';
import { publicCacheControl, sendPrepared } from '../../lib/prepared-body';
import type { DataLayersCache } from './data-layers.cache';
import type { DataLayersService } from './data-layers.service';

const access = { anyOf: ['data-layer' as const] };
const tags = ['Lớp dữ liệu / Data layers'];
/** Seconds a browser or CDN may keep the layer list (changes are rare and drop the server's copy at once). */
const LIST_MAX_AGE = 30;

/** `/api/data-layer` (back-office §7): public reads for the map, changes for holders of `data-layer`. */
export const dataLayersRoutes: FastifyPluginAsyncZod<{
  dataLayers: DataLayersService;
  cache: DataLayersCache;
  hotReads: HotReads;
}> = async (app, { dataLayers, cache, hotReads }) => {
  // The map loads the list: served from prepared bytes when ready. The query of each URL is checked once
  // (the map asks with one or two URLs); one the schema refuses goes on to the route and its 400.
  const queries = new Map<string, DataLayerListQuery | undefined>();
  hotReads.add('/api/data-layer', (req) => {
    let q = queries.get(req.url);
    if (q === undefined && !queries.has(req.url)) {
      q = DataLayerListQuerySchema.safeParse(req.query).data;
      if (queries.size >= 64) queries.clear();
      queries.set(req.url, q);
    }
    const prepared = q && cache.peek(q);
    return prepared && { prepared, maxAge: LIST_MAX_AGE };
  });
  app.get('/api/data-layer', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Danh sách lớp dữ liệu (bản đồ công khai)',
      querystring: DataLayerListQuerySchema,
      response: { 200: DataLayerPageSchema },
    },
    // The map polls it: cached bytes with an ETag (ARCHITECTURE.md "hot public reads").
    handler: async (req, reply) =>
      sendPrepared(req, reply, await cache.get(req.query), publicCacheControl(req, LIST_MAX_AGE)),
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

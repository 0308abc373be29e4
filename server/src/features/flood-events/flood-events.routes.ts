import {
  FloodEventBodySchema,
  FloodEventListQuerySchema,
  FloodEventPageSchema,
  FloodEventRecomputeBodySchema,
  FloodEventRecomputeResultSchema,
  FloodEventSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FloodEventsService } from './flood-events.service';

const analyze = { anyOf: ['analyze' as const] };
const tags = ['Phân tích lũ / Flood analysis'];

/** `/api/flood-event` (back-office §2.9): the flood history of the analysis page, permission `analyze`. */
export const floodEventsRoutes: FastifyPluginAsyncZod<{ floodEvents: FloodEventsService }> = async (
  app,
  { floodEvents },
) => {
  app.get('/api/flood-event', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Danh sách trận lũ (mới nhất trước, 5 một trang; q: tên hoặc thời gian)',
      querystring: FloodEventListQuerySchema,
      response: { 200: FloodEventPageSchema },
    },
    handler: (req) => floodEvents.list(req.actor, req.query),
  });
  app.get('/api/flood-event/:id', {
    config: { access: analyze },
    schema: { tags, summary: 'Chi tiết trận lũ', params: IdParamsSchema, response: { 200: FloodEventSchema } },
    handler: (req) => floodEvents.get(req.actor, req.params.id),
  });
  app.post('/api/flood-event', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Thêm trận lũ (nhập tay)',
      body: FloodEventBodySchema,
      response: { 200: FloodEventSchema },
    },
    handler: (req) => floodEvents.create(req.actor, req.body),
  });
  app.post('/api/flood-event/recompute', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Xác định lại các trận lũ của một khoảng thời gian từ số liệu mực nước',
      body: FloodEventRecomputeBodySchema,
      response: { 200: FloodEventRecomputeResultSchema },
    },
    handler: (req) => floodEvents.recompute(req.actor, req.body.from, req.body.to),
  });
  app.put('/api/flood-event/:id', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Sửa trận lũ (tên, thời gian, ghi chú)',
      params: IdParamsSchema,
      body: FloodEventBodySchema,
      response: { 200: FloodEventSchema },
    },
    handler: (req) => floodEvents.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/flood-event/:id', {
    config: { access: analyze },
    schema: { tags, summary: 'Xoá trận lũ', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await floodEvents.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

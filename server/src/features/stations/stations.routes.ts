import {
  IdParamsSchema,
  OkSchema,
  StationBodySchema,
  StationDeleteQuerySchema,
  StationDetailSchema,
  StationListQuerySchema,
  StationPageSchema,
  StationStatusBodySchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StationsService } from './stations.service';

const database = { anyOf: ['database' as const] };
/** The OpenAPI tag of the stations; `/api/water` (readings.routes.ts) is listed under it too. */
export const STATIONS_TAGS = ['Trạm đo / Stations'];
const tags = STATIONS_TAGS;

export interface StationsRoutesOptions {
  stations: StationsService;
}

/** Stations (back-office §2.4): the list, editing, push keys, stopping and deleting. */
export const stationsRoutes: FastifyPluginAsyncZod<StationsRoutesOptions> = async (app, { stations }) => {
  app.get('/api/station', {
    // Kept for anonymous callers (lib/hot-reads.ts) until a station changes; 30 s at most (a creator's renamed name).
    // The units follow the area and its boundaries (#26).
    config: { access: 'public', hot: { events: ['stations-changed', 'area', 'geodata-changed'], maxAgeMs: 30_000 } },
    schema: {
      tags,
      summary: 'Danh sách trạm',
      querystring: StationListQuerySchema,
      response: { 200: StationPageSchema },
    },
    handler: (req) => stations.list(req.query, req.actor),
  });
  app.get('/api/station/:id', {
    config: { access: database },
    schema: {
      tags,
      summary: 'Chi tiết trạm (kèm khoá đẩy dữ liệu)',
      params: IdParamsSchema,
      response: { 200: StationDetailSchema },
    },
    handler: (req) => stations.get(req.actor, req.params.id),
  });
  app.post('/api/station', {
    config: { access: database },
    schema: { tags, summary: 'Tạo trạm', body: StationBodySchema, response: { 200: StationDetailSchema } },
    handler: (req) => stations.create(req.actor, req.body),
  });
  app.put('/api/station/:id', {
    config: { access: database },
    schema: {
      tags,
      summary: 'Sửa trạm',
      params: IdParamsSchema,
      body: StationBodySchema,
      response: { 200: StationDetailSchema },
    },
    handler: (req) => stations.update(req.actor, req.params.id, req.body),
  });
  app.post('/api/station/:id/push-key', {
    config: { access: database },
    schema: {
      tags,
      summary: 'Tạo khoá đẩy dữ liệu mới',
      params: IdParamsSchema,
      response: { 200: StationDetailSchema },
    },
    handler: (req) => stations.regenerateKey(req.actor, req.params.id),
  });
  app.put('/api/station/:id/status', {
    config: { access: database },
    schema: {
      tags,
      summary: 'Ngừng hoạt động / cho trạm hoạt động lại (giữ số liệu; cảnh báo đang mở được huỷ kèm CAP Cancel)',
      params: IdParamsSchema,
      body: StationStatusBodySchema,
      response: { 200: StationDetailSchema },
    },
    handler: (req) => stations.setStatus(req.actor, req.params.id, req.body.status),
  });
  app.delete('/api/station/:id', {
    config: { access: database },
    schema: {
      tags,
      summary: 'Xoá trạm và mọi số liệu của trạm (?confirm=<mã trạm>; tin CAP đã phát hành được giữ)',
      params: IdParamsSchema,
      querystring: StationDeleteQuerySchema,
      response: { 200: OkSchema },
    },
    handler: async (req) => {
      await stations.remove(req.actor, req.params.id, req.query.confirm);
      return { ok: true as const };
    },
  });
};

import {
  IdParamsSchema,
  OkSchema,
  PushQuerySchema,
  PushResultSchema,
  StationBodySchema,
  StationDeleteQuerySchema,
  StationDetailSchema,
  StationListQuerySchema,
  StationPageSchema,
  StationReadingSchema,
  StationSeriesSchema,
  StationStatusBodySchema,
  WaterQuerySchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HotReads } from '../../lib/hot-reads';
import { publicCacheControl, sendPrepared } from '../../lib/prepared-body';
import type { LatestReadingsCache } from '../readings/latest-readings.cache';
import type { ReadingsService } from '../readings/readings.service';
import type { PushService } from './push.service';
import type { StationsService } from './stations.service';

const database = { anyOf: ['database' as const] };
const tags = ['Trạm đo / Stations'];
/** Seconds a browser or CDN may keep the latest readings (the map also hears each reading on /api/events). */
const LATEST_MAX_AGE = 5;

export interface StationsRoutesOptions {
  stations: StationsService;
  push: PushService;
  readings: ReadingsService;
  latest: LatestReadingsCache;
  hotReads: HotReads;
}

/** Stations (back-office §2.4), the station push and the readings call (`/api/water`). */
export const stationsRoutes: FastifyPluginAsyncZod<StationsRoutesOptions> = async (app, opts) => {
  const { stations, push, readings, latest, hotReads } = opts;

  app.get('/api/station', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Danh sách trạm',
      querystring: StationListQuerySchema,
      response: { 200: StationPageSchema },
    },
    handler: (req) => stations.list(req.query),
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

  const pushTags = ['Đẩy dữ liệu trạm / Station push'];
  app.get('/api/receive-water-level', {
    config: { access: 'public' },
    schema: {
      tags: pushTags,
      summary: 'Trạm đẩy mực nước (cm)',
      querystring: PushQuerySchema,
      response: { 200: PushResultSchema },
    },
    handler: (req) => push('water', req.query),
  });
  app.get('/api/receive-rain', {
    config: { access: 'public' },
    schema: {
      tags: pushTags,
      summary: 'Trạm đẩy lượng mưa (mm)',
      querystring: PushQuerySchema,
      response: { 200: PushResultSchema },
    },
    handler: (req) => push('rain', req.query),
  });

  // The map polls `?type=CURRENT_RAIN|CURRENT_HIGH` alone: served from prepared bytes when ready.
  hotReads.add('/api/water', (req) => {
    const q = req.query as Record<string, unknown>;
    for (const k in q) if (k !== 'type') return undefined;
    const prepared = q.type === 'CURRENT_HIGH' || q.type === 'CURRENT_RAIN' ? latest.peek(q.type) : undefined;
    return prepared && { prepared, maxAge: LATEST_MAX_AGE };
  });
  app.get('/api/water', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Số liệu trạm: theo giờ (type, date, hour) hoặc chuỗi theo trạm (stationCode)',
      querystring: WaterQuerySchema,
      response: { 200: z.union([z.array(StationReadingSchema), StationSeriesSchema]) },
    },
    handler: async (req, reply) => {
      const q = req.query;
      // The latest values, which the map polls: cached bytes with an ETag, dropped when a reading arrives.
      if (!q.stationCode && !q.date)
        return sendPrepared(req, reply, await latest.get(q.type!), publicCacheControl(req, LATEST_MAX_AGE));
      reply.header('cache-control', 'no-cache');
      if (q.stationCode) return readings.series(q);
      return readings.byType(q.type!, q.date, q.hour);
    },
  });
};

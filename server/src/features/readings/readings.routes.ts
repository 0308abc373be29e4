import {
  PushQuerySchema,
  PushResultSchema,
  StationReadingSchema,
  StationSeriesSchema,
  WaterQuerySchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HotReads } from '../../lib/hot-reads';
import { publicCacheControl, sendPrepared } from '../../lib/prepared-body';
import { STATIONS_TAGS } from '../stations/stations.routes';
import type { LatestReadingsCache } from './latest-readings.cache';
import type { PushService } from './push.service';
import type { ReadingsService } from './readings.service';

const tags = STATIONS_TAGS;
/** Seconds a browser or CDN may keep the latest readings (the map also hears each reading on /api/events). */
const LATEST_MAX_AGE = 5;

export interface ReadingsRoutesOptions {
  push: PushService;
  readings: ReadingsService;
  latest: LatestReadingsCache;
  hotReads: HotReads;
  /** Whether a code is one of the area's units (#26 point 4): another gets an empty list, never a cache entry. */
  isUnit: (code: string) => Promise<boolean>;
}

/** The station push (a logger sends a reading) and the readings call (`/api/water`). */
export const readingsRoutes: FastifyPluginAsyncZod<ReadingsRoutesOptions> = async (app, opts) => {
  const { push, readings, latest, hotReads, isUnit } = opts;

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

  // The map polls `?type=CURRENT_RAIN|CURRENT_HIGH` (and a unit's pages `&unit=…`): prepared bytes when ready.
  hotReads.add('/api/water', (req) => {
    const q = req.query as Record<string, unknown>;
    for (const k in q) if (k !== 'type' && k !== 'unit') return undefined;
    if (q.unit !== undefined && typeof q.unit !== 'string') return undefined;
    const prepared =
      q.type === 'CURRENT_HIGH' || q.type === 'CURRENT_RAIN'
        ? latest.peek(q.type, q.unit as string | undefined)
        : undefined;
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
      // A unit the area does not have (an old link after the units changed): none of its stations.
      if (q.unit && !q.stationCode && !(await isUnit(q.unit))) {
        reply.header('cache-control', 'no-cache');
        return [];
      }
      // The latest values, which the map polls: cached bytes with an ETag, dropped when a reading arrives.
      if (!q.stationCode && !q.date)
        return sendPrepared(req, reply, await latest.get(q.type!, q.unit), publicCacheControl(req, LATEST_MAX_AGE));
      reply.header('cache-control', 'no-cache');
      if (q.stationCode) return readings.series(q);
      return readings.byType(q.type!, q.date, q.hour, q.unit);
    },
  });
};

import {
  OPEN_READING_CSV_COLUMNS,
  OPEN_STATION_CSV_COLUMNS,
  type OpenDataFormat,
  OpenReadingsQuerySchema,
  OpenReadingsSchema,
  OpenStationListSchema,
  OpenStationsQuerySchema,
} from '@flood/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_CONTENT_TYPE, toCsv } from '../../lib/csv';
import { sendCacheable } from '../../lib/http-cache';
import type { OpenDataService } from './open-data.service';

const tags = ['Dữ liệu mở / Open data'];
/** Other systems poll these; a minute of staleness is what a CDN may add. */
const CACHE_CONTROL = 'public, max-age=60';
const JSON_TYPE = 'application/json; charset=utf-8';
/** What changes a station's latest value or status, or a station's readings: the kept answers drop on each. */
const READINGS_EVENTS = ['reading', 'import', 'stations-changed', 'config'] as const;

/** `format` wins; else the Accept header (text/csv preferred over JSON by q, then by order); else JSON. */
export function chooseFormat(format: OpenDataFormat | undefined, accept: string | undefined): OpenDataFormat {
  if (format) return format;
  if (!accept) return 'json';
  let best: { format: OpenDataFormat; q: number } | undefined;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const f = type === 'text/csv' ? 'csv' : type === 'application/json' ? 'json' : undefined;
    if (!f) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (q > 0 && (!best || q > best.q)) best = { format: f, q };
  }
  return best?.format ?? 'json';
}

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  format: OpenDataFormat,
  json: () => unknown,
  csv: () => string,
  fileName: string,
) {
  if (format === 'csv') {
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return sendCacheable(req, reply, csv(), {
      contentType: CSV_CONTENT_TYPE,
      cacheControl: CACHE_CONTROL,
      vary: 'accept',
    });
  }
  return sendCacheable(req, reply, Buffer.from(JSON.stringify(json())), {
    contentType: JSON_TYPE,
    cacheControl: CACHE_CONTROL,
    vary: 'accept',
  });
}

const csvOr = (json: z.ZodType) => ({
  description: 'JSON, hoặc CSV (UTF-8 có BOM, dấu chấm thập phân) với format=csv hay Accept: text/csv',
  content: { 'application/json': { schema: json }, 'text/csv': { schema: z.string() } },
});

/** Open data (issue #7): public, cacheable (ETag, 304) reads for other systems, JSON or CSV. */
export const openDataRoutes: FastifyPluginAsyncZod<{ openData: OpenDataService }> = async (app, { openData }) => {
  app.get('/api/open/stations', {
    // Kept for anonymous callers (lib/hot-reads.ts) until a reading, an import or correction, a station or the
    // thresholds change; 5 s at most, as a station turns 'Mất kết nối' by the clock alone. JSON or CSV by Accept.
    config: { access: 'public', hot: { events: READINGS_EVENTS, maxAgeMs: 5_000, keyHeaders: ['accept'] } },
    schema: {
      tags,
      summary: 'Danh sách trạm kèm số liệu mới nhất / Stations with their latest value and status',
      description:
        'Mỗi trạm: mã, tên, loại (rain/water), mô tả, toạ độ, các cấp báo động (m), giá trị mới nhất, thời điểm và trạng thái. ' +
        'Every station: code, name, kind, description, lat/long, warning levels in metres, latest value ' +
        '(rain: mm in the hour of the latest reading; water: level in m), its time (ISO UTC) and status.',
      querystring: OpenStationsQuerySchema,
      response: { 200: csvOr(OpenStationListSchema) },
    },
    handler: async (req, reply) => {
      const list = await openData.stations();
      return send(
        req,
        reply,
        chooseFormat(req.query.format, req.headers.accept),
        () => OpenStationListSchema.encode(list),
        () =>
          toCsv(
            OPEN_STATION_CSV_COLUMNS,
            list.items.map((s) => OPEN_STATION_CSV_COLUMNS.map((c) => s[c])),
          ),
        'stations.csv',
      );
    },
  });

  app.get('/api/open/readings', {
    // Kept like the stations; 1 s at most, as the default window (the last 24 hours) moves with the clock.
    config: { access: 'public', hot: { events: READINGS_EVENTS, maxAgeMs: 1_000, keyHeaders: ['accept'] } },
    schema: {
      tags,
      summary: 'Số liệu thô của một trạm từ một thời điểm / A station’s raw readings since a time',
      description:
        'Cũ nhất trước; mực nước tính bằng m, mưa bằng mm; thời gian ISO UTC. ' +
        'Oldest first; water in metres, rain in mm; times ISO 8601 UTC. `since` (inclusive) defaults to 24 hours ago; ' +
        '`limit` ≤ 10000 (default 1000); when more follow, `next` is the `since` of the next page.',
      querystring: OpenReadingsQuerySchema,
      response: { 200: csvOr(OpenReadingsSchema) },
    },
    handler: async (req, reply) => {
      const r = await openData.readings(req.query);
      return send(
        req,
        reply,
        chooseFormat(req.query.format, req.headers.accept),
        () => OpenReadingsSchema.encode(r),
        () =>
          toCsv(
            OPEN_READING_CSV_COLUMNS,
            r.items.map((x) => [r.stationCode, x.time, x.value, r.unit, x.quality]),
          ),
        `readings-${r.stationCode.replace(/[^\w-]/g, '_')}.csv`,
      );
    },
  });
};

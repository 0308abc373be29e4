import {
  AcknowledgeBodySchema,
  ActiveAlertsSchema,
  type Alert,
  AlertDetailSchema,
  AlertListQuerySchema,
  AlertPageSchema,
  AlertSchema,
  IdParamsSchema,
  publicAlert,
  UnitQuerySchema,
  type WebParameters,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { toAlert } from './alert-engine';
import { findOpenAlerts } from './alerts.repository';
import type { AlertsService } from './alerts.service';

/**
 * The open warnings, highest level first: the public sees the confirmed ones (every page shows them); staff also
 * the unconfirmed ones and the silent stations.
 */
export async function activeAlerts(
  db: Db,
  includeSilent = false,
  p?: WebParameters,
  /** One unit's (#26 point 4): the alerts of the stations that belong to it (`unitOf` places them). */
  unit?: { code: string; unitOf: StationUnitOf },
): Promise<Alert[]> {
  let rows = await findOpenAlerts(db, includeSilent);
  if (unit) {
    const placed = await Promise.all(rows.map(async (r) => ((await unit.unitOf(r.s)) === unit.code ? r : null)));
    rows = placed.filter((r) => r !== null);
  }
  const all = rows.map((r) => toAlert(r.a, r.s, p));
  return includeSilent ? all : all.map(publicAlert);
}

/** The unit a station belongs to (the area's `unitOfStation`). */
export type StationUnitOf = (s: {
  unitCode: string | null;
  latitude: number;
  longitude: number;
}) => Promise<string | null>;

const tags = ['Cảnh báo / Alerts'];

export const alertsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  alerts: AlertsService;
  webParameters: () => Promise<WebParameters>;
  unitOf: StationUnitOf;
}> = async (app, { db, alerts, webParameters, unitOf }) => {
  app.get('/api/alerts/active', {
    // Kept for anonymous callers (lib/hot-reads.ts, per URL: a unit's too) until an alert, a station, the
    // thresholds or the units change; 5 s at most.
    config: {
      access: 'public',
      hot: { events: ['alert', 'stations-changed', 'config', 'area', 'geodata-changed'], maxAgeMs: 5_000 },
    },
    schema: {
      tags: ['Cảnh báo / Alerts'],
      summary: 'Cảnh báo đang hiệu lực (unit: của một đơn vị)',
      querystring: UnitQuerySchema,
      response: { 200: ActiveAlertsSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      const { unit } = req.query;
      return activeAlerts(db, false, await webParameters(), unit ? { code: unit, unitOf } : undefined);
    },
  });
  app.get('/api/alerts/staff', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['Cảnh báo / Alerts'],
      summary: 'Cảnh báo cho cán bộ (kể cả trạm mất kết nối)',
      response: { 200: ActiveAlertsSchema },
    },
    handler: async () => activeAlerts(db, true, await webParameters()),
  });
  app.get('/api/alerts', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Mọi cảnh báo, mới nhất trước (trang cảnh báo của cán bộ)',
      querystring: AlertListQuerySchema,
      response: { 200: AlertPageSchema },
    },
    handler: (req) => alerts.list(req.actor, req.query),
  });
  app.get('/api/alerts/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Một cảnh báo với diễn biến và tình trạng tin nhắn',
      params: IdParamsSchema,
      response: { 200: AlertDetailSchema },
    },
    handler: (req) => alerts.detail(req.actor, req.params.id),
  });
  app.post('/api/alerts/:id/acknowledge', {
    config: { access: { anyOf: ['sms'] } },
    schema: {
      tags,
      summary: 'Nhận xử lý một cảnh báo (ghi người, thời điểm, ghi chú); dừng nhắc lại cho trực ban',
      params: IdParamsSchema,
      body: AcknowledgeBodySchema,
      response: { 200: AlertSchema },
    },
    handler: (req) => alerts.acknowledge(req.actor, req.params.id, req.body),
  });
};

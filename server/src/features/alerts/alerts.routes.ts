import { ActiveAlertsSchema, type Alert } from '@flood/domain';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { stations } from '../stations/stations.table';
import { toAlert } from './alert-engine';
import { alerts } from './alerts.table';

/** The open warnings, highest level first (public: every page shows them); staff also see silent stations. */
export async function activeAlerts(db: Db, includeSilent = false): Promise<Alert[]> {
  const rows = await db
    .select({ a: alerts, s: stations })
    .from(alerts)
    .innerJoin(stations, eq(stations.id, alerts.stationId))
    .where(and(isNull(alerts.clearedAt), includeSilent ? undefined : ne(alerts.kind, 'STATION_SILENT')))
    .orderBy(desc(alerts.level), desc(alerts.openedAt));
  return rows.map((r) => toAlert(r.a, r.s));
}

export const alertsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/alerts/active', {
    config: { access: 'public' },
    schema: { tags: ['Cảnh báo / Alerts'], summary: 'Cảnh báo đang hiệu lực', response: { 200: ActiveAlertsSchema } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return activeAlerts(db);
    },
  });
  app.get('/api/alerts/staff', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['Cảnh báo / Alerts'],
      summary: 'Cảnh báo cho cán bộ (kể cả trạm mất kết nối)',
      response: { 200: ActiveAlertsSchema },
    },
    handler: () => activeAlerts(db, true),
  });
};

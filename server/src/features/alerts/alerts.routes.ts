import { ActiveAlertsSchema, type Alert } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { toAlert } from './alert-engine';
import { findOpenAlerts } from './alerts.repository';

/** The open warnings, highest level first (public: every page shows them); staff also see silent stations. */
/** The open warnings, highest level first (public: every page shows them); staff also see silent stations. */
export async function activeAlerts(db: Db, includeSilent = false): Promise<Alert[]> {
  return (await findOpenAlerts(db, includeSilent)).map((r) => toAlert(r.a, r.s));
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

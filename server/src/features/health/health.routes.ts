import { AppInfoSchema, HealthSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** Liveness with a database round-trip: load balancers and the start benchmark poll it. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; demo: boolean; timeZone: string }> = async (
  app,
  { database, demo, timeZone },
) => {
  app.get('/api/app-info', {
    config: { access: 'public' },
    schema: {
      tags: ['Hệ thống / System'],
      summary: 'Thông tin cài đặt (chế độ minh hoạ, múi giờ)',
      response: { 200: AppInfoSchema },
    },
    handler: async () => ({ demo, timeZone, version: VERSION }),
  });

  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['Hệ thống / System'],
      summary: 'Tình trạng máy chủ',
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    handler: async (_req, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await database.ping();
      } catch {
        ok = false;
      }
      reply.header('cache-control', 'no-store');
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok, driver: database.driver, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  });
};

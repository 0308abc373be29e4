import { AppInfoSchema, HealthSchema, type MapTiles } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** The base maps of the configuration, as `/api/app-info` hands them to the map. */
export function mapTilesOf(config: Config): MapTiles {
  return {
    national: { url: config.MAP_TILES_NATIONAL, attribution: config.MAP_TILES_NATIONAL_ATTRIBUTION },
    satellite: { url: config.MAP_TILES_SATELLITE, attribution: config.MAP_TILES_SATELLITE_ATTRIBUTION },
    street: { url: config.MAP_TILES_STREET, attribution: config.MAP_TILES_STREET_ATTRIBUTION },
  };
}

/** Liveness with a database round-trip: load balancers and the start benchmark poll it. */
export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  demo: boolean;
  demoAlertsToGateway?: boolean;
  timeZone: string;
  mapTiles: MapTiles;
}> = async (app, { database, demo, demoAlertsToGateway = false, timeZone, mapTiles }) => {
  app.get('/api/app-info', {
    config: { access: 'public' },
    schema: {
      tags: ['Hệ thống / System'],
      summary: 'Thông tin cài đặt (chế độ minh hoạ, múi giờ, bản đồ nền)',
      response: { 200: AppInfoSchema },
    },
    handler: async () => ({
      demo,
      demoAlertsToGateway: demo && demoAlertsToGateway,
      timeZone,
      version: VERSION,
      mapTiles,
    }),
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

import { AppInfoSchema, HealthSchema, type MapTiles } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** What the health check needs of an ioredis client. */
export interface RedisPing {
  readonly status: string;
  ping(): Promise<string>;
}

/** Whether Redis is connected and answers a PING within a second. */
async function redisAnswers(redis: RedisPing): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), 1000);
    });
    return (await Promise.race([redis.ping(), timeout])) === 'PONG';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

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
  /** With REDIS_URL: the shared Redis, reported as `redis` (an outage degrades, it does not stop the process). */
  redis?: RedisPing | undefined;
  demo: boolean;
  demoAlertsToGateway?: boolean;
  timeZone: string;
  mapTiles: MapTiles;
}> = async (app, { database, redis, demo, demoAlertsToGateway = false, timeZone, mapTiles }) => {
  app.get('/api/app-info', {
    // Set at start: kept for anonymous callers (lib/hot-reads.ts), nothing changes it while the process runs.
    config: { access: 'public', hot: { events: [] } },
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
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const redisOk = redis ? await redisAnswers(redis) : undefined;
      reply.header('cache-control', 'no-store');
      // 503 only without the database: every process shares one Redis, so answering 503 for it would take all
      // of them out of the balancer at once, while each keeps working alone (docs/operations.md).
      return reply.status(ok ? 200 : 503).send({
        status: ok && redisOk !== false ? 'ok' : 'degraded',
        database: {
          ok,
          driver: database.driver,
          latencyMs,
          ...(database.embeddedState ? { state: database.embeddedState() } : {}),
        },
        ...(redisOk === undefined ? {} : { redis: { ok: redisOk } }),
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  });
};

import {
  IdParamsSchema,
  OkSchema,
  RouteRequestSchema,
  RouteResponseSchema,
  SavedRouteBodySchema,
  SavedRouteSchema,
  SavedRoutesSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnonymousPostLimit, anonymousPostRateLimit } from '../../lib/rate-limit';
import type { RoutingService } from './routing.service';
import { SAVED_ROUTES_PERMISSION, type SavedRoutesService } from './saved-routes.service';

const staff = { anyOf: [SAVED_ROUTES_PERMISSION] };
const tags = ['Tìm đường / Routing'];

/**
 * `/api/route` (public-portal §2 route-planning mode, §7 "a routing service"): a route between two points
 * or to the nearest evacuation point, and the routes staff save ('Lưu thông tin tuyến'), listed publicly as
 * GeoJSON for the evacuation roads overlay.
 */
export const routingRoutes: FastifyPluginAsyncZod<{
  routing: RoutingService;
  savedRoutes: SavedRoutesService;
  /** Anonymous route requests per address: each may search the road graph or call ROUTING_URL. */
  rateLimit: AnonymousPostLimit;
}> = async (app, { routing, savedRoutes, rateLimit }) => {
  app.post('/api/route', {
    config: { access: 'public', rateLimit: anonymousPostRateLimit(rateLimit, 'yêu cầu tìm đường') },
    schema: {
      tags,
      summary: "Tìm đường: from → to, hoặc from → điểm sơ tán gần nhất theo đường đi (nearest: 'evacuation')",
      body: RouteRequestSchema,
      response: { 200: RouteResponseSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return routing.route(req.body);
    },
  });

  app.get('/api/route/saved', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Các tuyến đã lưu (GeoJSON FeatureCollection, mới nhất trước)',
      response: { 200: SavedRoutesSchema },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return savedRoutes.list();
    },
  });

  app.post('/api/route/saved', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Lưu thông tin tuyến (tên, đường LineString); độ dài do máy chủ tính',
      body: SavedRouteBodySchema,
      response: { 200: SavedRouteSchema },
    },
    handler: (req) => savedRoutes.create(req.actor, req.body),
  });

  app.delete('/api/route/saved/:id', {
    config: { access: staff },
    schema: { tags, summary: 'Xoá tuyến đã lưu', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await savedRoutes.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

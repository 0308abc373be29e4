import { SearchQuerySchema, SearchResponseSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './search.service';

const tags = ['Tìm kiếm địa điểm / Place search'];

/** `/api/search` (public-portal §2 "a place search box", §7 "a place search service"). */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get('/api/search', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Tìm địa điểm: xã, trạm, điểm sơ tán, trụ sở UBND xã, vết lũ (không phân biệt dấu)',
      querystring: SearchQuerySchema,
      response: { 200: SearchResponseSchema },
    },
    handler: async (req, reply) => {
      // Short: a layer or station changed by staff shows within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return search.search(req.query);
    },
  });
};

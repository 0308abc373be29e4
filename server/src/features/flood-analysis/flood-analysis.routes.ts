import {
  FloodAnalysisListQuerySchema,
  FloodAnalysisPageSchema,
  FloodAnalysisParamsSchema,
  FloodAnalysisSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FloodAnalysisService } from './flood-analysis.service';

const tags = ['Phân tích lũ / Flood analysis'];

/**
 * `/api/flood-analysis` (back-office §7 "flood analysis data list", public-portal §2 flood modal): flooded area
 * per commune of each flood layer. Public, like the layers themselves; measuring again needs `analyze`.
 */
export const floodAnalysisRoutes: FastifyPluginAsyncZod<{ floodAnalysis: FloodAnalysisService }> = async (
  app,
  { floodAnalysis },
) => {
  app.get('/api/flood-analysis', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Dữ liệu phân tích ngập theo lớp (mới nhất trước; geodataId: một lớp)',
      querystring: FloodAnalysisListQuerySchema,
      response: { 200: FloodAnalysisPageSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return floodAnalysis.list(req.query);
    },
  });
  app.get('/api/flood-analysis/:geodataId', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Phân tích ngập của một lớp ngập lụt',
      params: FloodAnalysisParamsSchema,
      response: { 200: FloodAnalysisSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return floodAnalysis.get(req.params.geodataId);
    },
  });
  app.post('/api/flood-analysis/:geodataId/recompute', {
    config: { access: { anyOf: ['analyze'] } },
    schema: {
      tags,
      summary: 'Phân tích lại diện tích ngập của một lớp',
      params: FloodAnalysisParamsSchema,
      response: { 200: FloodAnalysisSchema },
    },
    handler: (req) => floodAnalysis.recompute(req.actor, req.params.geodataId),
  });
};

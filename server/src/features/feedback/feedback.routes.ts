import {
  FeedbackBodySchema,
  FeedbackListQuerySchema,
  FeedbackPageSchema,
  FeedbackSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AnonymousPostLimit, anonymousPostRateLimit } from '../../lib/rate-limit';
import type { FeedbackService } from './feedback.service';

// Its own permission, not `system` which every account holds (#18).
const staff = { anyOf: ['feedback' as const] };
const tags = ['Góp ý / Feedback'];

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
  /** Anonymous posts per client address per window. */
  rateLimit: AnonymousPostLimit;
}

/** `/api/feedback`: the public 'Liên hệ và góp ý' form (rate-limited per address) and the staff list /system/feedback. */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, { feedback, rateLimit }) => {
  app.post('/api/feedback', {
    config: {
      access: 'public',
      rateLimit: anonymousPostRateLimit(rateLimit, 'góp ý'),
    },
    schema: { tags, summary: 'Gửi góp ý', body: FeedbackBodySchema, response: { 200: FeedbackSchema } },
    handler: (req) => feedback.send(req.body),
  });
  app.get('/api/feedback', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Danh sách góp ý (mới nhất trước)',
      querystring: FeedbackListQuerySchema,
      response: { 200: FeedbackPageSchema },
    },
    handler: (req) => feedback.list(req.actor, req.query),
  });
  app.put('/api/feedback/:id', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Sửa góp ý',
      params: IdParamsSchema,
      body: FeedbackBodySchema,
      response: { 200: FeedbackSchema },
    },
    handler: (req) => feedback.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/feedback/:id', {
    config: { access: staff },
    schema: { tags, summary: 'Xoá góp ý', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await feedback.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

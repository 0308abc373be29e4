import {
  FeedbackBodySchema,
  FeedbackListQuerySchema,
  FeedbackPageSchema,
  FeedbackSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { FeedbackService } from './feedback.service';

const staff = { anyOf: ['system' as const] };
const tags = ['Góp ý / Feedback'];

export interface FeedbackRoutesOptions {
  feedback: FeedbackService;
  /** Anonymous posts per client address per window. */
  rateLimit: { max: number; windowMs: number };
}

/** `/api/feedback`: the public 'Liên hệ và góp ý' form (rate-limited per address) and the staff list /system/feedback. */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, { feedback, rateLimit }) => {
  app.post('/api/feedback', {
    config: {
      access: 'public',
      rateLimit: {
        max: rateLimit.max,
        timeWindow: rateLimit.windowMs,
        allowList: (req) => req.actor !== undefined,
        errorResponseBuilder: (_req, ctx) =>
          new AppError(
            'RATE_LIMITED',
            `Bạn đã gửi quá nhiều góp ý từ địa chỉ này. Vui lòng thử lại sau ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} phút.`,
          ),
      },
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

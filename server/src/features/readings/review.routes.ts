import {
  CorrectionResultSchema,
  CorrectReadingBodySchema,
  FlagRangeBodySchema,
  ReadingsReviewQuerySchema,
  ReadingsReviewSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReviewService } from './review.service';

const access = { anyOf: ['database' as const] };
const tags = ['Kiểm tra số liệu / Reading review'];

/** Staff review and correct a station's readings (#22). */
export const reviewRoutes: FastifyPluginAsyncZod<{ review: ReviewService }> = async (app, { review }) => {
  app.get('/api/readings/review', {
    config: { access },
    schema: {
      tags,
      summary: 'Số liệu của một trạm với cờ chất lượng và các lần hiệu chỉnh (mặc định 24 giờ qua, tối đa 31 ngày)',
      querystring: ReadingsReviewQuerySchema,
      response: { 200: ReadingsReviewSchema },
    },
    handler: (req) => review.review(req.actor, req.query),
  });
  app.post('/api/readings/correct', {
    config: { access },
    schema: {
      tags,
      summary: 'Hiệu chỉnh, đánh dấu sai hoặc xác nhận đúng một số liệu (có lý do); cảnh báo dựa trên nó bị huỷ',
      body: CorrectReadingBodySchema,
      response: { 200: CorrectionResultSchema },
    },
    handler: (req) => review.correct(req.actor, req.body),
  });
  app.post('/api/readings/flag-range', {
    config: { access },
    schema: {
      tags,
      summary: 'Đánh dấu sai mọi số liệu của trạm trong một khoảng thời gian (có lý do)',
      body: FlagRangeBodySchema,
      response: { 200: CorrectionResultSchema },
    },
    handler: (req) => review.flagRange(req.actor, req.body),
  });
};

import { SubscriberCountsSchema, SubscriberImportBodySchema, SubscriberImportResultSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SubscribersAdminService } from './subscribers-admin.service';

const tags = ['Đăng ký nhận cảnh báo / Warning subscriptions'];
const access = { anyOf: ['sms' as const] };

/** The staff side of subscriptions (#24): counts for `sms`; export and import for the system account only. */
export const subscribersAdminRoutes: FastifyPluginAsyncZod<{ admin: SubscribersAdminService }> = async (
  app,
  { admin },
) => {
  app.get('/api/subscriber-counts', {
    config: { access },
    schema: { tags, summary: 'Số người đăng ký theo xã và kênh', response: { 200: SubscriberCountsSchema } },
    handler: (req) => admin.counts(req.actor),
  });

  app.get('/api/subscriber-export', {
    config: { access },
    schema: {
      tags,
      summary: 'Xuất danh sách liên hệ của một xã (CSV; tài khoản hệ thống)',
      querystring: z.object({ commune: z.string().regex(/^\d{5}$/, 'Mã xã không hợp lệ') }),
    },
    handler: async (req, reply) => {
      const file = await admin.exportCommune(req.actor, req.query.commune);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  app.post('/api/subscriber-import', {
    config: { access },
    schema: {
      tags,
      summary: 'Nhập danh sách số điện thoại của xã (mỗi số được mời xác nhận bằng mã)',
      body: SubscriberImportBodySchema,
      response: { 200: SubscriberImportResultSchema },
    },
    handler: (req) => admin.importPhones(req.actor, req.body),
  });
};

import {
  IdParamsSchema,
  ListQuerySchema,
  OkSchema,
  SmsHistoryPageSchema,
  SmsHistorySchema,
  SmsRecipientBodySchema,
  SmsRecipientPageSchema,
  SmsRecipientSchema,
  SmsTemplateBodySchema,
  SmsTemplateListSchema,
  SmsTemplateSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsAdminService } from './sms-admin.service';

// Its own permission, not `system` which every account holds (#18).
const access = { anyOf: ['sms' as const] };
const tags = ['Tin nhắn SMS / SMS'];

/** `/api/sms-template`, `/api/sms-user`, `/api/sms-history` (back-office §7). */
export const smsAdminRoutes: FastifyPluginAsyncZod<{ sms: SmsAdminService }> = async (app, { sms }) => {
  app.get('/api/sms-template', {
    config: { access },
    schema: { tags, summary: 'Mẫu tin nhắn', response: { 200: SmsTemplateListSchema } },
    handler: (req) => sms.templates(req.actor),
  });
  app.put('/api/sms-template/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa mẫu tin nhắn',
      params: IdParamsSchema,
      body: SmsTemplateBodySchema,
      response: { 200: SmsTemplateSchema },
    },
    handler: (req) => sms.updateTemplate(req.actor, req.params.id, req.body.template),
  });
  app.get('/api/sms-user', {
    config: { access },
    schema: { tags, summary: 'Người nhận', querystring: ListQuerySchema, response: { 200: SmsRecipientPageSchema } },
    handler: (req) => sms.recipients(req.actor, req.query),
  });
  app.post('/api/sms-user', {
    config: { access },
    schema: { tags, summary: 'Thêm người nhận', body: SmsRecipientBodySchema, response: { 200: SmsRecipientSchema } },
    handler: (req) => sms.saveRecipient(req.actor, null, req.body),
  });
  app.put('/api/sms-user/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa người nhận',
      params: IdParamsSchema,
      body: SmsRecipientBodySchema,
      response: { 200: SmsRecipientSchema },
    },
    handler: (req) => sms.saveRecipient(req.actor, req.params.id, req.body),
  });
  app.delete('/api/sms-user/:id', {
    config: { access },
    schema: { tags, summary: 'Xoá người nhận', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await sms.removeRecipient(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
  app.get('/api/sms-history', {
    config: { access },
    schema: { tags, summary: 'Lịch sử gửi', querystring: ListQuerySchema, response: { 200: SmsHistoryPageSchema } },
    handler: (req) => sms.history(req.actor, req.query),
  });
  app.post('/api/sms-history/:id/resend', {
    config: { access },
    schema: {
      tags,
      summary: 'Gửi lại một tin không rõ đã gửi hay chưa (UNCERTAIN) hoặc gửi thất bại (FAILED)',
      params: IdParamsSchema,
      response: { 200: SmsHistorySchema },
    },
    handler: (req) => sms.resend(req.actor, req.params.id),
  });
};

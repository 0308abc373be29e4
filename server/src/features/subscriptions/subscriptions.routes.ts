import {
  ConfirmEmailBodySchema,
  ConfirmPhoneBodySchema,
  OkSchema,
  PushPublicKeySchema,
  SUBSCRIPTION_CHANNELS,
  SUBSCRIPTION_PATHS,
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionChoiceBodySchema,
  SubscriptionViewSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['Đăng ký nhận cảnh báo / Warning subscriptions'];
/** A manage token as `manageToken` signs it: anything else is refused before the database is asked. */
const TokenParams = z.object({
  token: z.string().regex(/^[0-9a-z]{1,10}\.[A-Za-z0-9_-]{10}$/, 'Liên kết quản lý đăng ký không đúng'),
});
const limited = (max: number, what: string) => ({
  access: 'public' as const,
  rateLimit: {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) =>
      new AppError(
        'RATE_LIMITED',
        `Quá nhiều ${what} từ địa chỉ này. Vui lòng thử lại sau ${Math.ceil(ctx.ttl / 1000)} giây.`,
      ),
  },
});

/**
 * The residents' side of subscriptions (#24), without signing in: sign up, confirm, and manage through the
 * signed token of the subscription (from its messages' links). Rate-limited per address: a code costs an SMS.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
  pushPublicKey: () => Promise<string>;
  /** Sign-ups per minute from one address; the other calls allow three times as many. */
  perMinute: number;
}> = async (app, { subscriptions, pushPublicKey, perMinute }) => {
  app.get('/api/push/public-key', {
    config: { access: 'public' },
    schema: { tags, summary: 'Khoá công khai VAPID (Web Push)', response: { 200: PushPublicKeySchema } },
    handler: async () => ({ publicKey: await pushPublicKey() }),
  });

  app.post('/api/subscriptions', {
    config: limited(perMinute, 'lần đăng ký'),
    schema: {
      tags,
      summary: 'Đăng ký nhận cảnh báo',
      body: SubscribeBodySchema,
      response: { 201: SubscribeResultSchema },
    },
    handler: async (req, reply) => {
      const result = await subscriptions.subscribe(req.body, `${req.protocol}://${req.host}`);
      return reply.status(201).send(result);
    },
  });

  app.post('/api/subscriptions/confirm-email', {
    config: limited(perMinute * 2, 'lần xác nhận'),
    schema: {
      tags,
      summary: 'Xác nhận thư điện tử (liên kết trong thư)',
      body: ConfirmEmailBodySchema,
      response: { 200: z.object({ token: z.string(), subscription: SubscriptionViewSchema }) },
    },
    handler: (req) => subscriptions.confirmEmail(req.body.token),
  });

  app.get('/api/subscriptions/:token', {
    config: limited(perMinute * 3, 'yêu cầu'),
    schema: { tags, summary: 'Xem đăng ký', params: TokenParams, response: { 200: SubscriptionViewSchema } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return subscriptions.get(req.params.token);
    },
  });

  app.put('/api/subscriptions/:token', {
    config: limited(perMinute * 3, 'yêu cầu'),
    schema: {
      tags,
      summary: 'Đổi xã, loại cảnh báo',
      params: TokenParams,
      body: SubscriptionChoiceBodySchema,
      response: { 200: SubscriptionViewSchema },
    },
    handler: (req) => subscriptions.updateChoice(req.params.token, req.body),
  });

  app.post('/api/subscriptions/:token/phone-code', {
    config: limited(Math.ceil(perMinute / 2), 'yêu cầu mã'),
    schema: { tags, summary: 'Gửi lại mã xác nhận số điện thoại', params: TokenParams, response: { 200: OkSchema } },
    handler: async (req) => {
      await subscriptions.requestPhoneCode(req.params.token);
      return { ok: true as const };
    },
  });

  app.post('/api/subscriptions/:token/confirm-phone', {
    config: limited(perMinute * 2, 'lần nhập mã'),
    schema: {
      tags,
      summary: 'Xác nhận số điện thoại bằng mã',
      params: TokenParams,
      body: ConfirmPhoneBodySchema,
      response: { 200: SubscriptionViewSchema },
    },
    handler: (req) => subscriptions.confirmPhone(req.params.token, req.body.code),
  });

  app.delete('/api/subscriptions/:token/channels/:channel', {
    config: limited(perMinute * 3, 'yêu cầu'),
    schema: {
      tags,
      summary: 'Bỏ một cách nhận',
      params: TokenParams.extend({ channel: z.enum(SUBSCRIPTION_CHANNELS) }),
      response: { 200: SubscriptionViewSchema, 204: z.null() },
    },
    handler: async (req, reply) => {
      const left = await subscriptions.removeChannel(req.params.token, req.params.channel);
      return left ? left : reply.status(204).send(null);
    },
  });

  app.delete('/api/subscriptions/:token', {
    config: limited(perMinute * 3, 'yêu cầu'),
    schema: { tags, summary: 'Huỷ đăng ký (xoá thông tin liên lạc)', params: TokenParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await subscriptions.unsubscribe(req.params.token);
      return reply.status(204).send(null);
    },
  });

  // The short way out of an SMS: to the manage page, the token in the fragment (never sent to a server again).
  app.get('/h/:token', {
    config: { access: 'public' },
    schema: { hide: true, params: TokenParams },
    handler: (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`${SUBSCRIPTION_PATHS.manage}#t=${encodeURIComponent(req.params.token)}`, 302),
  });
};

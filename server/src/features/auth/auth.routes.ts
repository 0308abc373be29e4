import {
  AltchaChallengeSchema,
  ChangePasswordBodySchema,
  ConfirmPhoneBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  OkSchema,
  PERMISSION_LABELS,
  PERMISSIONS,
  ProfileBodySchema,
  UserDetailSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { AccountService } from './account.service';
import type { AuthService } from './auth.service';

const FunctionsSchema = z.array(
  z.object({ key: z.enum(PERMISSIONS), label: z.object({ vi: z.string(), en: z.string() }) }),
);

export interface AuthRoutesOptions {
  auth: AuthService;
  account: AccountService;
  loginPerMinute: number;
}

/** Sign-in, session and the caller's own account (spec public-portal §4, §5, §7). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, account, loginPerMinute }) => {
  const tags = ['Đăng nhập / Auth'];

  app.get('/api/altcha-challenge', {
    config: { access: 'public' },
    schema: { tags, summary: 'Thử thách xác minh người dùng (ALTCHA)', response: { 200: AltchaChallengeSchema } },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.createChallenge() as unknown as Record<string, unknown>;
    },
  });

  app.post('/api/user-login', {
    config: {
      access: 'public',
      rateLimit: {
        max: loginPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: (_req, ctx) =>
          new AppError(
            'RATE_LIMITED',
            `Quá nhiều lần đăng nhập từ địa chỉ này. Vui lòng thử lại sau ${Math.ceil(ctx.ttl / 1000)} giây.`,
          ),
      },
    },
    schema: { tags, summary: 'Đăng nhập', body: LoginBodySchema, response: { 200: LoginResponseSchema } },
    handler: (req) => auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }),
  });

  app.post('/api/user-logout', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Đăng xuất (thu hồi phiên)', response: { 200: OkSchema } },
    handler: async (req) => {
      await auth.logout(req.actor!);
      return { ok: true as const };
    },
  });

  app.get('/api/user-info', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Thông tin người dùng hiện tại', response: { 200: UserDetailSchema } },
    handler: (req) => account.userInfo(req.actor),
  });

  app.get('/api/user-functions', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Danh sách quyền', response: { 200: FunctionsSchema } },
    handler: async () => PERMISSIONS.map((key) => ({ key, label: PERMISSION_LABELS[key] })),
  });

  app.put('/api/user-password', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Đổi mật khẩu', body: ChangePasswordBodySchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await account.changePassword(req.actor, req.body, req.ip);
      return { ok: true as const };
    },
  });

  app.put('/api/user-profile', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Cập nhật thông tin cá nhân',
      body: ProfileBodySchema,
      response: { 200: UserDetailSchema },
    },
    handler: (req) => account.updateProfile(req.actor, req.body),
  });

  app.post('/api/user-confirm-request', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Gửi mã xác thực số điện thoại', response: { 200: OkSchema } },
    handler: async (req) => {
      await account.requestPhoneCode(req.actor);
      return { ok: true as const };
    },
  });

  app.post('/api/user-confirm', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Xác thực số điện thoại',
      body: ConfirmPhoneBodySchema,
      response: { 200: UserDetailSchema },
    },
    handler: (req) => account.confirmPhone(req.actor, req.body),
  });
};

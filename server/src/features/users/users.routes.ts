import {
  IdParamsSchema,
  OkSchema,
  UserCreateBodySchema,
  UserListQuerySchema,
  UserPageSchema,
  UserSchema,
  UserUpdateBodySchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsersService } from './users.service';

const access = { anyOf: ['user' as const] };
const tags = ['Người dùng / Users'];

/** `/api/user` (spec public-portal §7): list (search, sort, by group), detail, save, delete. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get('/api/user', {
    config: { access },
    schema: {
      tags,
      summary: 'Danh sách người dùng',
      querystring: UserListQuerySchema,
      response: { 200: UserPageSchema },
    },
    handler: (req) => users.list(req.actor, req.query),
  });
  app.get('/api/user/:id', {
    config: { access },
    schema: { tags, summary: 'Chi tiết người dùng', params: IdParamsSchema, response: { 200: UserSchema } },
    handler: (req) => users.get(req.actor, req.params.id),
  });
  app.post('/api/user', {
    config: { access },
    schema: { tags, summary: 'Tạo người dùng', body: UserCreateBodySchema, response: { 200: UserSchema } },
    handler: (req) => users.create(req.actor, req.body),
  });
  app.put('/api/user/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa người dùng (email không đổi)',
      params: IdParamsSchema,
      body: UserUpdateBodySchema,
      response: { 200: UserSchema },
    },
    handler: (req) => users.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/user/:id', {
    config: { access },
    schema: { tags, summary: 'Xoá người dùng', params: IdParamsSchema, response: { 200: OkSchema } },
    handler: async (req) => {
      await users.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

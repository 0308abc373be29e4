import {
  GroupBodySchema,
  GroupListQuerySchema,
  GroupPageSchema,
  GroupSchema,
  IdParamsSchema,
  OkSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GroupsService } from './groups.service';

const access = { anyOf: ['user' as const] };
const tags = ['Nhóm người dùng / Groups'];

/** `/api/group` (spec public-portal §7). */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get('/api/group', {
    config: { access },
    schema: { tags, summary: 'Danh sách nhóm', querystring: GroupListQuerySchema, response: { 200: GroupPageSchema } },
    handler: (req) => groups.list(req.actor, req.query),
  });
  app.get('/api/group/:id', {
    config: { access },
    schema: { tags, summary: 'Chi tiết nhóm', params: IdParamsSchema, response: { 200: GroupSchema } },
    handler: (req) => groups.get(req.actor, req.params.id),
  });
  app.post('/api/group', {
    config: { access },
    schema: { tags, summary: 'Tạo nhóm', body: GroupBodySchema, response: { 200: GroupSchema } },
    handler: (req) => groups.create(req.actor, req.body),
  });
  app.put('/api/group/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Sửa nhóm',
      params: IdParamsSchema,
      body: GroupBodySchema,
      response: { 200: GroupSchema },
    },
    handler: (req) => groups.update(req.actor, req.params.id, req.body),
  });
  app.delete('/api/group/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Xoá nhóm (từ chối khi còn thành viên)',
      params: IdParamsSchema,
      response: { 200: OkSchema },
    },
    handler: async (req) => {
      await groups.remove(req.actor, req.params.id);
      return { ok: true as const };
    },
  });
};

import {
  CommunesSchema,
  PublicWarningsSchema,
  UnitQuerySchema,
  WarningBodySchema,
  WarningCancelBodySchema,
  WarningDetailSchema,
  WarningListQuerySchema,
  WarningPageSchema,
  WarningSchema,
  WarningUpdateBodySchema,
  WarningUrgentBodySchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Commune } from '../../db/seed/seed-files';
import { sendCacheable } from '../../lib/http-cache';
import { renderWarningNotFound, renderWarningPage } from './warning-page.html';
import type { WarningsService } from './warnings.service';

const tags = ['Cảnh báo do cán bộ phát / Officer warnings'];
const staff = { anyOf: ['warning' as const] };
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Officers' warnings (#23): the back office (permission `warning`), the public list and the public page. */
export const warningsRoutes: FastifyPluginAsyncZod<{
  warnings: WarningsService;
  communes: () => Promise<Commune[]>;
  timeZone: string;
  /** The portal's name (the area's settings, #26). */
  portalName: () => Promise<string>;
}> = async (app, { warnings, communes, timeZone, portalName }) => {
  app.get('/api/communes', {
    // Kept for anonymous callers (lib/hot-reads.ts) until a geodata file (the communes' layer) changes.
    config: { access: 'public', hot: { events: ['geodata-changed', 'area'] } },
    schema: {
      tags,
      summary: 'Các xã của địa bàn (ranh giới) / The communes of the area',
      response: { 200: CommunesSchema },
    },
    handler: async (req, reply) =>
      // Revalidated each time (its ETag): staff may change the area's units at any moment (#26).
      sendCacheable(req, reply, JSON.stringify(await warnings.communes()), {
        contentType: 'application/json; charset=utf-8',
        cacheControl: 'no-cache',
      }),
  });

  app.get('/api/warnings/active', {
    // Kept until a warning (or the units, for a unit's) changes; 5 s at most, as a warning ends by the clock alone.
    config: { access: 'public', hot: { events: ['warning', 'area', 'geodata-changed'], maxAgeMs: 5_000 } },
    schema: {
      tags,
      summary: 'Cảnh báo của cán bộ đang hiệu lực (băng cảnh báo, bản đồ; unit: của một đơn vị)',
      querystring: UnitQuerySchema,
      response: { 200: PublicWarningsSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return warnings.active(req.query.unit);
    },
  });

  app.get('/api/warnings', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Danh sách cảnh báo do cán bộ phát',
      querystring: WarningListQuerySchema,
      response: { 200: WarningPageSchema },
    },
    handler: (req) => warnings.list(req.actor, req.query),
  });
  app.get('/api/warnings/:id', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Một cảnh báo với diễn biến, bản tin CAP và tin nhắn',
      params: IdParams,
      response: { 200: WarningDetailSchema },
    },
    handler: (req) => warnings.detail(req.actor, req.params.id),
  });
  app.post('/api/warnings', {
    config: { access: staff },
    schema: { tags, summary: 'Soạn cảnh báo (bản nháp)', body: WarningBodySchema, response: { 201: WarningSchema } },
    handler: async (req, reply) => reply.status(201).send(await warnings.create(req.actor, req.body)),
  });
  app.put('/api/warnings/:id', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Sửa bản nháp',
      params: IdParams,
      body: WarningBodySchema,
      response: { 200: WarningSchema },
    },
    handler: (req) => warnings.editDraft(req.actor, req.params.id, req.body),
  });
  app.delete('/api/warnings/:id', {
    config: { access: staff },
    schema: { tags, summary: 'Xoá bản nháp', params: IdParams },
    handler: async (req, reply) => {
      await warnings.remove(req.actor, req.params.id);
      return reply.status(204).send();
    },
  });
  app.post('/api/warnings/:id/approve', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Duyệt và phát (người khác người soạn)',
      params: IdParams,
      response: { 200: WarningSchema },
    },
    handler: (req) => warnings.approve(req.actor, req.params.id),
  });
  app.post('/api/warnings/:id/publish-urgent', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Phát khẩn không chờ duyệt (ghi lý do)',
      params: IdParams,
      body: WarningUrgentBodySchema,
      response: { 200: WarningSchema },
    },
    handler: (req) => warnings.publishUrgent(req.actor, req.params.id, req.body.reason),
  });
  app.post('/api/warnings/:id/update', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Cập nhật cảnh báo đã phát (bản tin CAP Update, tin nhắn cập nhật)',
      params: IdParams,
      body: WarningUpdateBodySchema,
      response: { 200: WarningSchema },
    },
    handler: (req) => warnings.update(req.actor, req.params.id, req.body.warning, req.body.note),
  });
  app.post('/api/warnings/:id/cancel', {
    config: { access: staff },
    schema: {
      tags,
      summary: 'Huỷ cảnh báo (bản tin CAP Cancel, tin nhắn huỷ)',
      params: IdParams,
      body: WarningCancelBodySchema,
      response: { 200: WarningSchema },
    },
    handler: (req) => warnings.cancel(req.actor, req.params.id, req.body.reason),
  });

  // The public page: plain HTML, no script needed (a phone on a failing network, a shared link).
  app.get('/canh-bao/:id', {
    config: { access: 'public', hot: { events: ['warning', 'geodata-changed', 'area'], maxAgeMs: 5_000 } },
    schema: { hide: true, params: z.object({ id: z.string().regex(/^\d{1,10}$/) }) },
    handler: async (req, reply) => {
      const id = Number(req.params.id);
      const w = id <= 2_147_483_647 ? await warnings.publicOne(id) : null;
      if (!w)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(renderWarningNotFound(await portalName()));
      return sendCacheable(
        req,
        reply,
        renderWarningPage(w, await communes(), { timeZone, portalName: await portalName() }),
        {
          contentType: 'text/html; charset=utf-8',
          cacheControl: 'no-cache',
        },
      );
    },
  });
};

import { AreaSchema, AreaSettingsSchema, RegionUnitsQuerySchema, RegionUnitsSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREA_PERMISSION, type AreaService } from './area.service';

const tags = ['Khu vực / Area'];
const access = { anyOf: [AREA_PERMISSION] };

/** `/api/area` (#26 point 1): the area the portal serves, read by every page; set on the 'Khu vực' page. */
export const areaRoutes: FastifyPluginAsyncZod<{ area: AreaService }> = async (app, { area }) => {
  app.get('/api/area', {
    // Kept for anonymous callers until the area or the region layer changes (lib/hot-reads.ts).
    config: { access: 'public', hot: { events: ['area', 'geodata-changed'] } },
    schema: {
      tags,
      summary: 'Khu vực cổng phục vụ: tên, đơn vị hành chính, khung bản đồ',
      response: { 200: AreaSchema },
    },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return area.area();
    },
  });
  app.put('/api/area', {
    config: { access },
    schema: { tags, summary: 'Cập nhật khu vực', body: AreaSettingsSchema, response: { 200: AreaSchema } },
    handler: (req) => area.save(req.actor, req.body),
  });
  app.delete('/api/area', {
    config: { access },
    schema: { tags, summary: 'Dùng lại khu vực mặc định', response: { 200: AreaSchema } },
    handler: (req) => area.reset(req.actor),
  });
  app.get('/api/area/region-units', {
    config: { access },
    schema: {
      tags,
      summary: 'Các đơn vị trong lớp ranh giới xã hiện hành, theo thuộc tính mã và tên đã chọn',
      querystring: RegionUnitsQuerySchema,
      response: { 200: RegionUnitsSchema },
    },
    handler: (req) => area.regionUnits(req.actor, req.query),
  });
};

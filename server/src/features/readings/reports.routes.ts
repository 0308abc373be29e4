import {
  RainReportQuerySchema,
  RainReportSchema,
  ReadingTypeSchema,
  WaterQuerySchema,
  WaterReportQuerySchema,
  WaterReportSchema,
} from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../lib/excel';
import { type AnonymousPostLimit, anonymousPostRateLimit } from '../../lib/rate-limit';
import type { ReadingsService } from './readings.service';
import type { ReportsService } from './reports.service';

const analyze = { anyOf: ['analyze' as const] };
const tags = ['Báo cáo / Reports'];
const dateVi = WaterQuerySchema.shape.date;

/** Reports (permission `analyze`) and Excel exports of public data. */
export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  readings: ReadingsService;
  /** Anonymous exports per client address (a 3-year workbook is seconds of work; staff are not limited). */
  exportLimit: AnonymousPostLimit;
}> = async (app, { reports, readings, exportLimit }) => {
  const publicExport = {
    access: 'public' as const,
    rateLimit: anonymousPostRateLimit(exportLimit, 'yêu cầu xuất Excel'),
  };
  app.get('/api/report-rain', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Lượng mưa theo tháng trong năm',
      querystring: RainReportQuerySchema,
      response: { 200: RainReportSchema },
    },
    handler: (req) => reports.rainReport(req.actor, req.query.year),
  });
  app.get('/api/report-rain/export', {
    config: { access: analyze },
    schema: { tags, summary: 'Xuất Excel báo cáo mưa', querystring: RainReportQuerySchema },
    handler: async (req, reply) =>
      sendWorkbook(
        reply,
        `bao-cao-mua-${req.query.year}.xlsx`,
        await reports.rainReportWorkbook(req.actor, req.query.year),
      ),
  });
  app.get('/api/report-water', {
    config: { access: analyze },
    schema: {
      tags,
      summary: 'Mực nước trung bình ngày trong tháng',
      querystring: WaterReportQuerySchema,
      response: { 200: WaterReportSchema },
    },
    handler: (req) => reports.waterReport(req.actor, req.query.month),
  });
  app.get('/api/report-water/export', {
    config: { access: analyze },
    schema: { tags, summary: 'Xuất Excel báo cáo mực nước', querystring: WaterReportQuerySchema },
    handler: async (req, reply) =>
      sendWorkbook(
        reply,
        `bao-cao-muc-nuoc-${req.query.month.replace('/', '-')}.xlsx`,
        await reports.waterReportWorkbook(req.actor, req.query.month),
      ),
  });

  app.get('/api/water/export', {
    config: publicExport,
    schema: {
      tags,
      summary: 'Xuất Excel chuỗi số liệu một trạm',
      querystring: z.object({ stationCode: z.string().trim().min(1).max(64), from: dateVi, to: dateVi }),
    },
    handler: async (req, reply) => {
      const series = await readings.series({ ...req.query, history: true });
      return sendWorkbook(reply, `so-lieu-${series.stationCode}.xlsx`, await reports.seriesWorkbook(series));
    },
  });
  app.get('/api/water/export-moment', {
    config: publicExport,
    schema: {
      tags,
      summary: 'Xuất Excel số liệu các trạm tại một thời điểm',
      querystring: z.object({
        type: ReadingTypeSchema,
        date: dateVi,
        hour: z.coerce.number().int().min(0).max(23).optional(),
      }),
    },
    handler: async (req, reply) => {
      const { type, date, hour } = req.query;
      const list = await readings.byType(type, date, hour);
      const label = `${type === 'CURRENT_RAIN' ? 'Lượng mưa' : 'Mực nước'} ${date ? `${date} ${String(hour ?? 0).padStart(2, '0')}:00` : 'hiện tại'}`;
      return sendWorkbook(
        reply,
        `so-lieu-${type === 'CURRENT_RAIN' ? 'mua' : 'muc-nuoc'}.xlsx`,
        await reports.momentWorkbook(list, label),
      );
    },
  });
  app.get('/api/station/export', {
    config: publicExport,
    schema: { tags, summary: 'Xuất Excel danh sách trạm' },
    handler: async (_req, reply) => sendWorkbook(reply, 'danh-sach-tram.xlsx', await reports.stationsWorkbook()),
  });
};

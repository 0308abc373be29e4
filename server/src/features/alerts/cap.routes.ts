import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { sendCacheable } from '../../lib/http-cache';
import type { CapService } from './cap.service';

const TAGS = ['Cảnh báo / Alerts'];
/**
 * Kept for anonymous callers (lib/hot-reads.ts) until an alert or an officer's warning changes; per host, as the
 * links name the address asked for (unless PUBLIC_URL is set). The feed 5 s at most (a renewal, an expiry).
 */
const KEY_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto'];
const HOT_FEED = { events: ['alert', 'warning', 'area'], maxAgeMs: 5_000, keyHeaders: KEY_HEADERS } as const;
const HOT_MESSAGE = { events: ['alert', 'warning', 'area'], maxAgeMs: 60_000, keyHeaders: KEY_HEADERS } as const;

/** The public CAP 1.2 feed (OASIS Common Alerting Protocol) for aggregators, radio, other portals. */
export const capRoutes: FastifyPluginAsyncZod<{ cap: CapService; publicUrl?: string }> = async (
  app,
  { cap, publicUrl },
) => {
  const baseUrl = (req: { protocol: string; host: string }) =>
    (publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  app.get('/api/cap', {
    config: { access: 'public', hot: HOT_FEED },
    schema: {
      tags: TAGS,
      summary: 'Danh mục cảnh báo CAP 1.2 (Atom) / CAP 1.2 Atom index',
      produces: ['application/atom+xml'],
    },
    handler: async (req, reply) =>
      sendCacheable(req, reply, await cap.feed(baseUrl(req)), {
        contentType: 'application/atom+xml; charset=utf-8',
        cacheControl: 'public, max-age=30',
      }),
  });

  app.get('/api/cap/:file', {
    config: { access: 'public', hot: HOT_MESSAGE },
    schema: {
      tags: TAGS,
      summary: 'Một bản tin CAP 1.2 / One CAP 1.2 message',
      produces: ['application/cap+xml'],
      params: z.object({
        file: z.string().regex(/^[1-9]\d{0,9}\.xml$/, 'Tên bản tin phải có dạng {số}.xml'),
      }),
    },
    handler: async (req, reply) => {
      const xml = await cap.message(Number.parseInt(req.params.file, 10), baseUrl(req));
      if (!xml) throw new AppError('NOT_FOUND', 'Không tìm thấy bản tin cảnh báo');
      // A message never changes once sent (a change is a new Update message).
      return sendCacheable(req, reply, xml, {
        contentType: 'application/cap+xml; charset=utf-8',
        cacheControl: 'public, max-age=3600',
      });
    },
  });
};

import { isPublicEvent } from '@flood/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from './errors';
import type { BusEvent, EventBus } from './events';

export interface EventsRoutesOptions {
  bus: EventBus;
  heartbeatMs?: number;
  /** Streams one client address may hold open in this process (429 past it). */
  maxPerAddress?: number;
  /** Streams this process holds open in all (503 past it): each is a socket and a file descriptor. */
  maxTotal?: number;
}

const frame = (e: BusEvent) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * `GET /api/events`: Server-Sent Events of the public events (domain `PUBLIC_EVENTS`: stored readings, thresholds,
 * warnings, SMS history rows), with a heartbeat and resume from `Last-Event-ID`, so open pages react at once
 * instead of polling. Internal events (caches, imports, flood events) stay in the server.
 */
export const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (
  app,
  { bus, heartbeatMs = 20_000, maxPerAddress = 100, maxTotal = 5000 },
) => {
  const open = new Set<() => void>();
  const perAddress = new Map<string, number>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/events', {
    config: { access: 'public' },
    schema: { tags: ['Sự kiện / Events'], summary: 'Luồng sự kiện trực tiếp (SSE)', hide: false },
    handler: (request, reply) => {
      const address = request.ip;
      const held = perAddress.get(address) ?? 0;
      if (held >= maxPerAddress) {
        throw new AppError(
          'RATE_LIMITED',
          'Quá nhiều luồng sự kiện đang mở từ địa chỉ này. Vui lòng đóng bớt các trang và thử lại sau.',
        );
      }
      if (open.size >= maxTotal) throw new AppError('UNAVAILABLE');
      const header = request.headers['last-event-id'];
      const query = (request.query as { lastEventId?: string }).lastEventId;
      const lastId = Number(typeof header === 'string' ? header : (query ?? 0)) || 0;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 5000\n\n');
      // Only the events declared public (domain PUBLIC_EVENTS): anyone may open this stream.
      const send = (e: BusEvent) => {
        if (isPublicEvent(e.type)) res.write(frame(e));
      };
      if (lastId > 0) for (const e of bus.since(lastId)) send(e);
      const unsubscribe = bus.subscribe(send);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
      const end = () => {
        close();
        res.end();
      };
      open.add(end);
      perAddress.set(address, held + 1);
      request.raw.on('close', close);
      res.on('error', close);
    },
  });
};

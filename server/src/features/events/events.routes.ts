import type { FastifyPluginAsync } from 'fastify';
import type { BusEvent, EventBus } from '../../lib/events';

export interface EventsRoutesOptions {
  bus: EventBus;
  heartbeatMs?: number;
}

const frame = (e: BusEvent) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * `GET /api/events`: Server-Sent Events of every stored reading (and later, alerts), with a heartbeat and
 * resume from `Last-Event-ID`, so open pages react at once instead of polling.
 */
export const eventsRoutes: FastifyPluginAsync<EventsRoutesOptions> = async (app, { bus, heartbeatMs = 20_000 }) => {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/events', {
    config: { access: 'public' },
    schema: { tags: ['Sự kiện / Events'], summary: 'Luồng sự kiện trực tiếp (SSE)', hide: false },
    handler: (request, reply) => {
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
      if (lastId > 0) for (const e of bus.since(lastId)) res.write(frame(e));
      const unsubscribe = bus.subscribe((e) => res.write(frame(e)));
      const heartbeat = setInterval(() => res.write(': ping\n\n'), heartbeatMs);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      open.add(end);
      request.raw.on('close', close);
      res.on('error', close);
    },
  });
};

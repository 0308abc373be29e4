import { DEFAULT_WEB_PARAMETERS } from '@flood/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { createAlertEngine } from '../features/alerts/alert-engine';
import { alerts } from '../features/alerts/alerts.table';
import { createReadingWriter } from '../features/readings/reading-writer';
import { pushTime } from '../test/push-time';
import { bearer, createUser, login } from '../test/test-app';
import { openTestDatabase } from '../test/test-db';
import { redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/test-redis';
import type { BusEvent, EventBus } from './events';
import { createRedisEventBus, type RedisEventBus } from './events-redis';
import { createMemoryStorage } from './storage';

/**
 * Two server processes as a load balancer would spread requests over them: two apps on real ports, each
 * with its own caches and its own Redis bus, sharing one database and one Redis (issue #11 "Scale-out").
 */
const reachable = await redisReachable();
const prefix = uniqueRedisPrefix('scale-out');
let database: Database;
const buses: RedisEventBus[] = [];
const apps: FastifyInstance[] = [];
let a: string;
let b: string;
let token: string;

async function startProcess(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '4',
    // Shared by every process: a challenge made by one is checked by another.
    ALTCHA_SECRET: 'scale-out-test-altcha-secret',
    LOGIN_RATE_LIMIT_PER_MINUTE: '4',
    WEB_DIST: '/nonexistent-web-dist',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
  });
  const bus = await createRedisEventBus({ url: TEST_REDIS_URL, prefix });
  buses.push(bus);
  const app = await buildApp({
    config,
    database,
    logger: false,
    storage: createMemoryStorage(),
    bus,
    rateLimitRedis: bus.redis,
  });
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  if (!reachable) return;
  database = await openTestDatabase();
  a = await startProcess();
  b = await startProcess();
  const admin = await createUser(database.db, { functions: ['system', 'database'] });
  token = (await login(apps[0]!, admin.user.email, admin.password)).token;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  const redis = buses[0]?.redis;
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  for (const bus of buses) await bus.close();
  await database?.close();
});

type Frame = { id: number; event: string; data: Record<string, unknown> };

/**
 * An open event stream: `next(type)` waits for the next frame of that type (frames of other types stay
 * pending for their own `next`); `all` keeps every frame received, in order.
 */
async function openStream(base: string, lastEventId?: number) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: lastEventId ? { 'last-event-id': String(lastEventId) } : {},
    signal: ac.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const pending: Frame[] = [];
  const all: Frame[] = [];
  let buf = '';
  const readMore = async () => {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buf += value;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const lines = buf.slice(0, end).split('\n');
      buf = buf.slice(end + 2);
      const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      const event = field('event');
      if (!event) continue;
      const frame = { id: Number(field('id')), event, data: JSON.parse(field('data')!) };
      pending.push(frame);
      all.push(frame);
    }
  };
  return {
    all,
    async next(type: string): Promise<Frame> {
      for (;;) {
        const i = pending.findIndex((f) => f.event === type);
        if (i >= 0) return pending.splice(i, 1)[0]!;
        await readMore();
      }
    },
    /** Reads until the frame with this id has arrived. */
    async through(id: number): Promise<Frame[]> {
      while (!all.some((f) => f.id >= id)) await readMore();
      return all.filter((f) => f.id <= id);
    },
    close: () => ac.abort(),
  };
}

const push = (base: string, code: string, key: string, value: number, minutesAgo = 0) => {
  const t = pushTime(new Date(Date.now() - minutesAgo * 60_000));
  return fetch(
    `${base}/api/receive-water-level?stationCode=${code}&date=${t.date}&hour=${t.hour}&minute=${t.minute}&value=${value}&key=${key}`,
  );
};
const latestOf = async (base: string, code: string) =>
  (
    (await (await fetch(`${base}/api/water?type=CURRENT_HIGH`)).json()) as { stationCode: string; value: number }[]
  ).find((r) => r.stationCode === code);

describe.skipIf(!reachable)('two server processes sharing events through Redis', () => {
  it('a reading pushed to one process reaches a stream opened on the other, and its caches follow', async () => {
    // B warms its caches first: the latest readings and the station list used by the push path.
    expect(await latestOf(b, 'F01888')).toBeUndefined();
    expect((await push(b, 'F01888', 'no-key', 1)).status).toBeGreaterThanOrEqual(400);
    const onB = await openStream(b);

    const created = await fetch(`${a}/api/station`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'F01888', name: 'Trạm Ba Chẽ', description: 'cầu', lat: 21.27, long: 107.29 }),
    });
    expect(created.status).toBe(200);
    const { pushKey } = (await created.json()) as { pushKey: string };
    // A's 'stations-changed' reaches B's bus (not the browsers: it is internal), before the reading below.

    expect((await push(a, 'F01888', pushKey, 123, 5)).status).toBe(200);
    const reading = await onB.next('reading');
    expect(reading.data).toMatchObject({ stationCode: 'F01888', value: 123, kind: 'water' });
    // B's cached latest readings were dropped by A's event; B's station list knows the new station.
    expect(await latestOf(b, 'F01888')).toMatchObject({ value: 123 });
    expect((await push(b, 'F01888', pushKey, 124)).status).toBe(200);
    const last = await onB.next('reading');
    expect(last.data).toMatchObject({ value: 124 });
    const seenOnB = (await onB.through(last.id)).filter((f) => f.id >= reading.id);
    onB.close();
    // Ids increase along the stream, whichever process published (A's station and reading, B's reading, alerts).
    const ids = seenOnB.map((f) => f.id);
    expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));

    // A stream resumed on A after an id seen on B gets exactly what B streamed after it: one sequence.
    const resumed = await openStream(a, reading.id - 1);
    expect((await resumed.through(last.id)).map((f) => [f.id, f.event])).toEqual(seenOnB.map((f) => [f.id, f.event]));
    resumed.close();
  });

  it('a threshold changed through one process changes what the other serves', async () => {
    const before = (await (await fetch(`${b}/api/web-parameters`)).json()) as { waterHigh: number };
    const onB = await openStream(b);
    const put = await fetch(`${a}/api/system-parameter/2`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Web Parameters', objectValue: { waterHigh: before.waterHigh + 11 } }),
    });
    expect(put.status).toBe(200);
    await onB.next('config');
    onB.close();
    expect(((await (await fetch(`${b}/api/web-parameters`)).json()) as { waterHigh: number }).waterHigh).toBe(
      before.waterHigh + 11,
    );
  });

  it('counts the login rate limit over both processes', async () => {
    // The limit is 4 a minute per address, one already used by beforeAll's sign-in through A.
    const attempt = (base: string) =>
      fetch(`${base}/api/user-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await attempt(b)).status).toBe(400);
    expect((await attempt(a)).status).toBe(400);
    expect((await attempt(b)).status).toBe(400);
    const limited = await attempt(a);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });
});

describe.skipIf(!reachable)('work stays with the process that stored the reading', () => {
  it("the alert engine evaluates its own process's readings, not another's (no second SMS)", async () => {
    const created = await fetch(`${a}/api/station`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'F01999', name: 'Trạm Đồn Đạc', description: 'bến', lat: 21.3, long: 107.3 }),
    });
    const stationId = ((await created.json()) as { id: number }).id;
    // Stored without any bus, then announced to an engine by hand: once as another process's event, once as its own.
    // The two processes' engines stop first: their timer takes what a dead process left in the queue (#19), and
    // would take this reading's record, which here is the hand-made engine's to take or leave.
    for (const app of apps) app.alertEngine.stop();
    const observedAt = new Date(Date.now() - 60_000);
    await createReadingWriter(database.db).write({ stationId, observedAt, value: 150, kind: 'water' });
    const listeners = new Set<(e: BusEvent) => void>();
    const bus: EventBus = {
      publish: () => {},
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      since: () => [],
    };
    const engine = createAlertEngine({
      db: database.db,
      bus,
      webParameters: async () => DEFAULT_WEB_PARAMETERS,
      dispatcher: { wake: () => {} },
      logger: apps[0]!.log,
      now: () => new Date(),
    });
    const announce = (remote: boolean) => {
      const event = {
        id: 1,
        type: 'reading',
        at: '',
        remote,
        data: { stationId, observedAt: observedAt.toISOString() },
      } as BusEvent;
      for (const l of listeners) l(event);
    };
    const openAlerts = async () =>
      (await database.db.select().from(alerts).where(eq(alerts.stationId, stationId))).length;
    const queued = async () =>
      rowsOf(await database.db.execute(sql`select 1 from alert_evaluations_pending where station_id = ${stationId}`))
        .length;
    expect(await queued()).toBe(1);
    announce(true);
    await engine.idle();
    expect(await openAlerts()).toBe(0);
    expect(await queued()).toBe(1);
    announce(false);
    await engine.idle();
    expect(await openAlerts()).toBe(1);
    expect(await queued()).toBe(0);
    engine.stop();
  });
});

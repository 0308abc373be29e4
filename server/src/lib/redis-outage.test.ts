import net from 'node:net';
import { HealthSchema } from '@flood/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, solveHumanCheck, type TestContext } from '../test/test-app';
import { redisReachable, TEST_REDIS_URL } from '../test/test-redis';

/** A port nothing listens on: Redis "down" as a process sees it after the server went away. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The command connection as events-redis.ts opens it (no offline queue, one retry per command). */
const client = (url: string) =>
  new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: () => 500 }).on(
    'error',
    () => {},
  );

/**
 * #18: with REDIS_URL and Redis down, every login answered 500 (the used-challenge store), the per-address
 * limits switched off (skipOnError) and /api/health said ok. Now this process's memory takes over and health
 * says 'degraded' with redis down (still 200: the database answers, the process serves).
 */
describe('a Redis outage', () => {
  let ctx: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    redis = client(`redis://127.0.0.1:${await closedPort()}`);
    ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '4' }, undefined, { rateLimitRedis: redis });
  });
  afterAll(async () => {
    await ctx.close();
    redis.disconnect();
  });
  const login = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/user-login', remoteAddress: '203.0.113.20', payload });

  it('lets staff sign in, still refuses a replayed challenge, keeps the login limit, and shows in health', async () => {
    const { user, password } = await createUser(ctx.db);
    const altcha = await solveHumanCheck(ctx.app);
    const ok = await login({ email: user.email, password, altcha });
    expect(ok.statusCode).toBe(200);
    const replay = await login({ email: user.email, password, altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('HUMAN_CHECK_FAILED');
    expect((await login({ email: 'a@b.vn', password: 'x', altcha: 'x' })).statusCode).toBe(400);
    expect((await login({ email: 'a@b.vn', password: 'x', altcha: 'x' })).statusCode).toBe(400);
    expect((await login({ email: 'a@b.vn', password: 'x', altcha: 'x' })).statusCode).toBe(429);

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const body = HealthSchema.parse(health.json());
    expect(body.status).toBe('degraded');
    expect(body.database.ok).toBe(true);
    expect(body.redis).toEqual({ ok: false });
  });
});

const reachable = await redisReachable();

describe.skipIf(!reachable)('health with a working Redis', () => {
  it('says ok with redis ok, and leaves redis out when there is none', async () => {
    const redis = client(TEST_REDIS_URL);
    await new Promise((resolve) => redis.once('ready', resolve));
    const ctx = await createTestApp({}, undefined, { rateLimitRedis: redis });
    try {
      const body = HealthSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json());
      expect(body).toMatchObject({ status: 'ok', redis: { ok: true } });
    } finally {
      await ctx.close();
      redis.disconnect();
    }
    const plain = await createTestApp();
    try {
      const body = HealthSchema.parse((await plain.app.inject({ method: 'GET', url: '/api/health' })).json());
      expect(body.status).toBe('ok');
      expect(body.redis).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/test-redis';
import { createAltchaHumanCheck, createRedisReplayStore } from './human-check';

const reachable = await redisReachable();

describe.skipIf(!reachable)('ALTCHA replay memory shared through Redis (two processes behind one balancer)', () => {
  const redis = reachable ? new Redis(TEST_REDIS_URL) : undefined;
  afterAll(() => redis?.quit());
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

  it('accepts a solved challenge once across both processes, and a new one again', async () => {
    const prefix = uniqueRedisPrefix('altcha');
    const options = { secret: 'bi-mat-chung-cua-hai-may', cost: 1, maxCounter: 4 };
    const one = createAltchaHumanCheck({ ...options, replay: createRedisReplayStore(redis!, prefix) });
    const two = createAltchaHumanCheck({ ...options, replay: createRedisReplayStore(redis!, prefix) });
    const solve = async () => {
      const challenge = await one.createChallenge();
      return encode({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
    };
    const payload = await solve();
    expect(await two.verify(payload)).toBe(true);
    expect(await one.verify(payload)).toBe(false);
    expect(await two.verify(payload)).toBe(false);
    // Forgotten when the challenge expires (10 min): the key carries that lifetime.
    const keys = await redis!.keys(`${prefix}altcha-used:*`);
    expect(keys).toHaveLength(1);
    const ttl = await redis!.pttl(keys[0]!);
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    expect(await one.verify(await solve())).toBe(true);
    await redis!.del(...(await redis!.keys(`${prefix}*`)));
  });

  it('accepts a payload given to both at once only once', async () => {
    const prefix = uniqueRedisPrefix('altcha-race');
    const options = { secret: 'bi-mat-chung-cua-hai-may', cost: 1, maxCounter: 4 };
    const checks = [1, 2, 3, 4].map(() =>
      createAltchaHumanCheck({ ...options, replay: createRedisReplayStore(redis!, prefix) }),
    );
    const challenge = await checks[0]!.createChallenge();
    const payload = encode({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
    const results = await Promise.all(checks.map((c) => c.verify(payload)));
    expect(results.filter(Boolean)).toHaveLength(1);
    await redis!.del(...(await redis!.keys(`${prefix}*`)));
  });
});

describe('ALTCHA replay memory while Redis is down (#18)', () => {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
  const down = {
    set: async (): Promise<'OK' | null> => {
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    },
  };

  it('falls back to this process memory: a solved challenge is accepted once, and the outage is reported', async () => {
    const reported: unknown[] = [];
    const check = createAltchaHumanCheck({
      secret: 'bi-mat-chung-cua-hai-may',
      cost: 1,
      maxCounter: 4,
      replay: createRedisReplayStore(down, 'flood:', { onFallback: (err) => reported.push(err) }),
    });
    const challenge = await check.createChallenge();
    const payload = encode({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
    expect(await check.verify(payload)).toBe(true);
    expect(await check.verify(payload)).toBe(false);
    expect(reported).toHaveLength(2);
  });

  it('still refuses, during an outage, a challenge this process claimed through Redis before it', async () => {
    let up = true;
    const used = new Set<string>();
    const flaky = {
      set: async (key: string): Promise<'OK' | null> => {
        if (!up) throw new Error('Connection is closed.');
        if (used.has(key)) return null;
        used.add(key);
        return 'OK';
      },
    };
    const check = createAltchaHumanCheck({
      secret: 'bi-mat-chung-cua-hai-may',
      cost: 1,
      maxCounter: 4,
      replay: createRedisReplayStore(flaky, 'flood:'),
    });
    const challenge = await check.createChallenge();
    const payload = encode({ challenge, solution: await solveChallenge({ challenge, deriveKey }) });
    expect(await check.verify(payload)).toBe(true);
    up = false;
    expect(await check.verify(payload)).toBe(false);
  });
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import { redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../test/test-redis';
import type { BusEvent } from './events';
import { createRedisEventBus, type RedisEventBus } from './events-redis';

/** These tests follow the transport, not the payloads: each event carries a marker instead of a real payload. */
const marker = (data: object) => data as never;

const reachable = await redisReachable();
const opened: RedisEventBus[] = [];
const prefixes: string[] = [];

/** A bus as one server process would have it; every bus of a test shares that test's prefix. */
async function open(prefix: string, bufferSize?: number): Promise<RedisEventBus & { heard: BusEvent[] }> {
  const bus = await createRedisEventBus({ url: TEST_REDIS_URL, prefix, bufferSize });
  opened.push(bus);
  const heard: BusEvent[] = [];
  bus.subscribe((e) => heard.push(e));
  return Object.assign(bus, { heard });
}
const newPrefix = (name: string) => {
  const p = uniqueRedisPrefix(name);
  prefixes.push(p);
  return p;
};

afterAll(async () => {
  const cleaner = opened[0]?.redis;
  if (cleaner && cleaner.status === 'ready') {
    for (const p of prefixes) await cleaner.del(`${p}events:seq`, `${p}events:log`);
  }
  await Promise.all(opened.map((b) => b.close()));
});

describe.skipIf(!reachable)('Redis event bus', () => {
  it('delivers an event published in one process to another, marked remote there only', async () => {
    const prefix = newPrefix('fanout');
    const a = await open(prefix);
    const b = await open(prefix);
    a.publish('reading', marker({ stationCode: 'F01', value: 12 }));
    await vi.waitFor(() => expect(b.heard).toHaveLength(1));
    await vi.waitFor(() => expect(a.heard).toHaveLength(1));
    expect(b.heard[0]).toMatchObject({ type: 'reading', data: { stationCode: 'F01', value: 12 }, remote: true });
    expect(a.heard[0]).toMatchObject({ type: 'reading', remote: false });
    expect(a.heard[0]!.id).toBe(b.heard[0]!.id);
  });

  it('gives every process the same events in one increasing order, whoever publishes', async () => {
    const prefix = newPrefix('order');
    const a = await open(prefix);
    const b = await open(prefix);
    for (let i = 0; i < 40; i++) (i % 2 ? a : b).publish('reading', marker({ i }));
    await vi.waitFor(() => expect(a.heard.length + b.heard.length).toBe(80));
    const ids = a.heard.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(40);
    expect(b.heard.map((e) => e.id)).toEqual(ids);
    expect(b.heard.map((e) => e.data)).toEqual(a.heard.map((e) => e.data));
  });

  it('lets a process started later replay what others published (capped), so resume works on any process', async () => {
    const prefix = newPrefix('replay');
    const a = await open(prefix, 5);
    for (let i = 0; i < 8; i++) a.publish('reading', marker({ i }));
    await vi.waitFor(() => expect(a.heard).toHaveLength(8));
    const late = await open(prefix, 5);
    expect(late.since(0).map((e) => e.data)).toEqual([3, 4, 5, 6, 7].map((i) => ({ i })));
    const cut = a.heard[5]!.id;
    expect(late.since(cut).map((e) => e.id)).toEqual(a.heard.slice(6).map((e) => e.id));
    expect(late.since(cut).every((e) => e.remote)).toBe(true);
    expect(late.heard).toEqual([]);
  });

  it('catches up in order, without duplicates, after its subscription was cut', async () => {
    const prefix = newPrefix('reconnect');
    const subscribers = async () =>
      ((await opened[0]!.redis.client('LIST')) as string)
        .split('\n')
        .filter((l) => l.includes(` name=${prefix}sub-`))
        .map((l) => /\bid=(\d+)/.exec(l)![1]!);
    const a = await open(prefix);
    const ofA = await subscribers();
    const b = await open(prefix);
    const ofB = (await subscribers()).filter((id) => !ofA.includes(id));
    expect(ofB).toHaveLength(1);
    a.publish('reading', marker({ n: 1 }));
    await vi.waitFor(() => expect(b.heard).toHaveLength(1));
    // Cut b's subscriber connection (found by its name, so parallel runs are untouched) and publish meanwhile.
    await a.redis.client('KILL', 'ID', ofB[0]!);
    for (let n = 2; n <= 5; n++) a.publish('reading', marker({ n }));
    await vi.waitFor(() => expect(a.heard).toHaveLength(5));
    await vi.waitFor(() => expect(b.heard).toHaveLength(5), { timeout: 10_000 });
    expect(b.heard.map((e) => e.data)).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(b.heard.map((e) => e.id)).toEqual(a.heard.map((e) => e.id));
  });

  it('still delivers in its own process while Redis cannot be reached, without inventing an id', async () => {
    const prefix = newPrefix('offline');
    const a = await open(prefix);
    a.publish('reading', marker({ n: 1 }));
    await vi.waitFor(() => expect(a.heard).toHaveLength(1));
    a.redis.disconnect();
    a.publish('alert', marker({ n: 2 }));
    await vi.waitFor(() => expect(a.heard).toHaveLength(2));
    expect(a.heard[1]).toMatchObject({ type: 'alert', data: { n: 2 }, id: a.heard[0]!.id });
    expect(a.heard[1]!.remote).toBeFalsy();
  });

  it('refuses to start when Redis does not answer, naming REDIS_URL', async () => {
    await expect(
      createRedisEventBus({ url: 'redis://127.0.0.1:1', prefix: newPrefix('down'), connectTimeoutMs: 500 }),
    ).rejects.toThrow(/REDIS_URL/);
  });
});

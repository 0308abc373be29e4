import { randomBytes } from 'node:crypto';
import { isPortalEventName } from '@flood/domain';
import type { Redis } from 'ioredis';
import type { BusEvent, EventBus } from './events';

/**
 * One atomic step per event: the next id of the one sequence, the capped replay log, the fan-out. Redis runs
 * scripts one at a time, so every subscriber receives the events in id order — the order each stream sends.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('INCR', KEYS[1])
local msg = id .. ' ' .. ARGV[2]
redis.call('LPUSH', KEYS[2], msg)
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[3]) - 1)
redis.call('PUBLISH', ARGV[1], msg)
return id`;

type ScriptedRedis = Redis & {
  publishEvent(seqKey: string, logKey: string, channel: string, payload: string, cap: number): Promise<number>;
};

export interface RedisEventBusOptions {
  url: string;
  /** Prefix of the channel and keys, so several portals (or test runs) can share one Redis. */
  prefix?: string;
  /** Events kept for resuming streams, in Redis and in each process. */
  bufferSize?: number;
  /** Gives up starting when Redis does not answer within this time. */
  connectTimeoutMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}

export interface RedisEventBus extends EventBus {
  /** The command connection (shared with the rate-limit store). */
  readonly redis: Redis;
  close(): Promise<void>;
}

function parse(raw: string, me: string): BusEvent | undefined {
  const space = raw.indexOf(' ');
  const id = Number(raw.slice(0, space));
  if (!(space > 0 && Number.isSafeInteger(id))) return undefined;
  try {
    const p = JSON.parse(raw.slice(space + 1)) as { type: string; data: unknown; at: string; origin: string };
    // A name this process does not know (a newer version beside it) is not for its listeners.
    if (!isPortalEventName(p.type)) return undefined;
    return { id, type: p.type, data: p.data, at: p.at, remote: p.origin !== me } as BusEvent;
  } catch {
    return undefined;
  }
}

/**
 * The event bus across server processes (ARCHITECTURE.md "Events", docs/operations.md): ids come from one
 * Redis counter and fan out through pub/sub in id order, so a browser resumes with Last-Event-ID on any
 * process; the last `bufferSize` events also sit in a Redis list, read at start and after a reconnection, so
 * `since` answers for events published before this process heard them. While Redis is down an event still
 * reaches this process's listeners (alerts keep being evaluated), with the last id heard (no new id exists).
 * ioredis is loaded only here, when REDIS_URL is set.
 */
export async function createRedisEventBus(opts: RedisEventBusOptions): Promise<RedisEventBus> {
  const { Redis: RedisClient } = await import('ioredis');
  const prefix = opts.prefix ?? 'flood:';
  const bufferSize = opts.bufferSize ?? 1000;
  const channel = `${prefix}events`;
  const seqKey = `${prefix}events:seq`;
  const logKey = `${prefix}events:log`;
  const me = randomBytes(8).toString('hex');
  const warn = (err: unknown, msg: string) => opts.logger?.warn({ err }, msg);
  const common = {
    lazyConnect: true,
    connectTimeout: opts.connectTimeoutMs ?? 10_000,
    // A command while disconnected fails at once instead of queueing: an event is then delivered here alone
    // rather than late, and a rate-limit check lets the request through (skipOnError).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
  const cmd = new RedisClient(opts.url, common) as ScriptedRedis;
  const sub = new RedisClient(opts.url, { ...common, enableOfflineQueue: true, connectionName: `${prefix}sub-${me}` });
  cmd.defineCommand('publishEvent', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  // Errors show as failed commands and reconnections; without a listener ioredis prints each one.
  cmd.on('error', () => {});
  sub.on('error', () => {});

  const listeners = new Set<(event: BusEvent) => void>();
  const buffer: BusEvent[] = [];
  let lastId = 0;
  let syncing = true;
  let pending: BusEvent[] = [];
  let closed = false;

  const deliver = (e: BusEvent) => {
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        // A failing listener must not stop the others.
      }
    }
  };
  const accept = (e: BusEvent, notify: boolean) => {
    if (e.id <= lastId) return;
    lastId = e.id;
    buffer.push(e);
    if (buffer.length > bufferSize) buffer.shift();
    if (notify) deliver(e);
  };
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    const e = parse(raw, me);
    if (!e) return;
    if (syncing) pending.push(e);
    else accept(e, true);
  });

  /** Subscribes, then reads the log: whatever the log lacks arrives as a message, duplicates are skipped by id. */
  async function sync(notify: boolean): Promise<void> {
    syncing = true;
    try {
      await sub.subscribe(channel);
      const logged = (await cmd.lrange(logKey, 0, -1))
        .map((raw) => parse(raw, me))
        .filter((e): e is BusEvent => e !== undefined)
        .sort((a, b) => a.id - b.id);
      for (const e of logged) accept(e, notify);
    } finally {
      syncing = false;
      const queued = pending.sort((a, b) => a.id - b.id);
      pending = [];
      for (const e of queued) accept(e, true);
    }
  }

  try {
    await Promise.all([cmd.connect(), sub.connect()]);
    await sync(false);
  } catch (err) {
    cmd.disconnect();
    sub.disconnect();
    throw new Error(`Redis không kết nối được / cannot reach Redis (REDIS_URL): ${(err as Error).message}`);
  }
  // After a reconnection: the events published meanwhile reach the listeners in order (as far as the log keeps them).
  sub.on('ready', () => {
    if (!closed) sync(true).catch((err) => warn(err, 'event bus resync failed'));
  });

  return {
    redis: cmd,
    publish(type, data) {
      const payload = JSON.stringify({ type, data, at: new Date().toISOString(), origin: me });
      cmd.publishEvent(seqKey, logKey, channel, payload, bufferSize).catch((err: unknown) => {
        if (!closed) warn(err, 'event not published through Redis; delivered in this process only');
        const p = JSON.parse(payload) as { data: unknown; at: string };
        deliver({ id: lastId, type, data: p.data, at: p.at } as BusEvent);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    since(id) {
      return buffer.filter((e) => e.id > id);
    },
    async close() {
      closed = true;
      listeners.clear();
      await Promise.allSettled([sub.quit(), cmd.quit()]);
      sub.disconnect();
      cmd.disconnect();
    },
  };
}

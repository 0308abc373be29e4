import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

const require = createRequire(import.meta.url);

type StoreImpl = FastifyRateLimitStore;
type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => StoreImpl;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => StoreImpl;
// The plugin's own stores (not exported by its entry point, but stable files of the package).
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/** Counts in Redis while it answers, else in this process's memory. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: StoreImpl,
    private readonly local: StoreImpl,
    private readonly onFallback: (err: unknown) => void,
  ) {}

  incr(
    key: string,
    cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    // Not connected: no round trip to wait for.
    if (this.redis.status !== 'ready') {
      this.onFallback(new Error(`Redis ${this.redis.status}`));
      this.local.incr(key, cb, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (err, result) => {
        if (err || !result) {
          this.onFallback(err);
          this.local.incr(key, cb, timeWindow, max);
        } else cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.onFallback,
    );
  }
}

/**
 * The rate-limit store of several processes (REDIS_URL): one count for all of them in Redis; while Redis is
 * down each process counts in its own memory, so the limits stay on (per process) instead of switching off
 * as `skipOnError` did. `onFallback` hears each fallback (the app logs it at most once a minute).
 */
export function redisStoreWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  onFallback: (err: unknown) => void = () => {},
): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(params: FastifyRateLimitOptions) {
      // The plugin hands its resolved global parameters.
      const options = params as RateLimitOptions;
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
        onFallback,
      );
    }
  };
}

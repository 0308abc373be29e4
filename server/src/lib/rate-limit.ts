import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from './errors';

/** How many anonymous calls one client address may make per window. */
export interface AnonymousPostLimit {
  max: number;
  windowMs: number;
}

/**
 * The `config.rateLimit` of a public post (feedback, flood photo, route request): limited per client address, signed-in staff
 * not limited (the access hook has already resolved the bearer token), and a 429 saying in Vietnamese what
 * was sent too often (`what`, e.g. 'góp ý') and in how many minutes to try again.
 */
export function anonymousPostRateLimit(limit: AnonymousPostLimit, what: string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    allowList: (req) => req.actor !== undefined,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        'RATE_LIMITED',
        `Bạn đã gửi quá nhiều ${what} từ địa chỉ này. Vui lòng thử lại sau ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} phút.`,
      ),
  };
}

import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The self-hosted "not a robot" check of the login form (ALTCHA proof of work, no third party). */
export interface HumanCheck {
  createChallenge(): Promise<Challenge>;
  /** True once per solved challenge: a payload cannot be replayed. */
  verify(payload: string): Promise<boolean>;
}

/**
 * Remembers solved challenges so that each is accepted once. In memory by default (one process); with
 * REDIS_URL every process shares it, so a solved challenge cannot be replayed against another process.
 */
export interface ReplayStore {
  /** True the first time `signature` is claimed within `ttlMs`; false when it was already claimed. */
  claim(signature: string, ttlMs: number): Promise<boolean>;
}

/** The minimal Redis surface the shared store uses (ioredis' `set` with PX and NX). */
export interface ReplayRedis {
  set(key: string, value: string, px: 'PX', ttlMs: number, nx: 'NX'): Promise<'OK' | null>;
}

/** One process's memory of solved challenges, forgotten when they expire. */
export function createMemoryReplayStore(nowMs: () => number = Date.now): ReplayStore {
  const used = new Map<string, number>();
  return {
    async claim(signature, ttlMs) {
      const now = nowMs();
      for (const [sig, exp] of used) if (exp <= now) used.delete(sig);
      if (used.has(signature)) return false;
      used.set(signature, now + ttlMs);
      return true;
    },
  };
}

/**
 * Solved challenges shared by every process through Redis: `SET key 1 PX ttl NX` claims atomically. While
 * Redis does not answer, this process's memory takes over (a challenge is then accepted once per process,
 * as without REDIS_URL) instead of failing every login; `onFallback` is told (logged as a warning).
 */
export function createRedisReplayStore(
  redis: ReplayRedis,
  prefix: string,
  opts: { fallback?: ReplayStore; onFallback?: (err: unknown) => void } = {},
): ReplayStore {
  const fallback = opts.fallback ?? createMemoryReplayStore();
  return {
    async claim(signature, ttlMs) {
      let answer: 'OK' | null;
      try {
        answer = await redis.set(`${prefix}altcha-used:${signature}`, '1', 'PX', ttlMs, 'NX');
      } catch (err) {
        opts.onFallback?.(err);
        return fallback.claim(signature, ttlMs);
      }
      // Remembered here too, so a challenge claimed through Redis cannot be claimed again locally in an outage.
      if (answer === 'OK') await fallback.claim(signature, ttlMs);
      return answer === 'OK';
    },
  };
}

export interface AltchaOptions {
  /** HMAC secret; processes behind one load balancer must share it. */
  secret?: string | undefined;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The solution lies in [maxCounter/2, maxCounter]: the expected work of a browser. */
  maxCounter: number;
  ttlSeconds?: number;
  /** Where solved challenges are remembered (default: this process's memory). */
  replay?: ReplayStore;
}

const ALGORITHM = 'PBKDF2/SHA-256';

/** Creates and verifies ALTCHA v2 challenges, remembering used ones until they expire. */
export function createAltchaHumanCheck(opts: AltchaOptions): HumanCheck {
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  const keySecret = `${secret}:key`;
  const ttl = opts.ttlSeconds ?? 600;
  const replay = opts.replay ?? createMemoryReplayStore();

  return {
    createChallenge() {
      const min = Math.max(1, Math.floor(opts.maxCounter / 2));
      return createChallenge({
        algorithm: ALGORITHM,
        cost: opts.cost,
        counter: randomInt(min, opts.maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ttl * 1000),
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
    },
    async verify(payload) {
      let parsed: { challenge?: Challenge; solution?: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const { challenge, solution } = parsed;
      if (!challenge?.signature || !challenge.parameters || !solution) return false;
      if (challenge.parameters.algorithm !== ALGORITHM) return false;
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        });
      } catch {
        return false;
      }
      if (!result.verified) return false;
      // Claimed only once verified, atomically: of two processes given the same payload, one accepts it.
      return replay.claim(challenge.signature, ttl * 1000);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The self-hosted "not a robot" check of the login form (ALTCHA proof of work, no third party). */
export interface HumanCheck {
  createChallenge(): Promise<Challenge>;
  /** True once per solved challenge: a payload cannot be replayed. */
  verify(payload: string): Promise<boolean>;
}

export interface AltchaOptions {
  /** HMAC secret; processes behind one load balancer must share it. */
  secret?: string | undefined;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The solution lies in [maxCounter/2, maxCounter]: the expected work of a browser. */
  maxCounter: number;
  ttlSeconds?: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';

/** Creates and verifies ALTCHA v2 challenges, remembering used ones until they expire. */
export function createAltchaHumanCheck(opts: AltchaOptions): HumanCheck {
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  const keySecret = `${secret}:key`;
  const ttl = opts.ttlSeconds ?? 600;
  const used = new Map<string, number>();

  const forgetExpired = (nowMs: number) => {
    for (const [sig, exp] of used) if (exp <= nowMs) used.delete(sig);
  };

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
      const nowMs = Date.now();
      forgetExpired(nowMs);
      if (used.has(challenge.signature)) return false;
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
      used.set(challenge.signature, nowMs + ttl * 1000);
      return true;
    },
  };
}

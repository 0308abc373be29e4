import { effectiveScope, type LoginResponse } from '@flood/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { AUDIT, recordAudit } from '../audit/audit.service';
import { findGroup } from '../groups/groups.repository';
import { findUserByEmail, toUserDetail } from '../users/users.repository';
import { deleteSession, extendSession, findLiveSession, insertLoginAttempt, insertSession } from './auth.repository';
import type { HumanCheck } from './human-check';
import { createLockout } from './lockout';

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'SESSION_MAX_HOURS' | 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>;
  humanCheck: HumanCheck;
  now: () => Date;
}

export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

/** Sign-in, sign-out and the bearer-token check of every request. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, humanCheck, now } = deps;
  const ttlMs = config.SESSION_TTL_HOURS * 3_600_000;
  // However much a session is used, it ends this long after sign-in (ASVS 3.3.2: re-authenticate periodically).
  const maxMs = config.SESSION_MAX_HOURS * 3_600_000;
  const lockout = createLockout({ db, config, now });
  // Unknown e-mails still cost one argon2 verification, so timing does not reveal which accounts exist.
  let dummyHash: Promise<string> | undefined;

  return {
    async login(
      body: { email: string; password: string; altcha: string },
      ctx: RequestContext,
    ): Promise<LoginResponse> {
      if (!(await humanCheck.verify(body.altcha))) throw new AppError('HUMAN_CHECK_FAILED');
      await lockout.assertNotLocked(body.email, ctx.ip);
      const user = await findUserByEmail(db, body.email);
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, body.password);
      else {
        dummyHash ??= hashPassword(randomToken());
        await verifyPassword(await dummyHash, body.password);
      }
      if (!user || !ok) {
        await lockout.recordFailure(body.email, ctx.ip);
        throw new AppError('LOGIN_FAILED');
      }
      const token = randomToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + Math.min(ttlMs, maxMs));
      await db.transaction(async (tx) => {
        await insertSession(tx, {
          tokenHash: sha256(token),
          userId: user.id,
          createdAt,
          expiresAt,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        });
        await insertLoginAttempt(tx, body.email, ctx.ip, true);
        await recordAudit(tx, { userId: user.id, name: user.name }, AUDIT.login);
      });
      const group = user.groupId === null ? undefined : await findGroup(db, user.groupId);
      const units = effectiveScope(user.units, group?.units);
      return { token, id: user.id, expiresAt: expiresAt.toISOString(), userDetail: toUserDetail(user, units) };
    },

    /**
     * Resolves a bearer token to its actor, sliding the expiry forward when half of it has passed, never past
     * the session's absolute end (SESSION_MAX_HOURS after sign-in).
     */
    async resolveToken(token: string): Promise<Actor | undefined> {
      if (token.length < 20 || token.length > 200) return undefined;
      const t = now();
      const found = await findLiveSession(db, sha256(token), t);
      if (!found) return undefined;
      const hardEnd = found.createdAt.getTime() + maxMs;
      if (found.expiresAt.getTime() - t.getTime() < ttlMs / 2 && found.expiresAt.getTime() < hardEnd) {
        await extendSession(db, found.sessionId, new Date(Math.min(t.getTime() + ttlMs, hardEnd)));
      }
      const { user } = found;
      return {
        userId: user.id,
        sessionId: found.sessionId,
        name: user.name,
        email: user.email,
        functions: user.functions,
        isSystem: user.isSystem,
        units: effectiveScope(user.units, found.groupUnits),
      };
    },

    /** Revokes the caller's token at once and records the sign-out. */
    async logout(actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await deleteSession(tx, actor.sessionId);
        await recordAudit(tx, actor, AUDIT.logout);
      });
    },

    createChallenge: () => humanCheck.createChallenge(),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

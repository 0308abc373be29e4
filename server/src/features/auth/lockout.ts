import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { countRecentFailures, insertLoginAttempt } from './auth.repository';

export interface LockoutDeps {
  db: Db;
  config: Pick<Config, 'LOGIN_MAX_FAILURES' | 'LOGIN_LOCK_MINUTES'>;
  now: () => Date;
}

/**
 * The lock against password guessing (docs/decisions.md, docs/security.md): failures of the login form and of
 * the old password in a password change count together, so a stolen session cannot guess the password either.
 * It is per account *and address* (#18): an attacker's failures lock the attacker's address out of that
 * account, never the owner signing in from elsewhere with the right password.
 */
export function createLockout({ db, config, now }: LockoutDeps) {
  return {
    /** Refuses (429) an account from an address with too many recent failures, whether or not the account exists. */
    async assertNotLocked(email: string, ip: string | null): Promise<void> {
      const windowMs = config.LOGIN_LOCK_MINUTES * 60_000;
      const since = new Date(now().getTime() - windowMs);
      const { failures, oldest } = await countRecentFailures(db, email, ip, since);
      if (failures < config.LOGIN_MAX_FAILURES) return;
      const unlockMs = (oldest?.getTime() ?? now().getTime()) + windowMs - now().getTime();
      const minutes = Math.max(1, Math.ceil(unlockMs / 60_000));
      throw new AppError(
        'RATE_LIMITED',
        `Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau ${minutes} phút.`,
      );
    },
    recordFailure: (email: string, ip: string | null) => insertLoginAttempt(db, email, ip, false),
  };
}
export type Lockout = ReturnType<typeof createLockout>;

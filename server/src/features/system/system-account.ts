import { PERMISSIONS } from '@flood/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { hashPassword, randomToken, verifyPassword } from '../../lib/crypto';
import { findSystemUser, insertUser, updateUser } from '../users/users.repository';

export interface SystemAccountResult {
  email: string;
  created: boolean;
  /** Set only when the password was generated now: printed once, never stored in clear. */
  generatedPassword?: string;
  passwordFromEnv: boolean;
}

/**
 * Creates the built-in system account at first start (password from ADMIN_PASSWORD, or generated), and at
 * every start keeps it holding every permission. Setting ADMIN_PASSWORD later resets its password.
 */
export async function ensureSystemAccount(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'ADMIN_NAME'>,
): Promise<SystemAccountResult> {
  const existing = await findSystemUser(db);
  const passwordFromEnv = Boolean(config.ADMIN_PASSWORD);
  if (!existing) {
    const generatedPassword = config.ADMIN_PASSWORD ? undefined : randomToken(12);
    const password = config.ADMIN_PASSWORD ?? generatedPassword!;
    await insertUser(db, {
      name: config.ADMIN_NAME,
      email: config.ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      functions: [...PERMISSIONS],
      isSystem: true,
    });
    return { email: config.ADMIN_EMAIL, created: true, generatedPassword, passwordFromEnv };
  }
  const changes: Parameters<typeof updateUser>[2] = {};
  if (existing.functions.length !== PERMISSIONS.length) changes.functions = [...PERMISSIONS];
  if (existing.email !== config.ADMIN_EMAIL) changes.email = config.ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD && !(await verifyPassword(existing.passwordHash, config.ADMIN_PASSWORD))) {
    changes.passwordHash = await hashPassword(config.ADMIN_PASSWORD);
  }
  if (Object.keys(changes).length > 0) await updateUser(db, existing.id, changes);
  return { email: config.ADMIN_EMAIL, created: false, passwordFromEnv };
}

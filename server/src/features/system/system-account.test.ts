import { PERMISSIONS } from '@flood/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { verifyPassword } from '../../lib/crypto';
import { openTestDatabase } from '../../test/test-db';
import { users } from '../users/users.table';
import { ensureSystemAccount } from './system-account';

let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const base = { ADMIN_EMAIL: 'admin@bache.local', ADMIN_NAME: 'Quản trị hệ thống', ADMIN_PASSWORD: undefined };

describe('ensureSystemAccount', () => {
  it('creates the account with a generated password printed once and every permission', async () => {
    const first = await ensureSystemAccount(database.db, base);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [row] = await database.db.select().from(users).where(eq(users.isSystem, true));
    expect(row?.functions).toEqual([
      'analyze',
      'system',
      'user',
      'news',
      'data-layer',
      'database',
      'sms',
      'feedback',
      'warning',
    ]);
    expect(await verifyPassword(row!.passwordHash, first.generatedPassword!)).toBe(true);
    const second = await ensureSystemAccount(database.db, base);
    expect(second.created).toBe(false);
    expect(second.generatedPassword).toBeUndefined();
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('uses ADMIN_PASSWORD, and resets to it and restores permissions on a later start', async () => {
    await ensureSystemAccount(database.db, { ...base, ADMIN_PASSWORD: 'mat-khau-dau' });
    await database.db
      .update(users)
      .set({ functions: ['system'] })
      .where(eq(users.isSystem, true));
    await ensureSystemAccount(database.db, { ...base, ADMIN_PASSWORD: 'mat-khau-moi' });
    const [row] = await database.db.select().from(users).where(eq(users.isSystem, true));
    expect(await verifyPassword(row!.passwordHash, 'mat-khau-moi')).toBe(true);
    expect(row?.functions).toHaveLength(PERMISSIONS.length);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../test/test-app';
import { LOGIN_ATTEMPTS_KEPT_MS, purgeExpiredAuthRows } from './auth.repository';
import { loginAttempts, phoneVerifications, sessions } from './sessions.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;

describe('purgeExpiredAuthRows', () => {
  it('removes expired sessions, month-old login attempts and spent phone codes, and keeps the live ones', async () => {
    const { user } = await createUser(ctx.db, { functions: ['system'] });
    const now = new Date('2026-11-23T10:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const session = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      userId: user.id,
      createdAt: at(-2 * HOUR),
      expiresAt,
      ip: null,
      userAgent: null,
    });
    await ctx.db.insert(sessions).values([session('a'.repeat(64), at(-1)), session('b'.repeat(64), at(HOUR))]);
    const email = `purge-${user.id}@example.vn`;
    await ctx.db.insert(loginAttempts).values([
      { email, ip: null, succeeded: 0, createdAt: at(-LOGIN_ATTEMPTS_KEPT_MS - HOUR) },
      { email, ip: null, succeeded: 0, createdAt: at(-HOUR) },
    ]);
    const code = (expiresAt: Date) => ({ userId: user.id, phone: '0912345678', codeHash: 'c'.repeat(64), expiresAt });
    await ctx.db.insert(phoneVerifications).values([code(at(-25 * HOUR)), code(at(-HOUR))]);

    const gone = await purgeExpiredAuthRows(ctx.db, now);
    expect(gone).toMatchObject({ sessions: expect.any(Number), loginAttempts: 1, phoneCodes: 1 });
    expect(gone.sessions).toBeGreaterThanOrEqual(1);

    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.tokenHash)).toEqual(['b'.repeat(64)]);
    const attempts = await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(attempts.map((a) => a.createdAt.toISOString())).toEqual([at(-HOUR).toISOString()]);
    const codes = await ctx.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, user.id));
    expect(codes.map((c) => c.expiresAt.toISOString())).toEqual([at(-HOUR).toISOString()]);
  });
});

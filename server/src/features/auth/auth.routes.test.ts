import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { loginAttempts, sessions } from './sessions.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx?.close());

const postLogin = async (payload: Record<string, unknown>, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user-login', payload, ...(remoteAddress ? { remoteAddress } : {}) });

describe('POST /api/user-login', () => {
  it('signs in with a solved human check and returns the current user with an opaque token', async () => {
    const { user, password } = await createUser(ctx.db, { functions: ['system', 'user'] });
    const res = await postLogin({ email: user.email.toUpperCase(), password, altcha: await solveHumanCheck(ctx.app) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(user.id);
    expect(body.userDetail).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: null,
      verified: false,
      groupId: null,
      functions: ['system', 'user'],
      system: false,
      // No units of its own nor a group's: every unit (#26).
      units: [],
    });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    // The 24 h idle lifetime, capped by the 12 h absolute one (SESSION_MAX_HOURS, docs/security.md V3.3.2).
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
    expect(new Date(body.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3600_000);
    // Only the hash of the token is stored.
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(body.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(audit?.content).toBe('Đăng nhập hệ thống');
    // The password hash never leaves the server.
    expect(res.body).not.toContain('argon2');
  });

  it('names each bad field', async () => {
    const res = await postLogin({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.requestId).toBeTruthy();
    expect(body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['altcha', 'email', 'password']);
    expect(body.message).toContain('email');
    expect(body.fields.find((f: { field: string }) => f.field === 'email').message).toBe('Email không hợp lệ');
  });

  it('refuses a wrong password with "Đăng nhập thất bại" and the same answer for an unknown e-mail', async () => {
    const { user } = await createUser(ctx.db);
    const wrong = await postLogin({
      email: user.email,
      password: 'sai-mat-khau',
      altcha: await solveHumanCheck(ctx.app),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED', message: 'Đăng nhập thất bại' });
    const unknown = await postLogin({
      email: 'khong.ton.tai@bache.local',
      password: 'sai-mat-khau',
      altcha: await solveHumanCheck(ctx.app),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Đăng nhập thất bại');
  });

  it('refuses a missing, forged or replayed human check', async () => {
    const { user, password } = await createUser(ctx.db);
    const forged = await postLogin({ email: user.email, password, altcha: Buffer.from('{}').toString('base64') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('HUMAN_CHECK_FAILED');
    const altcha = await solveHumanCheck(ctx.app);
    expect((await postLogin({ email: user.email, password, altcha })).statusCode).toBe(200);
    const replay = await postLogin({ email: user.email, password, altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('locks an account from an address after repeated failures, with a Vietnamese message, even for the right password', async () => {
    const { user, password } = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) {
      const r = await postLogin({
        email: user.email,
        password: 'sai-mat-khau',
        altcha: await solveHumanCheck(ctx.app),
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await postLogin({ email: user.email, password, altcha: await solveHumanCheck(ctx.app) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(locked.json().message).toMatch(
      /^Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần\. Vui lòng thử lại sau 15 phút\.$/,
    );
    const attempts = await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts.filter((a) => a.succeeded === 0)).toHaveLength(3);
  });

  it('locks only the failing address: the owner still signs in from another one with the right password (#18)', async () => {
    const { user, password } = await createUser(ctx.db);
    const attacker = '203.0.113.66';
    const owner = '10.20.0.7';
    // The attacker keeps failing, round after round, past the lock.
    for (let i = 0; i < 5; i++) {
      const r = await postLogin(
        { email: user.email, password: 'doan-mo-mat-khau', altcha: await solveHumanCheck(ctx.app) },
        attacker,
      );
      expect(r.statusCode).toBe(i < 3 ? 401 : 429);
    }
    const ownerIn = await postLogin({ email: user.email, password, altcha: await solveHumanCheck(ctx.app) }, owner);
    expect(ownerIn.statusCode, ownerIn.body).toBe(200);
    // The owner's success does not unlock the attacker's address, which stays locked even with the password.
    const still = await postLogin({ email: user.email, password, altcha: await solveHumanCheck(ctx.app) }, attacker);
    expect(still.statusCode).toBe(429);
    // An owner's own mistakes count for the owner's address only, and a success there resets them.
    await postLogin({ email: user.email, password: 'go-nham', altcha: await solveHumanCheck(ctx.app) }, owner);
    const again = await postLogin({ email: user.email, password, altcha: await solveHumanCheck(ctx.app) }, owner);
    expect(again.statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    const { user, password } = await createUser(ctx.db);
    for (let i = 0; i < 2; i++) {
      await postLogin({ email: user.email, password: 'sai-mat-khau', altcha: await solveHumanCheck(ctx.app) });
    }
    await login(ctx.app, user.email, password);
    for (let i = 0; i < 2; i++) {
      const r = await postLogin({
        email: user.email,
        password: 'sai-mat-khau',
        altcha: await solveHumanCheck(ctx.app),
      });
      expect(r.statusCode).toBe(401);
    }
    expect((await postLogin({ email: user.email, password, altcha: await solveHumanCheck(ctx.app) })).statusCode).toBe(
      200,
    );
  });
});

describe('per-IP login rate limit', () => {
  it('answers 429 with a Vietnamese message past the limit', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user-login',
          payload: { email: 'a@b.vn', password: 'x', altcha: 'x' },
        });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
      expect(third.json().message).toMatch(
        /^Quá nhiều lần đăng nhập từ địa chỉ này\. Vui lòng thử lại sau \d+ giây\.$/,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/altcha-challenge', () => {
  it('returns a signed, uncached PBKDF2 challenge', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/altcha-challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(res.json().signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('GET /api/user-info', () => {
  it('returns the bearer’s user', async () => {
    const { user, password } = await createUser(ctx.db, { phone: '0912345678' });
    const { token } = await login(ctx.app, user.email, password);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, phone: '0912345678', verified: false });
  });

  it('401 without a token, with a malformed header, or with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('POST /api/user-logout', () => {
  it('revokes the token at once and writes an audit entry', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user-logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    const [last] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(last).toMatchObject({ content: 'Đăng xuất khỏi hệ thống', userName: user.name });
  });

  it('401 when anonymous', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user-logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user-functions', () => {
  it('lists the six permissions of the specification, then SMS alerts and feedback (#18) and warnings (#23), with Vietnamese labels', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user-functions', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { key: string }) => f.key)).toEqual([
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
    expect(res.json()[5].label.vi).toBe('Cơ sở dữ liệu');
    expect(
      res
        .json()
        .slice(6)
        .map((f: { label: { vi: string } }) => f.label.vi),
    ).toEqual(['Cảnh báo SMS', 'Góp ý', 'Phát cảnh báo']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user-functions' })).statusCode).toBe(401);
  });
});

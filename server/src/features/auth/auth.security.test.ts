import { createHash } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { users } from '../users/users.table';
import { createAltchaHumanCheck } from './human-check';
import { sessions } from './sessions.table';

/**
 * ASVS 4.0.3 level 2, chapters V2 (authentication) and V3 (session management): the controls docs/security.md
 * lists that the feature tests do not already prove.
 */
let ctx: TestContext;
let clock = new Date('2026-11-23T08:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp(
    { LOGIN_MAX_FAILURES: '3', LOGIN_RATE_LIMIT_PER_MINUTE: '10000', SESSION_TTL_HOURS: '2', SESSION_MAX_HOURS: '12' },
    undefined,
    { now: () => clock },
  );
});
afterAll(() => ctx?.close());

const userInfo = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(token) });
const attempt = async (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user-login',
    payload: { email, password, altcha: await solveHumanCheck(ctx.app) },
  });
const changePassword = (token: string, oldPassword: string, newPassword: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user-password',
    headers: bearer(token),
    payload: { oldPassword, newPassword },
  });

describe('V3 session tokens', () => {
  it('are 256 random bits, kept in the database only as their SHA-256 (3.2.2, 3.2.1)', async () => {
    const { user, password } = await createUser(ctx.db);
    const a = await login(ctx.app, user.email, password);
    const b = await login(ctx.app, user.email, password);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.token).not.toBe(a.token);
    const rows = await ctx.db.select().from(sessions);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(a.token);
    expect(rows.map((r) => r.tokenHash)).toContain(createHash('sha256').update(a.token).digest('hex'));
  });

  it('authenticate only from the Authorization header, never from the URL (3.1.1)', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    for (const q of ['token', 'access_token', 'authorization']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/user-info?${q}=${token}` });
      expect(res.statusCode, q).toBe(401);
    }
    expect((await userInfo(token)).statusCode).toBe(200);
  });

  it('slide while used, but end SESSION_MAX_HOURS after sign-in however much they are used (3.3.2)', async () => {
    clock = new Date('2026-11-23T08:00:00Z');
    const { user, password } = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, password);
    expect(new Date(signedIn.expiresAt).getTime() - clock.getTime()).toBe(2 * HOUR);
    // Used every 1.5 h: the 2 h idle expiry slides forward each time…
    for (let h = 1.5; h <= 10.5; h += 1.5) {
      clock = new Date(Date.parse('2026-11-23T08:00:00Z') + h * HOUR);
      expect((await userInfo(signedIn.token)).statusCode, `${h} h`).toBe(200);
    }
    // …never past 12 h after sign-in.
    clock = new Date(Date.parse('2026-11-23T08:00:00Z') + 11.9 * HOUR);
    expect((await userInfo(signedIn.token)).statusCode).toBe(200);
    clock = new Date(Date.parse('2026-11-23T08:00:00Z') + 12 * HOUR + 1000);
    expect((await userInfo(signedIn.token)).statusCode).toBe(401);
    // Left idle, it ends after the 2 h idle time.
    clock = new Date('2026-11-24T08:00:00Z');
    const idle = await login(ctx.app, user.email, password);
    clock = new Date(Date.parse('2026-11-24T08:00:00Z') + 2 * HOUR + 1000);
    expect((await userInfo(idle.token)).statusCode).toBe(401);
    clock = new Date('2026-11-23T08:00:00Z');
  });

  it('are never stored by a cache: the login answer and a signed-in caller’s data say no-store (8.2.1)', async () => {
    const { user, password } = await createUser(ctx.db);
    const res = await attempt(user.email, password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = await userInfo(res.json().token);
    expect(info.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(res.json().token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('V2 lockout and password rules', () => {
  it('locks an unknown e-mail exactly as a real account, so the lock does not reveal who exists (2.2.1)', async () => {
    const { user } = await createUser(ctx.db);
    const ghost = `khong.ton.tai.${Date.now()}@bache.local`;
    const answers: Record<string, { statusCode: number; body: { code: string; message: string } }[]> = {};
    for (const email of [user.email, ghost]) {
      answers[email] = [];
      for (let i = 0; i < 4; i++) {
        const res = await attempt(email, 'sai-mat-khau-x');
        answers[email]!.push({
          statusCode: res.statusCode,
          body: { code: res.json().code, message: res.json().message },
        });
      }
    }
    expect(answers[user.email]).toEqual(answers[ghost]);
    expect(answers[ghost]!.map((a) => a.statusCode)).toEqual([401, 401, 401, 429]);
    expect(answers[ghost]![3]!.body.message).toMatch(/^Tài khoản tạm thời bị khoá/);
  });

  it('counts wrong old passwords of a password change towards the same lock (2.2.1)', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    for (let i = 0; i < 3; i++) {
      const wrong = await changePassword(token, 'doan-mat-khau', 'mat-khau-moi-2026');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');
    }
    // Locked now: even the right old password is refused, and so is the login form.
    const locked = await changePassword(token, password, 'mat-khau-moi-2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Tài khoản tạm thời bị khoá/);
    expect((await attempt(user.email, password)).statusCode).toBe(429);
  });

  it('refuses a common ADMIN_PASSWORD for the built-in system account at start (2.1.7, 2.5.4)', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password123' })).toThrow(/ADMIN_PASSWORD: mật khẩu quá phổ biến/);
    expect(loadConfig({ ADMIN_PASSWORD: 'quan-tri-ba-che-2026' }).ADMIN_PASSWORD).toBe('quan-tri-ba-che-2026');
  });

  it('refuses a new password from the list of common leaked passwords, naming the field (2.1.7)', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    for (const common of ['iloveyou', 'Password123', '1qaz2wsx']) {
      const res = await changePassword(token, password, common);
      expect(res.statusCode, common).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'newPassword', message: 'Mật khẩu quá phổ biến, dễ bị đoán. Vui lòng chọn mật khẩu khác' },
      ]);
    }
    expect((await changePassword(token, password, 'mua-lu-ba-che-2026')).statusCode).toBe(200);
  });
});

describe('V2 password storage and characters', () => {
  it('takes any Unicode password whole, stored as argon2id with the OWASP parameters (2.1.3, 2.1.4, 2.4.1, 2.4.4)', async () => {
    const { user, password } = await createUser(ctx.db);
    const { token } = await login(ctx.app, user.email, password);
    const unicode = 'Mưa lũ Ba Chẽ 🌧 năm 2026';
    expect((await changePassword(token, password, unicode)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(unicode);
    expect((await attempt(user.email, unicode)).statusCode).toBe(200);
    // Nothing is cut off: a prefix of the password is a different password.
    expect((await attempt(user.email, unicode.slice(0, -1))).statusCode).toBe(401);
  });
});

describe('V2 human check (ALTCHA)', () => {
  const solved = async (check: ReturnType<typeof createAltchaHumanCheck>) => {
    const challenge = await check.createChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, solution };
  };
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

  it('accepts a solved challenge once, and refuses a replay, a forged solution and another secret’s challenge', async () => {
    const check = createAltchaHumanCheck({ secret: 'bi-mat-thu-nghiem-1234', cost: 1, maxCounter: 4 });
    const good = await solved(check);
    expect(await check.verify(encode(good))).toBe(true);
    expect(await check.verify(encode(good))).toBe(false);
    const other = await solved(check);
    const key = other.solution?.derivedKey ?? '';
    const flipped = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const forged = { ...other, solution: { ...other.solution, derivedKey: flipped } };
    expect(await check.verify(encode(forged))).toBe(false);
    const stranger = createAltchaHumanCheck({ secret: 'mot-bi-mat-khac-5678', cost: 1, maxCounter: 4 });
    expect(await check.verify(encode(await solved(stranger)))).toBe(false);
    // The honest solution of the same challenge still works (the forgery did not burn it).
    expect(await check.verify(encode(other))).toBe(true);
  });

  it('refuses a challenge solved after it expired', async () => {
    const check = createAltchaHumanCheck({ secret: 'bi-mat-thu-nghiem-1234', cost: 1, maxCounter: 4, ttlSeconds: -5 });
    expect(await check.verify(encode(await solved(check)))).toBe(false);
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { gatewayLog } from '../alerts/gateway-log.table';
import { auditLogs } from '../audit/audit.table';
import { users } from '../users/users.table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function signedIn(opts: Parameters<typeof createUser>[1] = {}) {
  const { user, password } = await createUser(ctx.db, opts);
  const { token } = await login(ctx.app, user.email, password);
  return { user, password, token };
}

const lastAudit = async (userId: number) =>
  (await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, userId)).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('PUT /api/user-password', () => {
  it('changes the password, keeps this session, ends the others, and audits', async () => {
    const { user, password, token } = await signedIn();
    const other = await login(ctx.app, user.email, password);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-password',
      headers: bearer(token),
      payload: { oldPassword: password, newPassword: '  mat-khau-moi-2026  ' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user-info', headers: bearer(other.token) })).statusCode,
    ).toBe(401);
    // New password (trimmed) works, the old one no longer does.
    await expect(login(ctx.app, user.email, 'mat-khau-moi-2026')).resolves.toMatchObject({ id: user.id });
    await expect(login(ctx.app, user.email, password)).rejects.toThrow(/401/);
    expect((await lastAudit(user.id))?.content).toBe('Đăng nhập hệ thống');
    const audits = await ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(audits.map((a) => a.content)).toContain('Đổi mật khẩu');
  });

  it('refuses a wrong old password on the oldPassword field', async () => {
    const { token } = await signedIn();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-password',
      headers: bearer(token),
      payload: { oldPassword: 'khong-dung', newPassword: 'mat-khau-moi-2026' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Mật khẩu cũ không đúng',
      fields: [{ field: 'oldPassword', message: 'Mật khẩu cũ không đúng' }],
    });
  });

  it('refuses a new password shorter than 8 characters, naming the field', async () => {
    const { password, token } = await signedIn();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-password',
      headers: bearer(token),
      payload: { oldPassword: password, newPassword: 'ngan' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'newPassword', message: 'Mật khẩu mới phải có ít nhất 8 ký tự' }]);
  });

  it('401 when anonymous, before looking at the body', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/user-password', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/user-profile', () => {
  it('updates name and phone; a new phone must be verified again', async () => {
    const { user, token } = await signedIn({ phone: '0912345678' });
    await ctx.db.update(users).set({ phoneVerified: true }).where(eq(users.id, user.id));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: bearer(token),
      payload: { name: '  Nguyễn Văn An ', phone: '0987 654 321' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Nguyễn Văn An', phone: '0987654321', verified: false });
    expect((await lastAudit(user.id))?.content).toBe('Cập nhật thông tin cá nhân');
  });

  it('keeps the verified flag when the phone is unchanged', async () => {
    const { user, token } = await signedIn({ phone: '0912345678' });
    await ctx.db.update(users).set({ phoneVerified: true }).where(eq(users.id, user.id));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: bearer(token),
      payload: { name: 'Trần Thị Bình', phone: '0912345678' },
    });
    expect(res.json().verified).toBe(true);
  });

  it('requires name and a valid phone, max 255', async () => {
    const { token } = await signedIn();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: bearer(token),
      payload: { name: 'x'.repeat(256), phone: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as { field: string; message: string }[];
    expect(fields).toContainEqual({ field: 'name', message: 'Tối đa 255 ký tự' });
    expect(fields).toContainEqual({ field: 'phone', message: 'Số điện thoại không hợp lệ' });
  });

  it('401 when anonymous', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      payload: { name: 'a', phone: '0912345678' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('phone verification', () => {
  const latestSms = async (phone: string) =>
    (
      await ctx.db.select().from(gatewayLog).where(eq(gatewayLog.phone, phone)).orderBy(desc(gatewayLog.id)).limit(1)
    )[0];

  it('sends a 6-digit code through the log gateway and marks the phone verified with it', async () => {
    const { user, token } = await signedIn({ phone: '0911111111' });
    const req = await ctx.app.inject({ method: 'POST', url: '/api/user-confirm-request', headers: bearer(token) });
    expect(req.statusCode).toBe(200);
    const sms = await latestSms('0911111111');
    expect(sms).toMatchObject({ purpose: 'PHONE_VERIFICATION', gateway: 'log', status: 'SENT' });
    const code = sms!.body.match(/\b(\d{6})\b/)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-confirm',
      headers: bearer(token),
      payload: { code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', fields: [{ field: 'code' }] });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-confirm',
      headers: bearer(token),
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, verified: true });
    expect((await lastAudit(user.id))?.content).toBe('Xác thực số điện thoại');
    // A used code cannot be used again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-confirm',
      headers: bearer(token),
      payload: { code },
    });
    expect(again.statusCode).toBe(400);
  });

  it('locks a code after five wrong guesses', async () => {
    const { token } = await signedIn({ phone: '0922222222' });
    await ctx.app.inject({ method: 'POST', url: '/api/user-confirm-request', headers: bearer(token) });
    const code = (await latestSms('0922222222'))!.body.match(/\b(\d{6})\b/)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user-confirm',
        headers: bearer(token),
        payload: { code: wrongCode },
      });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-confirm',
      headers: bearer(token),
      payload: { code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nhập sai quá nhiều lần, vui lòng yêu cầu mã mới');
  });

  it('asks for a phone number first when the profile has none', async () => {
    const { token } = await signedIn({ phone: null });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user-confirm-request', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PHONE_MISSING',
      message: 'Vui lòng cập nhật số điện thoại trước khi xác thực',
    });
  });

  it('throttles code requests', async () => {
    const throttled = await createTestApp({ PHONE_CODE_RESEND_SECONDS: '60' });
    try {
      const { user, password } = await createUser(throttled.db, { phone: '0933333333' });
      const { token } = await login(throttled.app, user.email, password);
      const send = () =>
        throttled.app.inject({ method: 'POST', url: '/api/user-confirm-request', headers: bearer(token) });
      expect((await send()).statusCode).toBe(200);
      const second = await send();
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toMatch(/^Vui lòng đợi \d+ giây trước khi yêu cầu mã mới\.$/);
    } finally {
      await throttled.close();
    }
  });

  it('validates the code and refuses anonymous callers', async () => {
    const { token } = await signedIn({ phone: '0944444444' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-confirm',
      headers: bearer(token),
      payload: { code: '12ab' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'code', message: 'Mã xác thực gồm 6 chữ số' }]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user-confirm', payload: { code: '123456' } })).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user-confirm-request' })).statusCode).toBe(401);
  });
});

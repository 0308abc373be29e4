import { PERMISSIONS } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

/**
 * ASVS 4.0.3 level 2, V4 (access control) and V2.1.7 for accounts managed by staff: what docs/security.md
 * cites that users.routes.test.ts and route-permissions.test.ts do not already prove.
 */
let ctx: TestContext;
let admin: Record<string, string>;
let groupId: number;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  const a = await createUser(ctx.db, { functions: [...PERMISSIONS] });
  admin = bearer((await login(ctx.app, a.user.email, a.password)).token);
  groupId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/group',
      headers: admin,
      payload: { name: 'Tổ trực', functions: [] },
    })
  ).json().id;
});
afterAll(() => ctx?.close());

describe('V4 access control on accounts', () => {
  it('a user cannot grant themselves permissions or change identity through their profile (mass assignment, 4.1.2)', async () => {
    const { user, password } = await createUser(ctx.db, { functions: ['system'] });
    const own = bearer((await login(ctx.app, user.email, password)).token);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: own,
      payload: {
        name: 'Tên mới',
        phone: '0912345678',
        functions: ['user', 'database'],
        email: 'admin@portal.local',
        isSystem: true,
        id: 1,
        groupId,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Tên mới', email: user.email, functions: ['system'] });
    expect(res.json().groupId).toBeNull();
    // The server keeps refusing what the permissions never granted.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: own })).statusCode).toBe(403);
  });

  it('a signed-in user’s own-account calls act on the session’s user only, whatever id is sent (IDOR, 4.2.1)', async () => {
    const victim = await createUser(ctx.db, { functions: ['system'], password: 'mat-khau-nan-nhan' });
    const { user, password } = await createUser(ctx.db, { functions: ['system'] });
    const own = bearer((await login(ctx.app, user.email, password)).token);
    const info = await ctx.app.inject({ method: 'GET', url: `/api/user-info?id=${victim.user.id}`, headers: own });
    expect(info.json().id).toBe(user.id);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-password',
      headers: own,
      payload: {
        id: victim.user.id,
        userId: victim.user.id,
        oldPassword: password,
        newPassword: 'mat-khau-cua-toi-2026',
      },
    });
    expect(change.statusCode).toBe(200);
    // The victim's password is untouched; the caller's changed.
    await expect(login(ctx.app, victim.user.email, 'mat-khau-nan-nhan')).resolves.toMatchObject({ id: victim.user.id });
    await expect(login(ctx.app, user.email, 'mat-khau-cua-toi-2026')).resolves.toMatchObject({ id: user.id });
  });
});

describe('V2.1.7 common passwords on accounts made by staff', () => {
  const body = (password: string) => ({
    name: 'Trần Thị Hoa',
    email: `hoa.${Math.random().toString(36).slice(2)}@bache.local`,
    groupId,
    password,
    phone: '0912 345 678',
    functions: [],
  });

  it('refuses a common password when creating or resetting an account, on the password field', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin,
      payload: body('12345678'),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual([
      { field: 'password', message: 'Mật khẩu quá phổ biến, dễ bị đoán. Vui lòng chọn mật khẩu khác' },
    ]);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: admin,
      payload: body('lu-ba-che-2026'),
    });
    expect(ok.statusCode).toBe(200);
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${ok.json().id}`,
      headers: admin,
      payload: { name: 'Trần Thị Hoa', groupId, password: 'qwertyuiop', functions: [] },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().fields[0].field).toBe('password');
  });
});

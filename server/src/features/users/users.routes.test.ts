import { PERMISSIONS } from '@flood/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { ensureSystemAccount } from '../system/system-account';
import { users } from './users.table';

let ctx: TestContext;
let admin: string;
let adminId: number;
let plain: string;
let groupId: number;
let otherGroupId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await ensureSystemAccount(ctx.db, {
    ADMIN_EMAIL: 'root@bache.local',
    ADMIN_NAME: 'Hệ thống',
    ADMIN_PASSWORD: 'x'.repeat(12),
  });
  const a = await createUser(ctx.db, { functions: [...PERMISSIONS], name: 'Quản trị viên' });
  adminId = a.user.id;
  const p = await createUser(ctx.db, { functions: ['system', 'news'] });
  admin = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  groupId = (await req('POST', '/api/group', admin, { name: 'Tin tức', functions: ['news'] })).json().id;
  otherGroupId = (await req('POST', '/api/group', admin, { name: 'Ánh sáng', functions: ['analyze'] })).json().id;
});
afterAll(() => ctx?.close());

function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Nguyễn Văn Nam',
  email: `nam.${Math.random().toString(36).slice(2)}@bache.local`,
  groupId,
  password: 'mat-khau-123',
  phone: '0912 345 678',
  functions: ['news'],
  ...over,
});

describe('users', () => {
  it('creates a user who can sign in with the given permissions', async () => {
    const body = newUser();
    const res = await req('POST', '/api/user', admin, body);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({
      name: 'Nguyễn Văn Nam',
      email: body.email,
      groupId,
      groupName: 'Tin tức',
      phone: '0912345678',
      verified: false,
      functions: ['system', 'news'],
    });
    expect(res.body).not.toMatch(/password|argon/i);
    expect(await lastAudit()).toBe(`Tạo người dùng ${body.email}`);
    const session = await login(ctx.app, body.email, 'mat-khau-123');
    expect(session.userDetail.functions).toEqual(['system', 'news']);
  });

  it('refuses a taken e-mail (409 on the email field) and bad fields (400)', async () => {
    const body = newUser();
    await req('POST', '/api/user', admin, body);
    const dup = await req('POST', '/api/user', admin, { ...body, email: body.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual([{ field: 'email', message: 'Email đã được sử dụng' }]);
    const bad = await req('POST', '/api/user', admin, { name: '', email: 'x', password: '123', phone: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'groupId', 'name', 'password', 'phone']);
    const noGroup = await req('POST', '/api/user', admin, newUser({ groupId: 999999 }));
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().fields).toEqual([{ field: 'groupId', message: 'Nhóm không tồn tại' }]);
  });

  it('updates a user without touching the e-mail; a new password ends their sessions', async () => {
    const body = newUser();
    const id = (await req('POST', '/api/user', admin, body)).json().id;
    const { token } = await login(ctx.app, body.email, 'mat-khau-123');
    const res = await req('PUT', `/api/user/${id}`, admin, {
      name: 'Nguyễn Văn Nam B',
      email: 'doi@bache.local',
      groupId: otherGroupId,
      password: 'mat-khau-moi-1',
      phone: '',
      functions: ['analyze'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nguyễn Văn Nam B',
      email: body.email,
      groupName: 'Ánh sáng',
      phone: null,
      functions: ['analyze', 'system'],
    });
    expect(await lastAudit()).toBe(`Sửa thông tin người dùng ${body.email}`);
    expect((await req('GET', '/api/user-info', token)).statusCode).toBe(401);
    await expect(login(ctx.app, body.email, 'mat-khau-moi-1')).resolves.toMatchObject({ id });
    // An empty password keeps the current one.
    await req('PUT', `/api/user/${id}`, admin, { name: 'Nam', groupId, password: '' });
    await expect(login(ctx.app, body.email, 'mat-khau-moi-1')).resolves.toMatchObject({ id });
  });

  it('permission changes apply to the user’s next call', async () => {
    const body = newUser({ functions: ['user'] });
    const id = (await req('POST', '/api/user', admin, body)).json().id;
    const { token } = await login(ctx.app, body.email, 'mat-khau-123');
    expect((await req('GET', '/api/group', token)).statusCode).toBe(200);
    await req('PUT', `/api/user/${id}`, admin, { name: 'x', groupId, functions: ['news'] });
    expect((await req('GET', '/api/group', token)).statusCode).toBe(403);
  });

  it('lists staff searched by name, by group, sorted; never the system account', async () => {
    await req('POST', '/api/user', admin, newUser({ name: 'Bùi Thị Lan', groupId: otherGroupId }));
    await req('POST', '/api/user', admin, newUser({ name: 'Bùi Văn An', groupId: otherGroupId }));
    const byName = (
      await req('GET', `/api/user?keyword=${encodeURIComponent('bùi')}&sort=name&order=asc`, admin)
    ).json();
    expect(byName.items.map((u: { name: string }) => u.name)).toEqual(['Bùi Thị Lan', 'Bùi Văn An']);
    const desc = (
      await req('GET', `/api/user?keyword=${encodeURIComponent('Bùi')}&sort=name&order=desc`, admin)
    ).json();
    expect(desc.items[0].name).toBe('Bùi Văn An');
    const byGroup = (await req('GET', `/api/user?groupId=${otherGroupId}&pageSize=100`, admin)).json();
    expect(byGroup.items.every((u: { groupId: number }) => u.groupId === otherGroupId)).toBe(true);
    const all = (await req('GET', '/api/user?pageSize=100', admin)).json();
    expect(all.items.map((u: { email: string }) => u.email)).not.toContain('root@bache.local');
    expect((await req('GET', '/api/user?sort=password', admin)).statusCode).toBe(400);
  });

  it('the system account cannot be read, edited or deleted; nobody deletes themselves', async () => {
    const [sys] = await ctx.db.select().from(users).where(eq(users.isSystem, true));
    expect((await req('GET', `/api/user/${sys!.id}`, admin)).statusCode).toBe(404);
    expect((await req('PUT', `/api/user/${sys!.id}`, admin, { name: 'x', groupId })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/user/${sys!.id}`, admin)).statusCode).toBe(404);
    const self = await req('DELETE', `/api/user/${adminId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Không thể xoá tài khoản đang đăng nhập');
  });

  it('deleting a user ends their sessions at once and keeps their audit entries readable', async () => {
    const body = newUser({ name: 'Người sẽ bị xoá' });
    const id = (await req('POST', '/api/user', admin, body)).json().id;
    const { token } = await login(ctx.app, body.email, 'mat-khau-123');
    expect((await req('DELETE', `/api/user/${id}`, admin)).statusCode).toBe(200);
    expect(await lastAudit()).toBe(`Xoá người dùng ${body.email}`);
    expect((await req('GET', '/api/user-info', token)).statusCode).toBe(401);
    expect((await req('GET', `/api/user/${id}`, admin)).statusCode).toBe(404);
    const log = (await req('GET', `/api/audit?keyword=${encodeURIComponent('Người sẽ bị xoá')}`, admin)).json();
    expect(log.items[0]).toMatchObject({ userId: null, userName: 'Người sẽ bị xoá', content: 'Đăng nhập hệ thống' });
  });

  it('401 anonymous, 403 without the user permission, 404 unknown id', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/user/1'],
      ['POST', '/api/user'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/1'],
    ] as const) {
      expect((await req(method, url, undefined, {})).statusCode).toBe(401);
      expect((await req(method, url, plain, {})).statusCode).toBe(403);
    }
    expect((await req('GET', '/api/user/999999', admin)).statusCode).toBe(404);
    expect((await req('DELETE', '/api/user/999999', admin)).statusCode).toBe(404);
  });
});

import { PERMISSIONS, type Permission } from '@flood/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { users } from './users.table';

/**
 * #18: a holder of `user` grants only what it holds and cannot touch an account above it; a group's permission
 * change reaches its members, and their open sessions, at once.
 */
let ctx: TestContext;
let admin: Record<string, string>;
let manager: Record<string, string>;
let managerId: number;

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  const a = await createUser(ctx.db, { functions: [...PERMISSIONS], name: 'Quản trị viên' });
  admin = bearer((await login(ctx.app, a.user.email, a.password)).token);
  const m = await createUser(ctx.db, { functions: ['system', 'user', 'news'], name: 'Quản lý người dùng' });
  managerId = m.user.id;
  manager = bearer((await login(ctx.app, m.user.email, m.password)).token);
});
afterAll(() => ctx?.close());

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let n = 0;
async function newGroup(functions: Permission[]): Promise<number> {
  const res = await req('POST', '/api/group', admin, { name: `Nhóm ${++n}`, functions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** A staff account created through the API in a group, signed in; returns its id and session. */
async function newMember(groupId: number, functions: Permission[]) {
  const email = `thanh.vien.${++n}.${Date.now()}@bache.local`;
  const res = await req('POST', '/api/user', admin, {
    name: `Thành viên ${n}`,
    email,
    groupId,
    password: 'mat-khau-thanh-vien',
    functions,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = bearer((await login(ctx.app, email, 'mat-khau-thanh-vien')).token);
  return { id: res.json().id as number, email, token };
}

const functionsOf = async (id: number) =>
  (await ctx.db.select({ f: users.functions }).from(users).where(eq(users.id, id)))[0]?.f;
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('a user manager grants only what it holds (#18)', () => {
  it('cannot create an account with a permission it lacks, and the refusal names it', async () => {
    const groupId = await newGroup(['news']);
    const res = await req('POST', '/api/user', manager, {
      name: 'Người mới',
      email: `nguoi.moi.${Date.now()}@bache.local`,
      groupId,
      password: 'mat-khau-nguoi-moi',
      functions: ['news', 'database'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Không thể cấp hoặc bỏ quyền mà bạn không có: Cơ sở dữ liệu');
    expect(res.json().fields).toEqual([{ field: 'functions', message: res.json().message }]);
    const ok = await req('POST', '/api/user', manager, {
      name: 'Người mới',
      email: `nguoi.moi.2.${Date.now()}@bache.local`,
      groupId,
      password: 'mat-khau-nguoi-moi',
      functions: ['news'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('cannot grant itself every permission', async () => {
    const groupId = await newGroup(['news']);
    const res = await req('PUT', `/api/user/${managerId}`, manager, {
      name: 'Quản lý người dùng',
      groupId,
      functions: [...PERMISSIONS],
    });
    expect(res.statusCode).toBe(403);
    expect(await functionsOf(managerId)).toEqual(['system', 'user', 'news']);
  });

  it('cannot reset the password of, edit or delete an account holding a permission it lacks', async () => {
    const groupId = await newGroup(['database']);
    const senior = await newMember(groupId, ['database', 'user']);
    const reset = await req('PUT', `/api/user/${senior.id}`, manager, {
      name: 'Đã bị đổi',
      groupId,
      password: 'mat-khau-ke-gian',
      functions: ['system'],
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe('Không thể thay đổi tài khoản hoặc nhóm có quyền mà bạn không có');
    // Nothing changed: the senior's session still works and its permissions are whole.
    expect((await req('GET', '/api/user-info', senior.token)).json()).toMatchObject({
      name: expect.stringMatching(/^Thành viên/),
      functions: ['system', 'user', 'database'],
    });
    expect((await req('DELETE', `/api/user/${senior.id}`, manager)).statusCode).toBe(403);
    // Reading it is still allowed (the list shows every staff account).
    expect((await req('GET', `/api/user/${senior.id}`, manager)).statusCode).toBe(200);
    // The administrator, holding everything, may.
    expect((await req('DELETE', `/api/user/${senior.id}`, admin)).statusCode).toBe(200);
  });

  it('cannot create, change or delete a group beyond its own permissions', async () => {
    expect((await req('POST', '/api/group', manager, { name: 'Nhóm CSDL', functions: ['database'] })).statusCode).toBe(
      403,
    );
    const groupId = await newGroup(['database', 'news']);
    const strip = await req('PUT', `/api/group/${groupId}`, manager, { name: 'Nhóm CSDL', functions: ['news'] });
    expect(strip.statusCode).toBe(403);
    expect((await req('DELETE', `/api/group/${groupId}`, manager)).statusCode).toBe(403);
    const own = await newGroup(['news']);
    expect((await req('PUT', `/api/group/${own}`, manager, { name: 'Tin xã', functions: [] })).statusCode).toBe(200);
  });
});

describe('a group’s permissions reach its members (#18)', () => {
  it('removing a permission from the group takes it from the member’s open session at once', async () => {
    const groupId = await newGroup(['database', 'news']);
    const member = await newMember(groupId, ['database', 'news', 'analyze']);
    // GET of an unknown station: 404 with `database`, 403 without it.
    expect((await req('GET', '/api/station/999999', member.token)).statusCode).toBe(404);
    const res = await req('PUT', `/api/group/${groupId}`, admin, { name: 'Nhóm tin', functions: ['news'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await req('GET', '/api/station/999999', member.token)).statusCode).toBe(403);
    // What the member held apart from the group (analyze) is kept; the group's others stay.
    expect(await functionsOf(member.id)).toEqual(['analyze', 'system', 'news']);
    expect((await req('GET', '/api/user-info', member.token)).json().functions).toEqual(['analyze', 'system', 'news']);
    expect(await lastAudit()).toBe('Sửa nhóm người dùng Nhóm tin (cập nhật quyền của 1 thành viên)');
  });

  it('adding a permission to the group gives it to every member; other groups are untouched', async () => {
    const groupId = await newGroup(['news']);
    const a = await newMember(groupId, ['news']);
    const b = await newMember(groupId, ['news', 'analyze']);
    const otherGroup = await newGroup(['news']);
    const outsider = await newMember(otherGroup, ['news']);
    expect((await req('GET', '/api/station/999999', a.token)).statusCode).toBe(403);
    await req('PUT', `/api/group/${groupId}`, admin, { name: 'Nhóm tin và CSDL', functions: ['news', 'database'] });
    expect((await req('GET', '/api/station/999999', a.token)).statusCode).toBe(404);
    expect(await functionsOf(a.id)).toEqual(['system', 'news', 'database']);
    expect(await functionsOf(b.id)).toEqual(['analyze', 'system', 'news', 'database']);
    expect(await functionsOf(outsider.id)).toEqual(['system', 'news']);
  });

  it('a save that changes no permission leaves the members as they are', async () => {
    const groupId = await newGroup(['news']);
    const member = await newMember(groupId, ['analyze']);
    await req('PUT', `/api/group/${groupId}`, admin, { name: 'Đổi tên thôi', functions: ['news'] });
    expect(await functionsOf(member.id)).toEqual(['analyze', 'system']);
    expect(await lastAudit()).toBe('Sửa nhóm người dùng Đổi tên thôi');
  });
});

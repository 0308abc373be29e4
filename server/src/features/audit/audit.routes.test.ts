import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { insertAuditEntry } from './audit.repository';

let ctx: TestContext;
let adminToken: string;
let plainToken: string;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.db, { functions: ['system', 'user'], name: 'Lê Văn Quản' });
  const plain = await createUser(ctx.db, { functions: ['system'] });
  adminId = admin.user.id;
  adminToken = (await login(ctx.app, admin.user.email, admin.password)).token;
  plainToken = (await login(ctx.app, plain.user.email, plain.password)).token;
  for (let i = 0; i < 25; i++) {
    await insertAuditEntry(ctx.db, { userId: adminId, userName: 'Lê Văn Quản', content: `Sửa thông tin trạm ${i}` });
  }
  await insertAuditEntry(ctx.db, { userId: null, userName: null, content: 'Mức 100%_đặc biệt' });
});
afterAll(() => ctx?.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/audit', () => {
  it('pages 20 newest first with the total', async () => {
    const res = await get('/api/audit', adminToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(20);
    // 25 + 1 seeded + 2 logins
    expect(body.total).toBe(28);
    const times = body.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await get('/api/audit?page=2', adminToken)).json();
    expect(page2.items).toHaveLength(8);
  });

  it('filters by keyword on content, user name and user id, with LIKE wildcards taken literally', async () => {
    expect((await get(`/api/audit?keyword=${encodeURIComponent('trạm 1')}`, adminToken)).json().total).toBe(11);
    expect((await get(`/api/audit?keyword=${encodeURIComponent('100%_')}`, adminToken)).json().total).toBe(1);
    expect((await get(`/api/audit?keyword=${encodeURIComponent('%')}`, adminToken)).json().total).toBe(1);
    expect((await get(`/api/audit?keyword=${adminId}&pageSize=100`, adminToken)).json().total).toBeGreaterThanOrEqual(
      26,
    );
  });

  it('names a bad query field', async () => {
    const res = await get('/api/audit?page=0', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('page');
  });

  it('401 anonymous, 403 without the user permission', async () => {
    expect((await get('/api/audit')).statusCode).toBe(401);
    expect((await get('/api/audit', plainToken)).statusCode).toBe(403);
  });
});

describe('POST /api/audit', () => {
  it('records an entry as the caller, with the user name resolved from userId', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/audit',
      headers: bearer(plainToken),
      payload: { content: 'Xuất báo cáo mưa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: 'Xuất báo cáo mưa' });
    const found = (await get(`/api/audit?keyword=${encodeURIComponent('Xuất báo cáo mưa')}`, adminToken)).json();
    expect(found.items[0].userName).toMatch(/^Cán bộ/);
  });

  it('marks a client-written entry as such, under the session’s user whatever name the body carries (#18)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/audit',
      headers: bearer(plainToken),
      payload: { content: 'Xoá người dùng giam.doc@bache.local', userName: 'Quản trị hệ thống', userId: adminId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'client', content: 'Xoá người dùng giam.doc@bache.local' });
    const page = (await get('/api/audit?pageSize=100', adminToken)).json();
    const entry = page.items.find((i: { id: number }) => i.id === res.json().id);
    expect(entry).toMatchObject({ source: 'client', userName: expect.stringMatching(/^Cán bộ/) });
    expect(entry.userId).not.toBe(adminId);
    // What the server writes with a change stays marked as the server's.
    expect(page.items.find((i: { content: string }) => i.content === 'Đăng nhập hệ thống').source).toBe('server');
  });

  it('400 names the field, 401 anonymous', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/audit', headers: bearer(plainToken), payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('content');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/audit', payload: { content: 'x' } })).statusCode).toBe(
      401,
    );
  });
});

import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { foldText } from './categories.repository';

let ctx: TestContext;
let admin: string;
let adminName: string;
let plain: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'database'], name: 'Trần Văn Danh' });
  // data-layer alone does not open the categories (DECISIONS.md: database → categories).
  const p = await createUser(ctx.db, { functions: ['system', 'data-layer', 'news'] });
  admin = (await login(ctx.app, a.user.email, a.password)).token;
  adminName = a.user.name;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
});
afterAll(() => ctx?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;
const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

describe('categories', () => {
  it('creates, reads, updates and lists a category with its creator, auditing each change', async () => {
    const created = await req('POST', '/api/system-category', admin, {
      name: ' Loại hình thiên tai ',
      objectValue: { data: ' Lũ quét ' },
    });
    expect(created.statusCode).toBe(200);
    const c = created.json();
    expect(c).toMatchObject({
      name: 'Loại hình thiên tai',
      objectValue: { data: 'Lũ quét' },
      userName: adminName,
    });
    expect(c.userId).toEqual(expect.any(Number));
    expect(Number.isNaN(Date.parse(c.createdAt))).toBe(false);
    expect(await lastAudit()).toBe('Tạo danh mục Loại hình thiên tai');

    const got = await req('GET', `/api/system-category/${c.id}`, admin);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(c);

    const updated = await req('PUT', `/api/system-category/${c.id}`, admin, {
      name: 'Loại hình thiên tai (sửa)',
      objectValue: { data: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: c.id,
      name: 'Loại hình thiên tai (sửa)',
      objectValue: { data: null },
      userName: adminName,
      createdAt: c.createdAt,
    });
    expect(await lastAudit()).toBe('Sửa danh mục Loại hình thiên tai (sửa)');

    // objectValue may be left out entirely.
    const bare = await req('POST', '/api/system-category', admin, { name: 'Không có dữ liệu' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().objectValue).toEqual({ data: null });
  });

  it('searches by a part of the name, ignoring case and Vietnamese accents', async () => {
    for (const name of ['Đê điều xã Đồn Đạc', 'Hồ chứa nước Khe Mằn', 'Cầu treo Thanh Lâm', '100% kiên cố'])
      expect((await req('POST', '/api/system-category', admin, { name })).statusCode).toBe(200);
    const search = (q: string) => req('GET', `/api/system-category?name=${encodeURIComponent(q)}`, admin);

    expect(names(await search('ĐỒN ĐẠC'))).toEqual(['Đê điều xã Đồn Đạc']);
    expect(names(await search('don dac'))).toEqual(['Đê điều xã Đồn Đạc']);
    expect(names(await search('khe man'))).toEqual(['Hồ chứa nước Khe Mằn']);
    expect(names(await search('CẦU'))).toEqual(['Cầu treo Thanh Lâm']);
    // % and _ are searched as text, not as wildcards.
    expect(names(await search('%'))).toEqual(['100% kiên cố']);
    expect((await search('_')).json()).toEqual({ items: [], total: 0 });
    expect(foldText('Đê Điều Ỹ')).toBe('de dieu y');
  });

  it('pages 10 at a time, newest first', async () => {
    for (let i = 0; i < 12; i++) await req('POST', '/api/system-category', admin, { name: `Danh mục trang ${i}` });
    const p1 = (await req('GET', '/api/system-category?name=trang', admin)).json();
    expect(p1.items).toHaveLength(10);
    expect(p1.total).toBe(12);
    expect(p1.items[0].name).toBe('Danh mục trang 11');
    const p2 = (await req('GET', '/api/system-category?name=trang&page=2', admin)).json();
    expect(p2.items.map((i: { name: string }) => i.name)).toEqual(['Danh mục trang 1', 'Danh mục trang 0']);
  });

  it('names bad fields (400)', async () => {
    const res = await req('POST', '/api/system-category', admin, {
      name: '   ',
      objectValue: { data: 'x'.repeat(256) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Tên danh mục là trường bắt buộc' },
        { field: 'objectValue.data', message: 'Tối đa 255 ký tự' },
      ]),
    );
    const missing = await req('PUT', '/api/system-category/1', admin, { objectValue: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ field: 'name', message: 'Tên danh mục là trường bắt buộc' }]);
    const long = await req('POST', '/api/system-category', admin, { name: 'x'.repeat(256) });
    expect(long.json().fields).toEqual([{ field: 'name', message: 'Tối đa 255 ký tự' }]);
    expect((await req('GET', '/api/system-category/abc', admin)).statusCode).toBe(400);
    expect((await req('GET', '/api/system-category?pageSize=1000', admin)).statusCode).toBe(400);
  });

  it('deletes a category, auditing it; 404 once it is gone', async () => {
    const c = (await req('POST', '/api/system-category', admin, { name: 'Danh mục tạm' })).json();
    const del = await req('DELETE', `/api/system-category/${c.id}`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá danh mục Danh mục tạm');
    expect((await req('GET', `/api/system-category/${c.id}`, admin)).statusCode).toBe(404);
  });

  it('404 for a category that does not exist, without an audit entry', async () => {
    const before = await lastAudit();
    expect((await req('GET', '/api/system-category/999999', admin)).statusCode).toBe(404);
    expect((await req('PUT', '/api/system-category/999999', admin, { name: 'x' })).statusCode).toBe(404);
    const del = await req('DELETE', '/api/system-category/999999', admin);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy danh mục' });
    expect(await lastAudit()).toBe(before);
  });

  it('401 anonymous, 403 without the database permission', async () => {
    for (const [method, url] of [
      ['GET', '/api/system-category'],
      ['GET', '/api/system-category/1'],
      ['POST', '/api/system-category'],
      ['PUT', '/api/system-category/1'],
      ['DELETE', '/api/system-category/1'],
    ] as const) {
      expect((await req(method, url, undefined, { name: 'x' })).statusCode).toBe(401);
      expect((await req(method, url, plain, { name: 'x' })).statusCode).toBe(403);
    }
  });
});

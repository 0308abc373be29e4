import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

const RATE = 3;
let ctx: TestContext;
let staff: Record<string, string>;
let plain: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ FEEDBACK_RATE_LIMIT: String(RATE), LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const s = await createUser(ctx.db, { functions: ['system', 'feedback'] });
  staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
  // Every account holds `system` (DECISIONS.md), so the list needs `feedback` (#18): a news editor is refused.
  const p = await createUser(ctx.db, { functions: ['system', 'news'] });
  plain = bearer((await login(ctx.app, p.user.email, p.password)).token);
});
afterAll(() => ctx?.close());

let addr = 0;
const nextAddress = () => `10.9.${Math.floor(++addr / 250)}.${addr % 250}`;
const FORM = {
  name: 'Nguyễn Văn An',
  email: 'an.nguyen@example.vn',
  phone: '0912345678',
  address: 'Thôn Khe Mằn, xã Đồn Đạc',
  content: 'Đường vào thôn bị sạt lở',
};
const send = (payload: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/feedback', payload: payload as object, remoteAddress, headers });
const req = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers?: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: headers ?? {}, ...(payload ? { payload: payload as object } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('feedback', () => {
  it('takes a visitor’s feedback and shows it to staff, newest first', async () => {
    const res = await send({ ...FORM, name: '  Nguyễn Văn An  ' });
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f).toMatchObject(FORM);
    await send({ ...FORM, name: 'Trần Thị Bình' });
    const list = await req('GET', '/api/feedback', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0].name).toBe('Trần Thị Bình');
    expect(list.json().items[1]).toEqual(f);
    expect((await req('GET', '/api/feedback?pageSize=1&page=2', staff)).json().items[0].id).toBe(f.id);
  });

  it('names each missing or bad field (400)', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Họ tên là trường bắt buộc' },
        { field: 'email', message: 'Email là trường bắt buộc' },
        { field: 'phone', message: 'Số điện thoại là trường bắt buộc' },
        { field: 'address', message: 'Địa chỉ là trường bắt buộc' },
        { field: 'content', message: 'Nội dung là trường bắt buộc' },
      ]),
    );
    const bad = await send({ ...FORM, email: 'khong-phai-email', phone: '09xx', content: 'x'.repeat(256) });
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Email không hợp lệ' },
        { field: 'phone', message: 'Số điện thoại chỉ gồm chữ số' },
        { field: 'content', message: 'Tối đa 255 ký tự' },
      ]),
    );
  });

  it('limits anonymous posts per address (429 in Vietnamese); staff are not limited', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < RATE; i++) expect((await send(FORM, ip)).statusCode).toBe(200);
    const limited = await send(FORM, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(
      /^Bạn đã gửi quá nhiều góp ý từ địa chỉ này\. Vui lòng thử lại sau \d+ phút\.$/,
    );
    expect((await send(FORM, '10.77.0.2')).statusCode).toBe(200);
    expect((await send(FORM, ip, staff)).statusCode).toBe(200);
  });

  it('updates and deletes with audit entries; 404 when gone', async () => {
    const f = (await send(FORM)).json();
    const upd = await req('PUT', `/api/feedback/${f.id}`, staff, { ...FORM, phone: '0987654321' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id: f.id, phone: '0987654321', createdAt: f.createdAt });
    expect(await lastAudit()).toBe(`Sửa góp ý #${f.id} (Nguyễn Văn An)`);
    expect((await req('PUT', `/api/feedback/${f.id}`, staff, { ...FORM, email: '' })).json().fields).toEqual([
      { field: 'email', message: 'Email là trường bắt buộc' },
    ]);
    expect((await req('DELETE', `/api/feedback/${f.id}`, staff)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe(`Xoá góp ý #${f.id} (Nguyễn Văn An)`);
    expect((await req('DELETE', `/api/feedback/${f.id}`, staff)).statusCode).toBe(404);
    expect((await req('PUT', `/api/feedback/${f.id}`, staff, FORM)).statusCode).toBe(404);
    expect((await req('DELETE', '/api/feedback/abc', staff)).statusCode).toBe(400);
  });

  it('401 anonymous, 403 without the feedback permission (a news editor holding system)', async () => {
    for (const [method, url] of [
      ['GET', '/api/feedback'],
      ['PUT', '/api/feedback/1'],
      ['DELETE', '/api/feedback/1'],
    ] as const) {
      expect((await req(method, url, undefined, FORM)).statusCode).toBe(401);
      expect((await req(method, url, plain, FORM)).statusCode).toBe(403);
    }
  });
});

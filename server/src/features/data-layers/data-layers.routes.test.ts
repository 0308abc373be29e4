import { DATA_LAYER_SYMBOLS, MAP_LAYERS } from '@flood/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

let ctx: TestContext;
let editor: string;
let editorName: string;
let databaseOnly: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const e = await createUser(ctx.db, { functions: ['system', 'data-layer'], name: 'Lê Thị Lớp' });
  // database alone does not open the data layers (DECISIONS.md: data-layer → data layers).
  const d = await createUser(ctx.db, { functions: ['system', 'database'] });
  editor = (await login(ctx.app, e.user.email, e.password)).token;
  editorName = e.user.name;
  databaseOnly = (await login(ctx.app, d.user.email, d.password)).token;
});
afterAll(() => ctx?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('data layers', () => {
  it('lists the six seeded map layers to anyone, on, each with an offered symbol', async () => {
    const res = await req('GET', '/api/data-layer');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBe(6);
    expect(page.items.map((l: { name: string }) => l.name).sort()).toEqual(
      Object.values(MAP_LAYERS)
        .map((l) => l.vi)
        .sort(),
    );
    for (const layer of page.items) {
      expect(layer.enabled).toBe(true);
      expect(DATA_LAYER_SYMBOLS).toContainEqual(layer.symbol);
      expect(layer).toMatchObject({ userId: null, userName: null });
    }
    const one = await req('GET', `/api/data-layer/${page.items[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(page.items[0]);
  });

  it('creates a layer on, with the first symbol by default, and its creator; audited', async () => {
    const created = await req('POST', '/api/data-layer', editor, { name: ' Sạt lở đất ' });
    expect(created.statusCode).toBe(200);
    const layer = created.json();
    expect(layer).toMatchObject({
      name: 'Sạt lở đất',
      enabled: true,
      symbol: DATA_LAYER_SYMBOLS[0],
      userName: editorName,
    });
    expect(await lastAudit()).toBe('Tạo lớp dữ liệu Sạt lở đất');

    // Newest first: the new layer leads the list.
    const list = (await req('GET', '/api/data-layer')).json();
    expect(list.total).toBe(7);
    expect(list.items[0].id).toBe(layer.id);
    expect((await req('DELETE', `/api/data-layer/${layer.id}`, editor)).statusCode).toBe(200);
  });

  it('switches a layer off and changes its symbol through the edit call; audited', async () => {
    const layer = (
      await req('POST', '/api/data-layer', editor, { name: 'Điểm sơ tán', symbol: DATA_LAYER_SYMBOLS[6] })
    ).json();
    expect(layer.symbol).toEqual(DATA_LAYER_SYMBOLS[6]);
    const updated = await req('PUT', `/api/data-layer/${layer.id}`, editor, {
      name: 'Điểm sơ tán dân',
      enabled: false,
      symbol: DATA_LAYER_SYMBOLS[7],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: layer.id,
      name: 'Điểm sơ tán dân',
      enabled: false,
      symbol: DATA_LAYER_SYMBOLS[7],
      userName: editorName,
      createdAt: layer.createdAt,
    });
    expect(await lastAudit()).toBe('Sửa lớp dữ liệu Điểm sơ tán dân');
    expect((await req('GET', `/api/data-layer/${layer.id}`)).json().enabled).toBe(false);

    expect((await req('DELETE', `/api/data-layer/${layer.id}`, editor)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá lớp dữ liệu Điểm sơ tán dân');
    expect((await req('GET', `/api/data-layer/${layer.id}`)).statusCode).toBe(404);
    expect((await req('GET', '/api/data-layer')).json().total).toBe(6);
  });

  it('pages the list', async () => {
    const p = (await req('GET', '/api/data-layer?page=2&pageSize=4')).json();
    expect(p).toMatchObject({ total: 6 });
    expect(p.items).toHaveLength(2);
  });

  it('names bad fields (400)', async () => {
    const res = await req('POST', '/api/data-layer', editor, {
      name: '',
      enabled: 'yes',
      symbol: { icon: 'flag', color: '#000000' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Tên lớp dữ liệu là trường bắt buộc' },
        { field: 'symbol', message: 'Biểu tượng không hợp lệ' },
      ]),
    );
    expect(fields.map((f: { field: string }) => f.field)).toContain('enabled');
    const missing = await req('PUT', '/api/data-layer/1', editor, { enabled: false });
    expect(missing.json().fields).toEqual([{ field: 'name', message: 'Tên lớp dữ liệu là trường bắt buộc' }]);
    const long = await req('POST', '/api/data-layer', editor, { name: 'x'.repeat(256) });
    expect(long.json().fields).toEqual([{ field: 'name', message: 'Tối đa 255 ký tự' }]);
    expect((await req('GET', '/api/data-layer/abc')).statusCode).toBe(400);
  });

  it('404 for a layer that does not exist', async () => {
    expect((await req('GET', '/api/data-layer/999999')).statusCode).toBe(404);
    expect((await req('PUT', '/api/data-layer/999999', editor, { name: 'x' })).statusCode).toBe(404);
    const del = await req('DELETE', '/api/data-layer/999999', editor);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Không tìm thấy lớp dữ liệu' });
  });

  it('401 anonymous and 403 without the data-layer permission on every change', async () => {
    for (const [method, url] of [
      ['POST', '/api/data-layer'],
      ['PUT', '/api/data-layer/1'],
      ['DELETE', '/api/data-layer/1'],
    ] as const) {
      expect((await req(method, url, undefined, { name: 'x' })).statusCode).toBe(401);
      expect((await req(method, url, databaseOnly, { name: 'x' })).statusCode).toBe(403);
    }
    expect((await req('GET', '/api/data-layer')).json().total).toBe(6);
  });
});

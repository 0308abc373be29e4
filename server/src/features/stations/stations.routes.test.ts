import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { stations } from './stations.table';

let ctx: TestContext;
let staff: string;
let plain: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'database'], name: 'Cán bộ CSDL' });
  const p = await createUser(ctx.db, { functions: ['system', 'news'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
});
afterAll(() => ctx?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

const water = {
  code: 'f01024',
  name: 'Trạm Ba Chẽ',
  description: 'Đối diện Trung tâm Y tế huyện',
  lat: '21.2730',
  long: 107.2896,
  warningLevel1: 30,
  warningLevel2: 50,
  warningLevel3: 70,
  warningLowWater: 5,
};

describe('stations', () => {
  it('creates a water station with levels in centimetres, coordinates with their real meaning, a push key', async () => {
    const res = await req('POST', '/api/station', staff, water);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      code: 'F01024',
      kind: 'water',
      lat: 21.273,
      long: 107.2896,
      warningLevel2: 50,
      creatorName: 'Cán bộ CSDL',
    });
    expect(s.pushKey).toMatch(/^[\w-]{24}$/);
    const [row] = await ctx.db.select().from(stations).where(eq(stations.id, s.id));
    expect(row).toMatchObject({ latitude: 21.273, longitude: 107.2896, warningLevel3: 70 });
    // The specification's text, then which station (#18).
    expect(await lastAudit()).toBe('Tạo mới trạm F01024 (Trạm Ba Chẽ) – Thị trấn Ba Chẽ');
  });

  it('drops warning levels of rain stations and lists publicly without keys', async () => {
    const res = await req('POST', '/api/station', staff, { ...water, code: 'F00001', name: 'Mưa Đồn Đạc' });
    expect(res.json()).toMatchObject({ kind: 'rain', warningLevel1: null, warningLevel3: null });
    const list = await req('GET', '/api/station?kind=rain');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { code: string }) => i.code)).toEqual(['F00001']);
    expect(list.body).not.toContain('pushKey');
  });

  it('updates, regenerates the key and deletes, auditing each', async () => {
    const s = (await req('POST', '/api/station', staff, { ...water, code: 'F01900' })).json();
    const up = await req('PUT', `/api/station/${s.id}`, staff, { ...water, code: 'F01900', name: 'Trạm mới tên' });
    expect(up.json().name).toBe('Trạm mới tên');
    expect(await lastAudit()).toBe('Sửa thông tin trạm F01900 (Trạm mới tên) – Thị trấn Ba Chẽ');
    const key = await req('POST', `/api/station/${s.id}/push-key`, staff);
    expect(key.json().pushKey).not.toBe(s.pushKey);
    expect((await req('DELETE', `/api/station/${s.id}?confirm=F01900`, staff)).statusCode).toBe(200);
    expect(await lastAudit()).toBe('Xoá trạm F01900 (Trạm mới tên) – Thị trấn Ba Chẽ');
    expect((await req('GET', `/api/station/${s.id}`, staff)).statusCode).toBe(404);
  });

  it('names bad fields: code kind, required texts, coordinates, level order', async () => {
    const res = await req('POST', '/api/station', staff, {
      code: 'X1',
      name: '',
      description: 'x'.repeat(256),
      lat: 'abc',
      long: 200,
      warningLevel1: 80,
      warningLevel2: 50,
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      code: 'Mã trạm phải chứa F00 (trạm mưa) hoặc F01 (trạm mực nước)',
      name: 'Trường bắt buộc',
      description: 'Tối đa 255 ký tự',
    });
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['lat', 'long']));
    const order = await req('POST', '/api/station', staff, { ...water, code: 'F01901', warningLevel1: 80 });
    expect(order.json().fields).toEqual([
      { field: 'warningLevel2', message: 'Cấp báo động phải cao hơn các cấp thấp hơn' },
      { field: 'warningLevel3', message: 'Cấp báo động phải cao hơn các cấp thấp hơn' },
    ]);
  });

  it('409 on a duplicate code, 404 unknown, 401 anonymous, 403 without database', async () => {
    await req('POST', '/api/station', staff, { ...water, code: 'F01777' });
    const dup = await req('POST', '/api/station', staff, { ...water, code: 'f01777' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields[0].field).toBe('code');
    expect((await req('PUT', '/api/station/999999', staff, water)).statusCode).toBe(404);
    expect((await req('DELETE', '/api/station/999999', staff)).statusCode).toBe(404);
    for (const [m, u] of [
      ['GET', '/api/station/1'],
      ['POST', '/api/station'],
      ['PUT', '/api/station/1'],
      ['DELETE', '/api/station/1'],
      ['POST', '/api/station/1/push-key'],
      ['PUT', '/api/station/1/status'],
    ] as const) {
      expect((await req(m, u, undefined, water)).statusCode).toBe(401);
      expect((await req(m, u, plain, water)).statusCode).toBe(403);
    }
  });
});

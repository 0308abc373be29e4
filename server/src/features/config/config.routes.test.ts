import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let staff: string;
let plain: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  const p = await createUser(ctx.db, { functions: ['system'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
});
afterAll(() => ctx?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('configuration', () => {
  it('is seeded with a content record and the Web Parameters record (id 2)', async () => {
    const list = (await req('GET', '/api/system-parameter', staff)).json();
    expect(
      list.items.map((i: { id: number; name: string; isWebParameters: boolean }) => [i.id, i.name, i.isWebParameters]),
    ).toEqual([
      [1, 'Thông tin liên hệ', false],
      [2, 'Web Parameters', true],
    ]);
    expect((await req('GET', '/api/web-parameters')).json()).toMatchObject({ rainVeryHigh: 20, waterMedium: 50 });
  });

  it('a threshold change changes the statuses at once', async () => {
    const code = 'F00123';
    const st = (
      await req('POST', '/api/station', staff, { code, name: 'Mưa', description: 'x', lat: 21.2, long: 107.2 })
    ).json();
    const now = new Date();
    const d = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(now);
    const h = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(now);
    const push = await req(
      'GET',
      `/api/receive-rain?stationCode=${code}&date=${d}&hour=${h}&minute=00&value=15&key=${st.pushKey}`,
    );
    expect(push.statusCode).toBe(200);
    const before = (await req('GET', '/api/water?type=CURRENT_RAIN')).json();
    expect(before[0].statusLabel).toBe('Mưa to');
    const put = await req('PUT', '/api/system-parameter/2', staff, {
      name: 'Web Parameters',
      objectValue: { rainVeryHigh: 12, rainHigh: 8, rainMedium: 4 },
    });
    expect(put.statusCode).toBe(200);
    expect((await req('GET', '/api/web-parameters')).json()).toMatchObject({ rainVeryHigh: 12, waterMedium: 50 });
    const after = (await req('GET', '/api/water?type=CURRENT_RAIN')).json();
    expect(after[0].statusLabel).toBe('Mưa rất to');
  });

  it('names a bad threshold as objectValue.<field>; refuses renaming or deleting Web Parameters', async () => {
    const bad = await req('PUT', '/api/system-parameter/2', staff, {
      name: 'Web Parameters',
      objectValue: { rainHigh: -3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('objectValue.rainHigh');
    expect((await req('PUT', '/api/system-parameter/2', staff, { name: 'Khác', objectValue: {} })).statusCode).toBe(
      409,
    );
    expect((await req('DELETE', '/api/system-parameter/2', staff)).statusCode).toBe(409);
  });

  it('refuses inverted thresholds naming the fields of the pair, and keeps the thresholds in force', async () => {
    const before = (await req('GET', '/api/web-parameters')).json();
    for (const [objectValue, fields] of [
      [{ rainHigh: 25, rainVeryHigh: 20 }, ['objectValue.rainHigh', 'objectValue.rainVeryHigh']],
      [
        { waterLow: 70, waterMedium: 50, waterHigh: 30 },
        ['objectValue.waterLow', 'objectValue.waterMedium', 'objectValue.waterHigh'],
      ],
      [{ rain24hLevel1: 500, rain24hLevel2: 200 }, ['objectValue.rain24hLevel1', 'objectValue.rain24hLevel2']],
    ] as const) {
      const res = await req('PUT', '/api/system-parameter/2', staff, { name: 'Web Parameters', objectValue });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(fields);
    }
    const res = await req('PUT', '/api/system-parameter/2', staff, {
      name: 'Web Parameters',
      objectValue: { ...before, rainHigh: 25, rainVeryHigh: 20 },
    });
    expect(res.json().fields[0]).toEqual({
      field: 'objectValue.rainHigh',
      message: "'Mưa to' phải nhỏ hơn 'Mưa rất to'",
    });
    expect((await req('GET', '/api/web-parameters')).json()).toEqual(before);
  });

  it('creates, updates and deletes content records', async () => {
    const c = await req('POST', '/api/system-parameter', staff, {
      name: 'Giới thiệu',
      objectValue: { content: '<p>Xin chào</p>' },
    });
    expect(c.statusCode).toBe(200);
    const id = c.json().id;
    expect(
      (
        await req('PUT', `/api/system-parameter/${id}`, staff, { name: 'Giới thiệu', objectValue: { content: 'Mới' } })
      ).json().objectValue,
    ).toEqual({
      content: 'Mới',
    });
    expect((await req('POST', '/api/system-parameter', staff, { name: 'Giới thiệu' })).statusCode).toBe(409);
    expect((await req('DELETE', `/api/system-parameter/${id}`, staff)).statusCode).toBe(200);
    expect((await req('GET', `/api/system-parameter/${id}`, staff)).statusCode).toBe(404);
    expect((await req('POST', '/api/system-parameter', staff, { name: '' })).json().fields[0].field).toBe('name');
  });

  it('401 anonymous, 403 without database', async () => {
    for (const [m, u] of [
      ['GET', '/api/system-parameter'],
      ['GET', '/api/system-parameter/1'],
      ['POST', '/api/system-parameter'],
      ['PUT', '/api/system-parameter/1'],
      ['DELETE', '/api/system-parameter/1'],
    ] as const) {
      expect((await req(m, u, undefined, { name: 'x' })).statusCode).toBe(401);
      expect((await req(m, u, plain, { name: 'x' })).statusCode).toBe(403);
    }
  });
});

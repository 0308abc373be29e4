import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/test-app';

/** #18: the anonymous Excel exports (a 3-year workbook) and POST /api/view had no per-address limit. */
describe('per-address limits of the anonymous exports and view counts', () => {
  let ctx: TestContext;
  let staff: string;
  beforeAll(async () => {
    ctx = await createTestApp({ EXPORT_RATE_LIMIT_PER_MINUTE: '2', VIEW_RATE_LIMIT_PER_MINUTE: '3' });
    const u = await createUser(ctx.db, { functions: ['system'] });
    staff = (await login(ctx.app, u.user.email, u.password)).token;
  });
  afterAll(() => ctx.close());
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('answers 429 in Vietnamese past the export limit of a route, per address, staff not limited', async () => {
    expect((await get('/api/station/export', '203.0.113.30')).statusCode).toBe(200);
    expect((await get('/api/station/export', '203.0.113.30')).statusCode).toBe(200);
    const third = await get('/api/station/export', '203.0.113.30');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Bạn đã gửi quá nhiều yêu cầu xuất Excel từ địa chỉ này. Vui lòng thử lại sau 1 phút.',
    );
    // Another address, and signed-in staff, are not held back.
    expect((await get('/api/station/export', '203.0.113.31')).statusCode).toBe(200);
    expect((await get('/api/station/export', '203.0.113.30', bearer(staff))).statusCode).toBe(200);
    const series = await get('/api/water/export?stationCode=F01024&from=01/01/2024&to=31/12/2026', '203.0.113.32');
    expect(series.statusCode).not.toBe(429);
  });

  it('answers 429 past the view limit', async () => {
    const view = () =>
      ctx.app.inject({ method: 'POST', url: '/api/view', remoteAddress: '203.0.113.40', payload: { newsId: 1 } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await view()).statusCode);
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });
});

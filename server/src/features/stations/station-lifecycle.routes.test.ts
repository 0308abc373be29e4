import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

/**
 * Issue #18: stopping a station ('Ngừng hoạt động') and deleting one. Neither may leave a CAP warning that is
 * never cancelled, and a delete must not take published CAP messages with it.
 */
let clockMs = Date.now();
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ DEMO: 'false' }, undefined, { now: () => new Date(clockMs) });
  await ctx.app.ready();
  // What stopping a station does to a warning it has; how a warning is confirmed is quality.routes.test.ts's.
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  token = (await login(ctx.app, a.user.email, a.password)).token;
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;
/** The CAP feed's entries, newest first, as [message type, title]. */
const capEntries = async () =>
  [...(await get('/api/cap')).body.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => [
    /<category term="(\w+)"\/>/.exec(m[1]!)?.[1],
    /<title>([^<]*)<\/title>/.exec(m[1]!)?.[1],
  ]);

async function station(code: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/station',
    headers: bearer(token),
    payload: {
      code,
      name: `Trạm ${code}`,
      description: 'Cầu Ba Chẽ',
      lat: 21.27,
      long: 107.28,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; pushKey: string };
}

const push = async (code: string, key: string, value: string, minutesAgo = 1) => {
  const q = new URLSearchParams({
    stationCode: code,
    ...pushTime(new Date(clockMs - minutesAgo * 60_000)),
    value,
    key,
  });
  const res = await get(`/api/receive-water-level?${q}`);
  await ctx.app.alertEngine.idle();
  return res;
};

describe('Ngừng hoạt động', () => {
  it('cancels the open warning on the CAP feed, refuses pushes with 409, raises nothing, keeps the history', async () => {
    const s = await station('F01301');
    expect((await push('F01301', s.pushKey, '62', 2)).statusCode).toBe(200); // level II: an open warning
    expect((await get('/api/alerts/active')).json().map((a: { stationCode: string }) => a.stationCode)).toContain(
      'F01301',
    );
    expect(await capEntries()).toEqual([['Alert', expect.stringContaining('F01301')]]);

    const stop = await call('PUT', `/api/station/${s.id}/status`, { status: 'inactive' });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ status: 'inactive', readingCount: 1 });
    expect(await lastAudit()).toBe('Ngừng hoạt động trạm F01301 (Trạm F01301)');
    // The warning ended with a CAP Cancel, and is no longer open.
    expect((await capEntries()).map((e) => e[0])).toEqual(['Cancel', 'Alert']);
    expect((await get('/api/alerts/active')).json().map((a: { stationCode: string }) => a.stationCode)).not.toContain(
      'F01301',
    );

    const refused = await push('F01301', s.pushKey, '90');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual([
      { field: 'stationCode', message: 'Trạm đã ngừng hoạt động, không nhận số liệu' },
    ]);
    expect((await capEntries()).map((e) => e[0])).toEqual(['Cancel', 'Alert']);
    // Off the live map, but listed for staff as stopped and its readings kept.
    expect(
      (await get('/api/water?type=CURRENT_HIGH')).json().map((r: { stationCode: string }) => r.stationCode),
    ).not.toContain('F01301');
    const listed = (await get('/api/station?keyword=F01301')).json().items;
    expect(listed).toEqual([expect.objectContaining({ code: 'F01301', status: 'inactive' })]);
    const history = await get('/api/open/readings?station=F01301');
    expect(history.statusCode).toBe(200);

    // Silent for hours, a stopped station warns nobody ('Trạm mất kết nối' is for stations meant to report).
    clockMs += 4 * 3_600_000;
    await ctx.app.alertEngine.checkSilence();
    const staffAlerts = (await call('GET', '/api/alerts/staff')).json();
    expect(staffAlerts.map((a: { stationCode: string }) => a.stationCode)).not.toContain('F01301');

    const back = await call('PUT', `/api/station/${s.id}/status`, { status: 'active' });
    expect(back.json().status).toBe('active');
    expect(await lastAudit()).toBe('Cho trạm hoạt động lại F01301 (Trạm F01301)');
    expect((await push('F01301', s.pushKey, '0,61')).statusCode).toBe(200);
  });
});

describe('Xoá trạm', () => {
  it('needs the station code typed again: 400 naming confirm otherwise, and nothing is deleted', async () => {
    const s = await station('F01302');
    for (const url of [`/api/station/${s.id}`, `/api/station/${s.id}?confirm=F01301`]) {
      const res = await call('DELETE', url);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'confirm', message: 'Nhập mã trạm F01302 để xác nhận xoá' }]);
    }
    expect((await call('GET', `/api/station/${s.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/station/${s.id}?confirm=f01302`)).statusCode).toBe(200);
    expect((await call('GET', `/api/station/${s.id}`)).statusCode).toBe(404);
  });

  it('cancels its open warning, keeps every CAP message it published, and frees the code', async () => {
    const s = await station('F01303');
    expect((await push('F01303', s.pushKey, '75', 2)).statusCode).toBe(200); // level III: an open warning
    const detail = (await call('GET', `/api/station/${s.id}`)).json();
    expect(detail.readingCount).toBe(1);
    const before = (await capEntries()).filter((e) => e[1]?.includes('F01303'));
    expect(before.map((e) => e[0])).toEqual(['Alert']);

    expect((await call('DELETE', `/api/station/${s.id}?confirm=F01303`)).statusCode).toBe(200);
    expect(await lastAudit()).toBe('Xoá trạm F01303 (Trạm F01303) – Thị trấn Ba Chẽ');
    const after = (await capEntries()).filter((e) => e[1]?.includes('F01303'));
    expect(after.map((e) => e[0])).toEqual(['Cancel', 'Alert']);
    // Every published message still opens.
    for (const link of [...(await get('/api/cap')).body.matchAll(/href="[^"]*(\/api\/cap\/\d+\.xml)"/g)])
      expect((await get(link[1]!)).statusCode).toBe(200);
    // The station and its readings are gone for everyone else.
    expect((await get('/api/open/readings?station=F01303')).statusCode).toBe(404);
    expect((await get('/api/station?keyword=F01303')).json().items).toEqual([]);
    expect((await push('F01303', s.pushKey, '80')).statusCode).toBe(404);
    expect((await get('/api/alerts/active')).json().map((a: { stationCode: string }) => a.stationCode)).not.toContain(
      'F01303',
    );
    // The code can be given to a new station.
    const again = await station('F01303');
    expect((await call('GET', `/api/station/${again.id}`)).json()).toMatchObject({ readingCount: 0 });
  });
});

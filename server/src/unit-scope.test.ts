import { OUT_OF_SCOPE } from '@flood/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from './features/alerts/sms-admin.table';
import { auditLogs } from './features/audit/audit.table';
import { ONE_READING_ALERTS, setWebParameters } from './test/factories';
import { multipartFile } from './test/multipart';
import { apiCall, bearer, createTestApp, createUser, login, type TestContext } from './test/test-app';
import { DON_DAC, floodWarning, IN_DON_DAC, IN_THANH_SON, stationWithAlert, THANH_SON } from './test/units';

/**
 * Staff scoped to units (#26 point 3), on the built-in area (the former district's seven communes): an officer of
 * Thanh Sơn gets 403 on every route that names a thing of Đồn Đạc — its station, readings, SMS recipient and
 * warning — found by walking the app's routes, and still works on Thanh Sơn's. A provincial user (no units) sees all.
 */
const EVERY = ['system', 'database', 'sms', 'warning', 'user'] as const;

let ctx: TestContext;
let groupId: number;
let province: string;
let commune: string;
const mine: Record<string, number> = {};
const theirs: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const p = await createUser(ctx.db, { functions: [...EVERY] });
  province = (await login(ctx.app, p.user.email, p.password)).token;
  const g = await call('POST', '/api/group', province, { name: 'Cán bộ xã', functions: ['system'] });
  expect(g.statusCode, g.body).toBe(200);
  groupId = g.json().id;
  const c = await createUser(ctx.db, { functions: [...EVERY], name: 'Cán bộ xã Thanh Sơn' });
  // Its units set the way staff set them: through the users API, by the provincial administrator.
  const detail = (await call('GET', `/api/user/${c.user.id}`, province)).json();
  const scoped = await call('PUT', `/api/user/${c.user.id}`, province, {
    name: detail.name,
    groupId,
    phone: detail.phone,
    functions: detail.functions,
    units: [THANH_SON],
  });
  expect(scoped.statusCode, scoped.body).toBe(200);
  expect(scoped.json().units).toEqual([THANH_SON]);
  commune = (await login(ctx.app, c.user.email, c.password)).token;
  for (const [target, code, at, unit] of [
    [mine, 'F01801', IN_THANH_SON, THANH_SON],
    [theirs, 'F01802', IN_DON_DAC, DON_DAC],
  ] as const) {
    // An automatic alert on it: a reading above level 3.
    const st = await stationWithAlert(ctx.app, province, { code, name: `Trạm ${code}`, at });
    expect(st.unitCode).toBe(unit);
    target.station = st.id;
    const alerts = (await call('GET', '/api/alerts?status=open', province)).json().items as {
      id: number;
      stationCode: string;
    }[];
    target.alert = alerts.find((a) => a.stationCode === code)!.id;
    const r = await call('POST', '/api/sms-user', province, recipient(unit));
    expect(r.statusCode, r.body).toBe(200);
    target.recipient = r.json().id;
    const w = await call('POST', '/api/warnings', province, floodWarning([unit]));
    expect(w.statusCode, w.body).toBe(201);
    target.warning = w.json().id;
  }
});
afterAll(() => ctx?.close());

const call = (method: string, url: string, token?: string, payload?: unknown) =>
  apiCall(ctx.app, method, url, token, payload);

/** An SMS recipient of one commune's warnings. */
function recipient(unit: string) {
  return { name: `Trưởng thôn ${unit}`, phone: `09120${unit}`, communes: [unit] };
}

/** A body each route takes (valid, so that only the scope can refuse it), for a thing of `unit`. */
function bodyFor(method: string, url: string, unit: string, code: string): unknown {
  if (url === '/api/station/:id' && method === 'PUT')
    return { code, name: `Trạm ${code}`, description: 'Cầu', ...(unit === THANH_SON ? IN_THANH_SON : IN_DON_DAC) };
  if (url === '/api/station/:id/status') return { status: 'active' };
  if (url === '/api/sms-user/:id') return recipient(unit);
  if (url === '/api/warnings/:id' && method === 'PUT') return floodWarning([unit]);
  if (url === '/api/warnings/:id/publish-urgent' || url === '/api/warnings/:id/cancel')
    return { reason: 'Thử quyền của cán bộ xã' };
  if (url === '/api/warnings/:id/update') return { warning: floodWarning([unit]), note: 'Thử quyền' };
  return method === 'GET' || method === 'DELETE' ? undefined : {};
}

/** The routes that name a station, an SMS recipient, an officer's warning or an automatic alert by its id. */
const SCOPED = /^\/api\/(station|sms-user|warnings|alerts)\/:id(\/|$)/;
const kindOf = (url: string) =>
  url.startsWith('/api/station')
    ? 'station'
    : url.startsWith('/api/sms-user')
      ? 'recipient'
      : url.startsWith('/api/alerts')
        ? 'alert'
        : 'warning';

describe('staff scoped to units (#26 point 3)', () => {
  it("refuses (403) every route on another unit's station, recipient and warning, walking the routes", async () => {
    const routes = ctx.app.apiRoutes.filter((r) => SCOPED.test(r.url));
    // The walker must have found the routes of the three kinds (a rename would make it walk nothing).
    expect(new Set(routes.map((r) => kindOf(r.url)))).toEqual(new Set(['station', 'recipient', 'warning', 'alert']));
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of routes) {
      const kind = kindOf(r.url);
      const id = theirs[kind]!;
      const url = `${r.url.replace(':id', String(id))}${r.method === 'DELETE' && kind === 'station' ? '?confirm=F01802' : ''}`;
      const res = await call(r.method, url, commune, bodyFor(r.method, r.url, DON_DAC, 'F01802'));
      expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(OUT_OF_SCOPE);
    }
    // Nothing of Đồn Đạc changed: the provincial user still finds all three as they were.
    expect((await call('GET', `/api/station/${theirs.station}`, province)).json()).toMatchObject({ unitCode: DON_DAC });
    expect((await call('GET', `/api/warnings/${theirs.warning}`, province)).json()).toMatchObject({
      communes: [DON_DAC],
      publishedAt: null,
      cancelledAt: null,
    });
  });

  it("refuses another unit's readings and new things outside its units; its own work as before", async () => {
    const review = (code: string) => call('GET', `/api/readings/review?stationCode=${code}`, commune);
    expect((await review('F01802')).statusCode).toBe(403);
    expect((await review('F01801')).statusCode).toBe(200);
    const outside = await call('POST', '/api/station', commune, {
      code: 'F01803',
      name: 'Trạm mới',
      description: 'Cầu',
      ...IN_DON_DAC,
    });
    expect(outside.statusCode).toBe(403);
    expect((await call('POST', '/api/sms-user', commune, { ...recipient(THANH_SON), communes: [] })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/warnings', commune, floodWarning([THANH_SON, DON_DAC]))).statusCode).toBe(403);
    // Its own: read and change.
    expect((await call('GET', `/api/station/${mine.station}`, commune)).statusCode).toBe(200);
    const own = await call(
      'PUT',
      `/api/station/${mine.station}`,
      commune,
      bodyFor('PUT', '/api/station/:id', THANH_SON, 'F01801'),
    );
    expect(own.statusCode, own.body).toBe(200);
    const [last] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    // The audit says which unit the change touched.
    expect(last?.content).toMatch(/F01801.* – Xã Thanh Sơn$/);
    expect(
      (
        await call(
          'PUT',
          `/api/sms-user/${mine.recipient}`,
          commune,
          bodyFor('PUT', '/api/sms-user/:id', THANH_SON, ''),
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/warnings/${mine.warning}`, commune)).statusCode).toBe(200);
  });

  it('lists only its units; a provincial user lists all', async () => {
    const codes = async (token: string) =>
      ((await call('GET', '/api/station?pageSize=50', token)).json().items as { code: string }[]).map((s) => s.code);
    expect(await codes(commune)).toEqual(['F01801']);
    expect(await codes(province)).toEqual(['F01801', 'F01802']);
    const recipients = async (token: string) => {
      const res = await call('GET', '/api/sms-user', token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { id: number }[]).map((r) => r.id);
    };
    expect(await recipients(commune)).toEqual([mine.recipient]);
    expect((await recipients(province)).sort()).toEqual([mine.recipient, theirs.recipient].sort());
    const warnings = async (token: string) =>
      ((await call('GET', '/api/warnings?status=all', token)).json().items as { id: number }[]).map((w) => w.id);
    expect(await warnings(commune)).toEqual([mine.warning]);
    const alerts = async (token: string) =>
      ((await call('GET', '/api/alerts?status=open', token)).json().items as { id: number }[]).map((a) => a.id);
    expect(await alerts(commune)).toEqual([mine.alert]);
    expect((await alerts(province)).sort()).toEqual([mine.alert, theirs.alert].sort());
    const counts = (await call('GET', '/api/subscriber-counts', commune)).json() as { commune: string }[];
    expect(counts.map((c) => c.commune)).toEqual([THANH_SON]);
  });

  it("a member of a scoped group works with the group's units", async () => {
    const g = await call('POST', '/api/group', province, {
      name: 'Cán bộ xã Thanh Sơn',
      functions: ['system', 'database'],
      units: [THANH_SON],
    });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json().units).toEqual([THANH_SON]);
    const email = `xa.${Date.now()}@bache.local`;
    const u = await call('POST', '/api/user', province, {
      name: 'Cán bộ nhóm xã',
      email,
      groupId: g.json().id,
      password: 'Mat-khau-xa-2026',
      functions: ['system', 'database'],
    });
    expect(u.statusCode, u.body).toBe(200);
    const token = (await login(ctx.app, email, 'Mat-khau-xa-2026')).token;
    const listed = (await call('GET', '/api/station?pageSize=50', token)).json().items as { code: string }[];
    expect(listed.map((s) => s.code)).toEqual(['F01801']);
  });

  it('a scoped manager gives only its own units, and never every unit', async () => {
    const other = await createUser(ctx.db, { functions: ['system', 'sms'] });
    const detail = (await call('GET', `/api/user/${other.user.id}`, province)).json();
    const body = (units: string[]) => ({
      name: detail.name,
      groupId,
      phone: detail.phone,
      functions: detail.functions,
      units,
    });
    // The account reaches every unit: above a commune officer.
    expect((await call('PUT', `/api/user/${other.user.id}`, commune, body([THANH_SON]))).statusCode).toBe(403);
    expect((await call('PUT', `/api/user/${other.user.id}`, province, body([THANH_SON]))).statusCode).toBe(200);
    const wider = await call('PUT', `/api/user/${other.user.id}`, commune, body([THANH_SON, DON_DAC]));
    expect(wider.statusCode).toBe(403);
    expect(wider.json().fields).toEqual([{ field: 'units', message: expect.stringContaining('địa bàn') }]);
    expect((await call('PUT', `/api/user/${other.user.id}`, commune, body([]))).statusCode).toBe(403);
    const unknown = await call('PUT', `/api/user/${other.user.id}`, province, body(['99999']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([{ field: 'units', message: 'Đơn vị không thuộc khu vực của cổng: 99999' }]);
  });

  it("imports readings of its own units' stations only: another unit's rows are refused, named on the station", async () => {
    const csv = ['stationCode,date,hour,minute,value', 'F01801,01/10/2026,10,00,120', 'F01802,01/10/2026,10,00,130'];
    const { payload, headers } = multipartFile('file', 'so-lieu-xa.csv', csv.join('\n'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/readings/import',
      payload,
      headers: { ...headers, ...bearer(commune) },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    let job = res.json();
    for (let i = 0; i < 200 && job.status !== 'done' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = (await call('GET', `/api/readings/import/${job.id}`, commune)).json();
    }
    expect(job).toMatchObject({ status: 'done', stored: 1, rejectedCount: 1 });
    expect(job.rejected).toEqual([{ row: 3, field: 'stationCode', message: OUT_OF_SCOPE }]);
  });

  it("reads and resends only its communes' messages in the send history", async () => {
    // A failed message to each commune's recipient, and one to the on-duty list (no commune).
    const rows = await ctx.db
      .insert(messageOutbox)
      .values(
        [
          { smsUserId: mine.recipient!, name: 'Trưởng thôn Thanh Sơn', channel: 'sms', recipient: '0912006973' },
          { smsUserId: theirs.recipient!, name: 'Trưởng thôn Đồn Đạc', channel: 'sms', recipient: '0912006988' },
          { name: 'Trực ban', channel: 'sms', recipient: '0912000000' },
        ].map((m) => ({ ...m, channel: 'sms' as const, body: 'Canh bao lu', status: 'FAILED' as const })),
      )
      .returning({ id: messageOutbox.id, name: messageOutbox.name });
    const idOf = (name: string) => rows.find((r) => r.name === name)!.id;
    const names = async (token: string) =>
      ((await call('GET', '/api/sms-history?page=1&pageSize=50', token)).json().items as { name: string }[]).map(
        (m) => m.name,
      );
    const seen = await names(commune);
    expect(seen).toContain('Trưởng thôn Thanh Sơn');
    expect(seen).not.toContain('Trưởng thôn Đồn Đạc');
    expect(seen).not.toContain('Trực ban');
    // Whatever else it sees went to its commune's recipient (set up above) too.
    expect(seen.filter((n) => n !== 'Trưởng thôn Thanh Sơn').every((n) => n === `Trưởng thôn ${THANH_SON}`)).toBe(true);
    expect(await names(province)).toEqual(expect.arrayContaining(['Trưởng thôn Đồn Đạc', 'Trực ban']));
    const refused = await call('POST', `/api/sms-history/${idOf('Trưởng thôn Đồn Đạc')}/resend`, commune);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OUT_OF_SCOPE);
    expect((await call('POST', `/api/sms-history/${idOf('Trực ban')}/resend`, commune)).statusCode).toBe(403);
    const own = await call('POST', `/api/sms-history/${idOf('Trưởng thôn Thanh Sơn')}/resend`, commune);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().status).toBe('PENDING');
  });
});

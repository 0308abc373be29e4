import { DEFAULT_SMS_TEMPLATES, formatSmsTemplate, SMS_RECIPIENT_NO_CONTACT } from '@flood/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createMemoryEventBus } from '../../lib/events';
import type { SmsGateway } from '../../lib/sms-gateway';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-db';
import { DEMO_STATIONS } from '../demo/demo.stations';
import { stations } from '../stations/stations.table';
import { alerts } from './alerts.table';
import { createDispatcher } from './dispatcher';
import { gatewayLog } from './gateway-log.table';
import { messageOutbox } from './sms-admin.table';
import { createLogSmsGateway } from './sms-log.gateway';

const FAILING_PHONE = '0999999999';
let sent: string[] = [];
const gateway: SmsGateway = {
  name: 'test',
  async send(m) {
    if (m.to === FAILING_PHONE) throw new Error('gateway down');
    sent.push(`${m.to}|${m.body}`);
  },
};
const bus = createMemoryEventBus();
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ DISPATCH_MAX_ATTEMPTS: '3' }, undefined, {
    bus,
    sms: gateway,
    dispatch: { backoffMs: () => 0, pollMs: 50 },
  });
  await ctx.app.ready();
  // The pipeline from a level to the messages; confirmation and quality have their own tests (quality.test.ts).
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const a = await createUser(ctx.db, { functions: ['system', 'database', 'sms'], name: 'Trực ban' });
  token = (await login(ctx.app, a.user.email, a.password)).token;
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** A water station (its creator made by the factory): the parent of the alerts, not what is tested here. */
const station = (code: string, levels: [number, number, number] = [30, 50, 70]) =>
  createStation(ctx.db, { code, levels, bus: ctx.bus });

async function push(code: string, key: string, value: number, minutesAgo: number) {
  const q = new URLSearchParams({
    stationCode: code,
    ...pushTime(new Date(Date.now() - minutesAgo * 60_000)),
    value: String(value),
    key,
  });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
  expect(res.statusCode).toBe(200);
  await ctx.app.alertEngine.idle();
}

/** The messages queued for the alerts of one station. */
async function messagesOf(stationId: number) {
  return (
    await ctx.db
      .select({ h: messageOutbox })
      .from(messageOutbox)
      .innerJoin(alerts, eq(alerts.id, messageOutbox.alertId))
      .where(eq(alerts.stationId, stationId))
  ).map((r) => r.h);
}

/** Waits for the app's own outbox worker (it runs concurrently, as in production). */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('SMS back office', () => {
  it('seeds the default templates: unaccented GSM-7, decimal comma, one segment with the longest demo station name', async () => {
    const list = (await api('GET', '/api/sms-template')).json() as {
      type: keyof typeof DEFAULT_SMS_TEMPLATES;
      template: string;
    }[];
    expect(Object.fromEntries(list.map((t) => [t.type, t.template]))).toEqual(DEFAULT_SMS_TEMPLATES);
    const longest = DEMO_STATIONS.map((d) => d.name).reduce((a, b) => (b.length > a.length ? b : a));
    for (const t of list) {
      const text = formatSmsTemplate(t.template, { station: longest, level: 3, value: 1234.56 });
      expect(text.length, text).toBeLessThanOrEqual(160);
      // GSM 7-bit basic alphabet (no Vietnamese marks), numbers with a decimal comma.
      expect(text, text).toMatch(/^[A-Za-z0-9 .,:;!?()%/+-]*$/);
      expect(text, text).not.toMatch(/\d\.\d/);
      if (/%\.[1-9]f/.test(t.template)) expect(text, text).toMatch(/\d,\d/);
    }
  });

  it('lists the three seeded templates and refuses one without %s and %f/%.2f', async () => {
    const list = (await api('GET', '/api/sms-template')).json();
    expect(list.map((t: { type: string }) => t.type)).toEqual(['FLOOD_WARNING', 'RAIN_WARNING', 'WATER_RISE']);
    const bad = await api('PUT', `/api/sms-template/${list[0].id}`, { template: 'Tram %s cap %d' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([
      { field: 'template', message: 'Vui lòng cập nhật lại nội dung tin nhắn theo mô tả' },
    ]);
    const ok = await api('PUT', `/api/sms-template/${list[0].id}`, { template: 'LU: %s cap %d, %.2f m' });
    expect(ok.json().template).toBe('LU: %s cap %d, %.2f m');
    // One SMS with the longest station name (#24): a template that needs a second one is refused, said why.
    const long = await api('PUT', `/api/sms-template/${list[0].id}`, {
      template: `${DEFAULT_SMS_TEMPLATES.FLOOD_WARNING} Lien he truc ban PCTT xa de biet them chi tiet.`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].field).toBe('template');
    expect(long.json().fields[0].message).toMatch(/^Tin nhắn mẫu dài \d+ ký tự, cần 2 tin/);
  });

  it('adds, edits and deletes recipients, naming bad fields', async () => {
    const r = await api('POST', '/api/sms-user', { name: 'Tạm', phone: '0911000000' });
    expect(r.statusCode).toBe(200);
    const up = await api('PUT', `/api/sms-user/${r.json().id}`, { name: 'Tạm 2', email: 'tam@bache.local' });
    expect(up.json()).toMatchObject({ name: 'Tạm 2', email: 'tam@bache.local', phone: null });
    expect((await api('DELETE', `/api/sms-user/${r.json().id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/sms-user/${r.json().id}`)).statusCode).toBe(404);
    const bad = await api('POST', '/api/sms-user', { name: '', phone: 'abc', email: 'x' });
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'name', 'phone']);
  });

  it('refuses a recipient with neither phone nor e-mail (it would receive nothing)', async () => {
    for (const body of [{ name: 'Không liên lạc' }, { name: 'Không liên lạc', phone: '', email: '' }]) {
      const res = await api('POST', '/api/sms-user', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'phone', message: SMS_RECIPIENT_NO_CONTACT }]);
    }
    const r = await api('POST', '/api/sms-user', { name: 'Tạm', email: 'tam2@bache.local' });
    const cleared = await api('PUT', `/api/sms-user/${r.json().id}`, { name: 'Tạm', email: '' });
    expect(cleared.statusCode).toBe(400);
    expect((await api('DELETE', `/api/sms-user/${r.json().id}`)).statusCode).toBe(200);
  });
});

describe('sending a message again (#22)', () => {
  it('staff resend an UNCERTAIN message once; a sent one cannot be resent (409); audited', async () => {
    sent = [];
    const [m] = await ctx.db
      .insert(messageOutbox)
      .values({
        name: 'Trưởng thôn',
        channel: 'sms',
        recipient: '0911222333',
        body: 'LU: thu lai',
        status: 'UNCERTAIN',
      })
      .returning();
    const res = await api('POST', `/api/sms-history/${m!.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: m!.id, status: 'PENDING' });
    await until(async () => sent.includes('0911222333|LU: thu lai'));
    // The gateway has it before the dispatcher records the outcome: wait for the record, not only the hand-off.
    const statusOf = async () =>
      (await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, m!.id)))[0]!.status;
    await until(async () => (await statusOf()) === 'SUCCESS');
    expect(await statusOf()).toBe('SUCCESS');
    const again = await api('POST', `/api/sms-history/${m!.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(sent.filter((x) => x === '0911222333|LU: thu lai')).toHaveLength(1);
    const reader = await createUser(ctx.db, { functions: ['system', 'news'] });
    const readerToken = (await login(ctx.app, reader.user.email, reader.password)).token;
    const denied = await ctx.app.inject({
      method: 'POST',
      url: `/api/sms-history/${m!.id}/resend`,
      headers: bearer(readerToken),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('alert engine and dispatch', () => {
  it('a reading above level II opens one alert and sends one message per recipient, retrying a failing one', async () => {
    await api('POST', '/api/sms-user', { name: 'Chủ tịch xã', phone: '0912000001' });
    await api('POST', '/api/sms-user', { name: 'Trưởng thôn', phone: '0912000002', email: 'thon@bache.local' });
    await api('POST', '/api/sms-user', { name: 'Số hỏng', phone: FAILING_PHONE });
    const s = await station('F01024');
    const events: { action: string; alert: { level: number } }[] = [];
    const off = bus.subscribe((e) => {
      if (e.type === 'alert') events.push(e.data as never);
    });
    sent = [];
    await push('F01024', s.pushKey, 62, 3);
    off();
    const open = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'WATER_LEVEL', level: 2, value: 62 });
    expect(open[0]!.message).toBe('Trạm F01024: mực nước đạt báo động cấp II (0,62 m)');
    expect(events).toEqual([
      expect.objectContaining({ action: 'opened', alert: expect.objectContaining({ level: 2 }) }),
    ]);
    const settled = async () =>
      (await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.alertId, open[0]!.id))).every(
        (h) => h.status !== 'PENDING',
      );
    await until(settled);
    expect(sent.sort()).toEqual([
      '0912000001|LU: Tram F01024 cap 2, 0,62 m',
      '0912000002|LU: Tram F01024 cap 2, 0,62 m',
    ]);

    // The failing number is retried up to DISPATCH_MAX_ATTEMPTS, then FAILED; the others are SUCCESS.
    const history = (await api('GET', '/api/sms-history?pageSize=50')).json().items as {
      recipient: string;
      status: string;
      attempts: number;
      channel: string;
    }[];
    const mine = history.filter((h) =>
      ['0912000001', '0912000002', 'thon@bache.local', FAILING_PHONE].includes(h.recipient),
    );
    expect(mine).toHaveLength(4);
    expect(mine.find((h) => h.recipient === FAILING_PHONE)).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(mine.filter((h) => h.status === 'SUCCESS')).toHaveLength(3);
    expect(mine.find((h) => h.channel === 'email')?.recipient).toBe('thon@bache.local');

    const active = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json();
    expect(active[0]).toMatchObject({ stationCode: 'F01024', level: 2, positionText: 'Đối diện Trung tâm Y tế huyện' });
  });

  it('a value flapping around level II sends no new message; reaching level III escalates once', async () => {
    const s = await station('F01030');
    const before = (await ctx.db.select().from(messageOutbox)).length;
    for (const [v, ago] of [
      [55, 50],
      [48, 45],
      [52, 40],
      [47, 35],
      [51, 30],
    ] as const) {
      await push('F01030', s.pushKey, v, ago);
    }
    // One alert, one message per recipient channel (3 SMS + 1 e-mail), whatever the flapping.
    const afterFlap = (await ctx.db.select().from(messageOutbox)).length;
    expect(afterFlap - before).toBe(4);
    await push('F01030', s.pushKey, 72, 25);
    expect((await ctx.db.select().from(messageOutbox)).length - afterFlap).toBe(4);
    const rows = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.level).toBe(3);
  });

  it('a fast rise that also crosses a level sends one message per recipient: the level one', async () => {
    const s = await station('F01050');
    await push('F01050', s.pushKey, 16, 65);
    await push('F01050', s.pushKey, 61, 2); // +45 cm in an hour, and past level II
    const rows = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['WATER_LEVEL', 'WATER_RISE']);
    const queued = await messagesOf(s.id);
    // 3 phones + 1 e-mail, once: not a second 'muc nuoc 45 m' message from the rise.
    expect(queued).toHaveLength(4);
    for (const q of queued)
      expect(q.body).toBe(q.channel === 'sms' ? 'LU: Tram F01050 cap 2, 0,61 m' : 'LU: Trạm F01050 cap 2, 0,61 m');
  });

  it('a fast rise below every level sends the rise template: a rate in cm/gio, not a water level', async () => {
    const s = await station('F01051', [300, 400, 500]);
    await push('F01051', s.pushKey, 16, 65);
    await push('F01051', s.pushKey, 61, 2);
    const [rise] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(rise).toMatchObject({ kind: 'WATER_RISE', level: 1, value: 45 });
    const queued = await messagesOf(s.id);
    expect(queued).toHaveLength(4);
    for (const q of queued.filter((m) => m.channel === 'sms')) {
      expect(q.body).toBe(formatSmsTemplate(DEFAULT_SMS_TEMPLATES.WATER_RISE, { station: 'Trạm F01051', value: 45 }));
      expect(q.body).toContain('NUOC LEN NHANH: Tram F01051 len 45 cm/gio');
    }
    for (const q of queued) expect(q.body).not.toContain('muc nuoc');
    const line = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' }))
      .json()
      .find((a: { stationCode: string }) => a.stationCode === 'F01051');
    expect(line).toMatchObject({ kind: 'WATER_RISE', value: 45, peakValue: 45, trend: 'rising' });
  });

  it('a warning held after the level falls carries its peak, the current value and the trend', async () => {
    const s = await station('F01052');
    await push('F01052', s.pushKey, 10, 70);
    await push('F01052', s.pushKey, 75, 20); // level III
    // Below level III, but the 30-minute hold keeps it open; 35 cm above the hour before, yet falling now.
    const events: { action: string; alert: { stationCode: string; kind: string; value: number; trend: string } }[] = [];
    const off = bus.subscribe((e) => {
      if (e.type === 'alert') events.push(e.data as never);
    });
    await push('F01052', s.pushKey, 45, 3);
    await push('F01052', s.pushKey, 43, 2); // still falling, 2 cm: nothing new to tell
    off();
    // The banner refreshes on alert events: the current value and trend are announced, once.
    expect(
      events
        .filter((e) => e.alert.stationCode === 'F01052' && e.alert.kind === 'WATER_LEVEL' && e.action === 'updated')
        .map((e) => e.alert),
    ).toEqual([expect.objectContaining({ value: 45, trend: 'falling' })]);
    const active = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json() as {
      stationCode: string;
      kind: string;
      level: number;
      value: number;
      peakValue: number;
      trend: string;
    }[];
    expect(active.find((a) => a.stationCode === 'F01052' && a.kind === 'WATER_LEVEL')).toMatchObject({
      level: 3,
      peakValue: 75,
      value: 43,
      trend: 'falling',
    });
  });

  it('the alerts of a demo station reach only the log gateway, never the real one', async () => {
    const s = await station('F01053');
    await ctx.db.update(stations).set({ demo: true }).where(eq(stations.id, s.id));
    sent = [];
    await push('F01053', s.pushKey, 62, 2);
    const [alert] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    const settled = async () =>
      (await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.alertId, alert!.id))).every(
        (h) => h.status !== 'PENDING',
      );
    await until(settled);
    expect(sent.filter((m) => m.includes('F01053'))).toEqual([]);
    const logged = await ctx.db.select().from(gatewayLog);
    const mine = logged.filter((m) => m.body.includes('F01053'));
    // Every phone, the failing one included (the log gateway does not fail), went to the log.
    expect(mine.map((m) => m.phone).sort()).toEqual(['0912000001', '0912000002', FAILING_PHONE]);
    expect(mine.every((m) => m.gateway === 'log')).toBe(true);
  });

  it('old readings (an import of history) raise no alert', async () => {
    const s = await station('F01031');
    await push('F01031', s.pushKey, 90, 24 * 60);
    expect(await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id))).toHaveLength(0);
  });
});

describe('restart during dispatch', () => {
  it('a message claimed by a process that died is sent again by another, and delivered once', async () => {
    // Its own database, so that the app's worker does not take part.
    const database = await openTestDatabase();
    const db = database.db;
    const [msg] = await db
      .insert(messageOutbox)
      .values({
        name: 'Khởi động lại',
        channel: 'sms',
        recipient: '0912777777',
        body: 'Thu nghiem',
        nextAttemptAt: new Date(0),
      })
      .returning();
    const log = createLogSmsGateway({ db: db, logger: ctx.app.log });
    // Process A: the provider accepts the message, then the process dies before recording it.
    const dying = createDispatcher({
      db: db,
      sms: {
        name: 'dying',
        send: async (m) => {
          await log.send(m);
          await new Promise(() => {});
        },
      },
      email: { name: 'x', send: async () => {} },
      bus,
      logger: ctx.app.log,
      lockMs: 200,
    });
    void dying.runOnce();
    await new Promise((r) => setTimeout(r, 400));
    // Process B, after the restart, finds the stale claim and sends it again.
    const restarted = createDispatcher({
      db: db,
      sms: log,
      email: { name: 'x', send: async () => {} },
      bus,
      logger: ctx.app.log,
      lockMs: 200,
    });
    // (The app's own worker may win the claim: either way another process sends it.)
    await restarted.runOnce();
    let after: typeof messageOutbox.$inferSelect | undefined;
    for (let i = 0; i < 50 && after?.status !== 'SUCCESS'; i++) {
      [after] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, msg!.id));
      if (after?.status !== 'SUCCESS') await new Promise((r) => setTimeout(r, 50));
    }
    expect(after).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    const delivered = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from sms_outbox where message_id = ${`sms-history-${msg!.id}`}`),
    );
    expect(delivered[0]!.n).toBe(1);
    await database.close();
  });
});

describe('silent stations', () => {
  it('warn the staff, not the public, and clear on the next reading', async () => {
    const s = await station('F01040');
    await ctx.app.alertEngine.checkSilence();
    const staff = (await api('GET', '/api/alerts/staff')).json() as {
      stationCode: string;
      kind: string;
      message: string;
    }[];
    expect(staff.find((a) => a.stationCode === 'F01040')).toMatchObject({
      kind: 'STATION_SILENT',
      message: 'Trạm F01040: trạm mất kết nối',
    });
    const pub = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json() as {
      stationCode: string;
    }[];
    expect(pub.find((a) => a.stationCode === 'F01040')).toBeUndefined();
    await push('F01040', s.pushKey, 10, 1);
    await ctx.app.alertEngine.checkSilence();
    const after = (await api('GET', '/api/alerts/staff')).json() as { stationCode: string }[];
    expect(after.find((a) => a.stationCode === 'F01040')).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts/staff' })).statusCode).toBe(401);
  });
});

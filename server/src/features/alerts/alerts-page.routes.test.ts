// Issue #22 item 4: the alerts page (every alert, its timeline), acknowledgement, and reminders of unacknowledged
// level II/III alerts to the on-duty list.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStation, type StationFixture, setWebParameters } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { alerts } from './alerts.table';
import { messageOutbox } from './sms-admin.table';

/** The test's clock: the engine, the reminders and the pushes follow it. */
let clockMs = Math.floor(Date.now() / 60_000) * 60_000;
let ctx: TestContext;
let officer: string;
let viewer: string;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => new Date(clockMs), dispatch: { pollMs: 60_000 } });
  await ctx.app.ready();
  const a = await createUser(ctx.db, { functions: ['system', 'sms'], name: 'Nguyễn Văn Trực' });
  officer = (await login(ctx.app, a.user.email, a.password)).token;
  const b = await createUser(ctx.db, { functions: ['system', 'news'], name: 'Biên tập' });
  viewer = (await login(ctx.app, b.user.email, b.password)).token;
  const add = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/sms-user', headers: bearer(officer), payload });
  expect((await add({ name: 'Chủ tịch xã', phone: '0911000021' })).statusCode).toBe(200);
  const duty = await add({ name: 'Trực ban PCTT', phone: '0911000022', email: 'trucban@bache.local', onDuty: true });
  expect(duty.json()).toMatchObject({ onDuty: true });
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = officer) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function push(s: StationFixture, value: number, minutesAgo: number) {
  const q = new URLSearchParams({
    stationCode: s.code,
    ...pushTime(new Date(clockMs - minutesAgo * 60_000)),
    value: String(value),
    key: s.pushKey,
  });
  expect((await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` })).statusCode).toBe(200);
  await ctx.app.alertEngine.idle();
}

/** A confirmed level III alert on a new station (two readings at level III). */
async function levelThree(code: string): Promise<number> {
  const s = await createStation(ctx.db, { code, bus: ctx.bus });
  await push(s, 60, 20);
  await push(s, 75, 10);
  await push(s, 76, 0);
  const [a] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
  expect(a).toMatchObject({ level: 3 });
  expect(a!.confirmedAt).not.toBeNull();
  return a!.id;
}

const reminders = (alertId: number) =>
  ctx.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.alertId, alertId), eq(messageOutbox.purpose, 'escalation')));
const minutes = (m: number) => {
  clockMs += m * 60_000;
};

describe('the alerts page', () => {
  it('lists every alert for signed-in staff, with its timeline and messages; anonymous callers get 401', async () => {
    const id = await levelThree('F01401');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    const page = (await api('GET', '/api/alerts?status=open', undefined, viewer)).json();
    expect(page.items.find((a: { id: number }) => a.id === id)).toMatchObject({
      stationCode: 'F01401',
      level: 3,
      confirmed: true,
      acknowledgedAt: null,
      escalations: 0,
    });
    const detail = (await api('GET', `/api/alerts/${id}`, undefined, viewer)).json();
    // 60 cm opened level II unconfirmed, 75 cm confirmed it at II (held min 60), 76 cm held level III.
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual([
      'opened',
      'confirmed',
      'messages',
      'raised',
      'messages',
    ]);
    // One per recipient at the confirmation and at level III: 2 × (1 SMS + 1 SMS and an e-mail).
    expect(detail.messages.total).toBe(6);
    expect((await api('GET', '/api/alerts/999999')).statusCode).toBe(404);
  });
});

describe('acknowledgement and reminders (#22 "done when")', () => {
  it('an unacknowledged level III alert is sent again to the on-duty list once after 15 minutes, and not after acknowledgement', async () => {
    const id = await levelThree('F01402');
    minutes(14);
    await ctx.app.escalations.check();
    expect(await reminders(id)).toHaveLength(0);
    minutes(1);
    expect(await ctx.app.escalations.check()).toBeGreaterThanOrEqual(1);
    await ctx.app.escalations.check(); // not due again at once
    const sent = await reminders(id);
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'trucban@bache.local'],
      ['sms', '0911000022'],
    ]);
    const sms = sent.find((m) => m.channel === 'sms')!.body;
    expect(sms).toMatch(/^CHUA AI NHAN XU LY sau 15 phut: muc nuoc bao dong 3 tai Tram F01402, hien 0,76 m\./);
    expect(sms.length).toBeLessThanOrEqual(160);
    expect((await api('GET', `/api/alerts/${id}`)).json().alert).toMatchObject({ escalations: 1 });

    // Somebody takes charge: reminders stop.
    expect((await api('POST', `/api/alerts/${id}/acknowledge`, { note: 'Đã báo xã sơ tán' }, viewer)).statusCode).toBe(
      403,
    );
    const ack = await api('POST', `/api/alerts/${id}/acknowledge`, { note: 'Đã báo xã sơ tán' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ acknowledgedBy: 'Nguyễn Văn Trực', ackNote: 'Đã báo xã sơ tán' });
    // The public list says it is in hand, not who took it nor their note.
    const pub = ((await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json() as { id: number }[]).find(
      (a) => a.id === id,
    );
    expect(pub).toMatchObject({ acknowledgedBy: null, ackNote: null });
    expect(pub).toHaveProperty('acknowledgedAt', expect.any(String));
    const again = await api('POST', `/api/alerts/${id}/acknowledge`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cảnh báo đã có người nhận xử lý hoặc đã kết thúc');
    minutes(30);
    await ctx.app.escalations.check();
    expect(await reminders(id)).toHaveLength(2);
    const timeline = (await api('GET', `/api/alerts/${id}`)).json().events as {
      type: string;
      userName: string | null;
      detail: string | null;
    }[];
    expect(timeline.map((e) => e.type).slice(-2)).toEqual(['escalated', 'acknowledged']);
    expect(timeline.at(-1)).toMatchObject({ userName: 'Nguyễn Văn Trực', detail: 'Đã báo xã sơ tán' });
  });

  it('stops after the configured number of reminders', async () => {
    await setWebParameters(ctx.db, { alertMaxEscalations: 2, alertAckMinutes: 10 }, { bus: ctx.bus });
    try {
      const id = await levelThree('F01403');
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) {
        minutes(10);
        await ctx.app.escalations.check();
        counts.push((await reminders(id)).length);
      }
      expect(counts).toEqual([2, 4, 4, 4]);
      expect((await api('GET', `/api/alerts/${id}`)).json().alert.escalations).toBe(2);
    } finally {
      await setWebParameters(ctx.db, { alertMaxEscalations: 3, alertAckMinutes: 15 }, { bus: ctx.bus });
    }
  });
});

// Issue #22 item 3: staff review and correct readings; rollups, flood events and open alerts follow the
// corrected data; an alert that rested on a corrected reading is cancelled with a CAP Cancel and one short
// cancel message per person it reached.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsGateway } from '../../lib/sms-gateway';
import { capProfileProblems, capSchemaErrors } from '../../test/cap-profile';
import { createStation, type StationFixture } from '../../test/factories';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { alertEvents, alerts } from '../alerts/alerts.table';
import { capMessages } from '../alerts/cap.table';
import { messageOutbox } from '../alerts/sms-admin.table';
import { auditLogs } from '../audit/audit.table';
import { readingCorrections, readingsHourly } from './readings.table';

let sent: string[] = [];
const gateway: SmsGateway = {
  name: 'test',
  async send(m) {
    sent.push(`${m.to}|${m.body}`);
  },
};
let ctx: TestContext;
let staff: string;
let reader: string;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { sms: gateway, dispatch: { backoffMs: () => 0, pollMs: 30 } });
  await ctx.app.ready();
  const a = await createUser(ctx.db, { functions: ['system', 'database', 'sms'], name: 'Cán bộ trực' });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  const b = await createUser(ctx.db, { functions: ['system', 'news'] });
  reader = (await login(ctx.app, b.user.email, b.password)).token;
  for (const [name, phone] of [
    ['Chủ tịch xã', '0911000011'],
    ['Trưởng thôn', '0911000012'],
  ]) {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms-user',
      headers: bearer(staff),
      payload: { name, phone },
    });
    expect(r.statusCode).toBe(200);
  }
});
afterAll(() => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = staff) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function push(s: StationFixture, value: number, at: Date) {
  const q = new URLSearchParams({ stationCode: s.code, ...pushTime(at), value: String(value), key: s.pushKey });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.alertEngine.idle();
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Whole minutes, so the instants survive the push's district date/hour/minute. */
const minutesAgo = (m: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - m * 60_000);

describe('review', () => {
  it('needs `database`, names a bad range, lists readings with their flags', async () => {
    const s = await createStation(ctx.db, { code: 'F01301', bus: ctx.bus });
    await push(s, 20, minutesAgo(30));
    await push(s, 900, minutesAgo(20));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/readings/review?stationCode=F01301' })).statusCode).toBe(
      401,
    );
    expect((await api('GET', '/api/readings/review?stationCode=F01301', undefined, reader)).statusCode).toBe(403);
    const long = await api('GET', '/api/readings/review?stationCode=F01301&from=01/01/2026&to=15/02/2026');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([{ field: 'to', message: 'Khoảng thời gian tối đa 31 ngày' }]);
    expect((await api('GET', '/api/readings/review?stationCode=F09999')).json().fields[0].field).toBe('stationCode');
    const review = (await api('GET', '/api/readings/review?stationCode=F01301')).json();
    expect(review).toMatchObject({
      stationCode: 'F01301',
      kind: 'water',
      levels: { level1: 30, level2: 50, level3: 70 },
    });
    expect(
      review.readings.map((r: { value: number; quality: string; qualityRule: string | null }) => [
        r.value,
        r.quality,
        r.qualityRule,
      ]),
    ).toEqual([
      [20, 'good', null],
      [900, 'suspect', 'rate_of_change'],
    ]);
  });

  it('refuses a correction without a reason, a value or a reading, naming the field', async () => {
    const s = await createStation(ctx.db, { code: 'F01302', bus: ctx.bus });
    const at = minutesAgo(10);
    await push(s, 25, at);
    const base = { stationCode: s.code, observedAt: at.toISOString() };
    const noReason = await api('POST', '/api/readings/correct', { ...base, action: 'bad', reason: ' ' });
    expect(noReason.json().fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    const noValue = await api('POST', '/api/readings/correct', { ...base, action: 'correct', reason: 'Cảm biến lệch' });
    expect(noValue.json().fields).toEqual([{ field: 'value', message: 'Nhập giá trị hiệu chỉnh' }]);
    const impossible = await api('POST', '/api/readings/correct', {
      ...base,
      action: 'correct',
      value: 200_000,
      reason: 'x y z',
    });
    expect(impossible.json().fields[0].field).toBe('value');
    const none = await api('POST', '/api/readings/correct', {
      ...base,
      observedAt: minutesAgo(500).toISOString(),
      action: 'bad',
      reason: 'Không có',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([
      { field: 'observedAt', message: 'Không có số liệu của trạm tại thời điểm này' },
    ]);
    expect(
      (await api('POST', '/api/readings/correct', { ...base, action: 'bad', reason: 'Cảm biến' }, reader)).statusCode,
    ).toBe(403);
  });

  it('a corrected value is audited (who, when, old, new, why) and the hourly rollup follows it', async () => {
    const s = await createStation(ctx.db, { code: 'F01303', bus: ctx.bus });
    const at = minutesAgo(5);
    await push(s, 24, at);
    const res = await api('POST', '/api/readings/correct', {
      stationCode: s.code,
      observedAt: at.toISOString(),
      action: 'correct',
      value: 26.5,
      reason: 'Đối chiếu thước nước',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 1, cancelledAlerts: [] });
    const review = (await api('GET', `/api/readings/review?stationCode=${s.code}`)).json();
    expect(review.readings).toEqual([
      { observedAt: at.toISOString(), value: 26.5, quality: 'corrected', qualityRule: 'manual', originalValue: 24 },
    ]);
    expect(review.corrections).toEqual([
      expect.objectContaining({
        action: 'correct',
        count: 1,
        oldValue: 24,
        newValue: 26.5,
        reason: 'Đối chiếu thước nước',
        userName: 'Cán bộ trực',
      }),
    ]);
    const [hour] = await ctx.db.select().from(readingsHourly).where(eq(readingsHourly.stationId, s.id));
    expect(hour).toMatchObject({ sum: 26.5, count: 1, lastValue: 26.5 });
    const audit = await ctx.db.select().from(auditLogs);
    expect(audit.some((a) => a.content === 'Hiệu chỉnh giá trị F01303 (Trạm F01303): Đối chiếu thước nước')).toBe(true);
    // Accepted as good again: the logger's value comes back.
    await api('POST', '/api/readings/correct', {
      stationCode: s.code,
      observedAt: at.toISOString(),
      action: 'good',
      reason: 'Nhầm',
    });
    const [back] = await ctx.db.select().from(readingsHourly).where(eq(readingsHourly.stationId, s.id));
    expect(back).toMatchObject({ sum: 24, lastValue: 24 });
  });
});

describe('a correction of the reading that opened an alert (#22 "done when")', () => {
  it('cancels it: a valid CAP Cancel, the cancel message to each recipient once, unsent messages stopped', async () => {
    const s = await createStation(ctx.db, { code: 'F01304', name: 'Trạm Cầu Ba Chẽ', bus: ctx.bus });
    sent = [];
    // A logger fault that looks like water: two readings at level III, each within the rate limit, confirmed, told.
    await push(s, 20, minutesAgo(40));
    await push(s, 72, minutesAgo(30));
    await push(s, 73, minutesAgo(20));
    const [alert] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(alert).toMatchObject({ kind: 'WATER_LEVEL', level: 3, clearedAt: null });
    expect(alert!.confirmedAt).not.toBeNull();
    await until(async () => sent.length === 2);
    expect(sent.every((m) => m.includes('Tram Cau Ba Che'))).toBe(true);
    // A message still waiting for its retry (a gateway that refused it a moment ago) must not go out any more.
    const [waiting] = await ctx.db
      .insert(messageOutbox)
      .values({
        alertId: alert!.id,
        name: 'Phó chủ tịch',
        channel: 'sms',
        recipient: '0911000013',
        body: 'waiting',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();

    const res = await api('POST', '/api/readings/flag-range', {
      stationCode: s.code,
      from: minutesAgo(35).toISOString(),
      to: minutesAgo(15).toISOString(),
      reason: 'Cảm biến bị rác che, số liệu sai',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2, cancelledAlerts: [alert!.id] });

    const [cancelled] = await ctx.db.select().from(alerts).where(eq(alerts.id, alert!.id));
    expect(cancelled!.cancelledAt).not.toBeNull();
    expect(cancelled!.clearedAt).not.toBeNull();
    expect(cancelled!.cancelReason).toBe('Cảm biến bị rác che, số liệu sai');
    // The banner no longer shows it.
    const active = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json() as { id: number }[];
    expect(active.map((a) => a.id)).not.toContain(alert!.id);

    // The CAP Cancel, valid against the CAP 1.2 schema and the portal's profile, says the warning is withdrawn.
    const caps = await ctx.db.select().from(capMessages).where(eq(capMessages.alertId, alert!.id));
    expect(caps.map((c) => c.msgType)).toEqual(['Alert', 'Cancel']);
    // A Cancel expires an hour after it is sent (#23).
    expect(caps[1]!.expiresAt!.getTime() - caps[1]!.sentAt.getTime()).toBe(3_600_000);
    const xml = (await ctx.app.inject({ method: 'GET', url: `/api/cap/${caps[1]!.id}.xml` })).body;
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(capProfileProblems(xml)).toEqual([]);
    expect(xml).toContain('<msgType>Cancel</msgType>');
    expect(xml).toContain('Huỷ cảnh báo – Trạm Cầu Ba Chẽ: mực nước đạt báo động cấp III');
    expect(xml).toMatch(/<references>[^<]+<\/references>/);

    // One cancel message per recipient, sent once, in one GSM-7 segment.
    await until(async () => sent.length === 4);
    await new Promise((r) => setTimeout(r, 200));
    const cancels = sent.slice(2);
    expect(cancels.map((m) => m.split('|')[0]).sort()).toEqual(['0911000011', '0911000012']);
    for (const m of cancels) {
      const body = m.split('|')[1]!;
      expect(body).toBe(
        'Huy canh bao muc nuoc bao dong 3 tai Tram Cau Ba Che: so lieu do sai, da hieu chinh. Khong con canh bao nay.',
      );
      expect(body.length).toBeLessThanOrEqual(160);
    }
    // The gateway has them before the dispatcher records the outcome: wait for the records.
    const cancelRows = () =>
      ctx.db
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.alertId, alert!.id), eq(messageOutbox.purpose, 'cancel')));
    await until(async () => (await cancelRows()).every((r) => r.status === 'SUCCESS'));
    expect((await cancelRows()).map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    const [stopped] = await ctx.db.select().from(messageOutbox).where(eq(messageOutbox.id, waiting!.id));
    expect(stopped!.status).toBe('CANCELLED');
    // The timeline says who cancelled it and why; the correction is in the audit.
    const steps = await ctx.db.select().from(alertEvents).where(eq(alertEvents.alertId, alert!.id));
    expect(steps.map((e) => e.type)).toEqual(['opened', 'confirmed', 'messages', 'cancelled']);
    expect(steps[3]).toMatchObject({ userName: 'Cán bộ trực' });
    expect(steps[3]!.detail).toContain('Cảm biến bị rác che');
    const [corr] = await ctx.db.select().from(readingCorrections).where(eq(readingCorrections.stationId, s.id));
    expect(corr).toMatchObject({ action: 'bad', count: 2, reason: 'Cảm biến bị rác che, số liệu sai' });
    // Correcting again does not cancel, nor message, twice.
    await api('POST', '/api/readings/flag-range', {
      stationCode: s.code,
      from: minutesAgo(35).toISOString(),
      to: minutesAgo(15).toISOString(),
      reason: 'Lần hai',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(sent).toHaveLength(4);
  });

  it('an alert still held by other good readings is not cancelled', async () => {
    const s = await createStation(ctx.db, { code: 'F01305', bus: ctx.bus });
    await push(s, 55, minutesAgo(40));
    await push(s, 56, minutesAgo(30));
    await push(s, 57, minutesAgo(20));
    const [alert] = await ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
    expect(alert!.confirmedAt).not.toBeNull();
    const res = await api('POST', '/api/readings/correct', {
      stationCode: s.code,
      observedAt: minutesAgo(20).toISOString(),
      action: 'bad',
      reason: 'Một giá trị nghi sai',
    });
    expect(res.json()).toEqual({ changed: 1, cancelledAlerts: [] });
    const [still] = await ctx.db.select().from(alerts).where(eq(alerts.id, alert!.id));
    expect(still!.cancelledAt).toBeNull();
  });
});

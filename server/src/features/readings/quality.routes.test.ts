// Issue #22 items 1, 2 and 5 through the real push call: quality flags at push and import, confirmed alerts, the
// latest values marked, the series with suspect points apart.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStation, type StationFixture, setWebParameters } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { alerts } from '../alerts/alerts.table';
import { capMessages } from '../alerts/cap.table';
import { messageOutbox } from '../alerts/sms-admin.table';
import { readings } from './readings.table';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.ready();
  // The engine's own timers stay out of the way: each push is followed by waiting for its evaluation.
  const staff = await createUser(ctx.db, { functions: ['system', 'database', 'sms'], name: 'Trực ban' });
  token = (await login(ctx.app, staff.user.email, staff.password)).token;
  for (const [name, phone] of [
    ['Chủ tịch xã', '0911000001'],
    ['Trưởng thôn', '0911000002'],
  ]) {
    const r = await ctx.app.inject({
      method: 'POST',
      url: '/api/sms-user',
      headers: bearer(token),
      payload: { name, phone },
    });
    expect(r.statusCode).toBe(200);
  }
});
afterAll(() => ctx?.close());

let station: StationFixture;
let code = 0;
beforeEach(async () => {
  // F01024 is the station; each test gets its own (codes F01024, F01124, …) with levels 30/50/70 cm.
  station = await createStation(ctx.db, { code: `F01${String(24 + 100 * code++).padStart(3, '0')}`, bus: ctx.bus });
});

async function push(value: number, minutesAgo: number, s = station) {
  const q = new URLSearchParams({
    stationCode: s.code,
    ...pushTime(new Date(Date.now() - minutesAgo * 60_000)),
    value: String(value),
    key: s.pushKey,
  });
  const res = await ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  await ctx.app.alertEngine.idle();
  return res.json() as { stored: boolean; quality: string; qualityRule: string | null };
}

const alertsOf = (s = station) => ctx.db.select().from(alerts).where(eq(alerts.stationId, s.id));
const messagesOf = async (s = station) =>
  (
    await ctx.db
      .select({ m: messageOutbox })
      .from(messageOutbox)
      .innerJoin(alerts, eq(alerts.id, messageOutbox.alertId))
      .where(eq(alerts.stationId, s.id))
  ).map((r) => r.m);
const banner = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/alerts/active' })).json() as { stationCode: string }[];
const latest = async (s = station) =>
  (
    (await ctx.app.inject({ method: 'GET', url: '/api/water?type=CURRENT_HIGH' })).json() as {
      stationCode: string;
      value: number | null;
      quality: string | null;
      status: string;
    }[]
  ).find((r) => r.stationCode === s.code)!;

describe('a single spike (#22 "done when")', () => {
  it('a spike to 9,00 m on F01024 is flagged, sends no message and raises no banner; the line goes on', async () => {
    expect(station.code).toBe('F01024');
    // Below level I (30 cm), then the spike.
    expect(await push(20, 30)).toMatchObject({ stored: true, quality: 'good' });
    expect(await push(21, 20)).toMatchObject({ quality: 'good' });
    // 9,00 m ten minutes after 0,21 m: faster than any river rises.
    expect(await push(900, 10)).toMatchObject({ stored: true, quality: 'suspect', qualityRule: 'rate_of_change' });
    expect(await alertsOf()).toEqual([]);
    expect(await messagesOf()).toEqual([]);
    expect(await ctx.db.select().from(capMessages)).toEqual([]);
    expect((await banner()).map((a) => a.stationCode)).not.toContain(station.code);
    // Shown at once, marked: the public sees the value is doubted.
    expect(await latest()).toMatchObject({ value: 900, quality: 'suspect' });
    // The next reading back near 0,21 m is good (compared with the last trusted one, not the spike).
    expect(await push(22, 0)).toMatchObject({ quality: 'good' });
    expect(await latest()).toMatchObject({ value: 22, quality: 'good' });
    const stored = await ctx.db.select().from(readings).where(eq(readings.stationId, station.id));
    expect(stored.map((r) => [r.value, r.quality])).toEqual([
      [20, 'good'],
      [21, 'good'],
      [900, 'suspect'],
      [22, 'good'],
    ]);
    // The hourly series leaves the spike out of its hours and gives it apart, marked.
    const series = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/water?stationCode=${station.code}&from=01/01/2026&to=31/12/2026`,
      })
    ).json() as { points: { value: number; quality?: string }[] };
    expect(series.points.filter((p) => p.quality === 'suspect').map((p) => p.value)).toEqual([900]);
    expect(series.points.filter((p) => !p.quality).every((p) => p.value < 100)).toBe(true);
    // The card's last 24 hours: every reading at its time, the spike marked.
    const day = (await ctx.app.inject({ method: 'GET', url: `/api/water?stationCode=${station.code}` })).json() as {
      points: { value: number; quality?: string }[];
    };
    expect(day.points.map((p) => [p.value, p.quality ?? 'good'])).toEqual([
      [20, 'good'],
      [21, 'good'],
      [900, 'suspect'],
      [22, 'good'],
    ]);
  });

  it('a value outside the hard limits is bad: stored, never shown as current', async () => {
    await push(25, 20);
    expect(await push(3_500, 10)).toMatchObject({ stored: true, quality: 'bad', qualityRule: 'hard_limit' });
    expect(await latest()).toMatchObject({ value: 25, quality: 'good' });
    expect(await alertsOf()).toEqual([]);
  });
});

describe('confirmed alerts (#22 "done when")', () => {
  it('one reading above level II opens nothing public; the second sends one message per recipient', async () => {
    await push(20, 30);
    await push(55, 20);
    // Seen once: an unconfirmed alert for the staff, no message, no CAP, no banner; the map says 'chưa xác nhận'.
    const [pending] = await alertsOf();
    expect(pending).toMatchObject({ kind: 'WATER_LEVEL', level: 2, confirmedAt: null, clearedAt: null });
    expect(await messagesOf()).toEqual([]);
    expect((await banner()).map((a) => a.stationCode)).not.toContain(station.code);
    expect(await latest()).toMatchObject({ value: 55, quality: 'unconfirmed', status: 'level2' });
    const staffList = (
      await ctx.app.inject({ method: 'GET', url: '/api/alerts/staff', headers: bearer(token) })
    ).json() as { stationCode: string; confirmed: boolean }[];
    expect(staffList.find((a) => a.stationCode === station.code)).toMatchObject({ confirmed: false });

    await push(56, 10);
    const [confirmed] = await alertsOf();
    expect(confirmed!.id).toBe(pending!.id);
    expect(confirmed!.confirmedAt).not.toBeNull();
    const messages = await messagesOf();
    expect(messages.map((m) => m.recipient).sort()).toEqual(['0911000001', '0911000002']);
    expect((await banner()).map((a) => a.stationCode)).toContain(station.code);
    expect(await latest()).toMatchObject({ value: 56, quality: 'good' });
    // A third reading at the same level tells nobody again.
    await push(57, 0);
    expect(await messagesOf()).toHaveLength(2);
  });

  it('a good reading at a level that does not hold is discarded without a word', async () => {
    await push(20, 30);
    await push(52, 20);
    await push(21, 10);
    const [discarded] = await alertsOf();
    expect(discarded).toMatchObject({ confirmedAt: null });
    expect(discarded!.clearedAt).not.toBeNull();
    expect(await messagesOf()).toEqual([]);
    expect(await ctx.db.select().from(capMessages).where(eq(capMessages.alertId, discarded!.id))).toEqual([]);
  });

  it('confirmation by minutes: the level must hold over the configured time', async () => {
    await setWebParameters(ctx.db, { alertConfirmReadings: 10, alertConfirmMinutes: 15 }, { bus: ctx.bus });
    try {
      await push(20, 40);
      await push(55, 30);
      await push(55.5, 20);
      expect((await alertsOf())[0]).toMatchObject({ confirmedAt: null });
      await push(56, 10); // 20 minutes at level II, covering the 15
      expect((await alertsOf())[0]!.confirmedAt).not.toBeNull();
      expect(await messagesOf()).toHaveLength(2);
    } finally {
      await setWebParameters(ctx.db, { alertConfirmReadings: 2, alertConfirmMinutes: 0 }, { bus: ctx.bus });
    }
  });
});

describe('stuck sensor (#22 "done when")', () => {
  it('a value unchanged for the configured time is flagged suspect, and stops being so when it moves', async () => {
    await setWebParameters(ctx.db, { qcStuckMinutes: 30 }, { bus: ctx.bus });
    try {
      const answers = [];
      for (const minutesAgo of [50, 40, 30, 20, 10]) answers.push((await push(37, minutesAgo)).quality);
      // 37 cm at −50, −40, −30, −20: 30 minutes unchanged at −20.
      expect(answers).toEqual(['good', 'good', 'good', 'suspect', 'suspect']);
      expect(await push(38, 0)).toMatchObject({ quality: 'good' });
      const flagged = await ctx.db.select().from(readings).where(eq(readings.stationId, station.id));
      expect(flagged.filter((r) => r.quality === 'suspect').map((r) => r.qualityRule)).toEqual(['stuck', 'stuck']);
    } finally {
      await setWebParameters(ctx.db, { qcStuckMinutes: 360 }, { bus: ctx.bus });
    }
  });
});

describe('import (#22: the rules run at import too)', () => {
  it('flags a spike in a file and keeps every row', async () => {
    const csv = [
      'stationCode,date,hour,minute,value',
      `${station.code},01/11/2026,08,00,40`,
      `${station.code},01/11/2026,08,10,41`,
      `${station.code},01/11/2026,08,20,880`,
      `${station.code},01/11/2026,08,30,42`,
    ].join('\n');
    const { payload, headers } = multipartFile('file', 'readings.csv', csv, 'text/csv');
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/readings/import',
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    for (let i = 0; i < 200; i++) {
      const job = (
        await ctx.app.inject({ method: 'GET', url: `/api/readings/import/${id}`, headers: bearer(token) })
      ).json();
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const stored = await ctx.db.select().from(readings).where(eq(readings.stationId, station.id));
    expect(stored.map((r) => [r.value, r.quality])).toEqual([
      [40, 'good'],
      [41, 'good'],
      [880, 'suspect'],
      [42, 'good'],
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../lib/events';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { readings, readingsHourly } from './readings.table';

// 22/11/2026 14:05 in the district (UTC+7).
const NOW = new Date('2026-11-22T07:05:00Z');
const bus = createMemoryEventBus();
let ctx: TestContext;
let staff: string;
let waterKey: string;
let rainKey: string;
let waterId: number;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => NOW, bus });
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  const base = { name: 'Trạm', description: 'Mô tả', lat: 21.27, long: 107.28 };
  const w = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(staff),
      payload: { ...base, code: 'F01024', warningLevel1: 30, warningLevel2: 50, warningLevel3: 70 },
    })
  ).json();
  waterKey = w.pushKey;
  waterId = w.id;
  rainKey = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(staff),
      payload: { ...base, code: 'F00001' },
    })
  ).json().pushKey;
});
afterAll(() => ctx?.close());

const pushWater = (q: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/receive-water-level?${new URLSearchParams(q)}` });
const pushRain = (q: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/receive-rain?${new URLSearchParams(q)}` });
const w = (over: Record<string, string> = {}) => ({
  stationCode: 'F01024',
  date: '22/11/2026',
  hour: '13',
  minute: '50',
  value: '62.5',
  key: waterKey,
  ...over,
});

describe('station push', () => {
  it('stores a reading in the district time zone, once, and announces it on the bus', async () => {
    const seen: unknown[] = [];
    const off = bus.subscribe((e) => {
      if (e.type === 'reading') seen.push(e);
    });
    const first = await pushWater(w());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ok: true,
      stored: true,
      stationCode: 'F01024',
      observedAt: '2026-11-22T06:50:00.000Z',
      value: 62.5,
      quality: 'good',
      qualityRule: null,
    });
    const again = await pushWater(w());
    expect(again.statusCode).toBe(200);
    expect(again.json().stored).toBe(false);
    off();
    const rows = await ctx.db.select().from(readings).where(eq(readings.stationId, waterId));
    expect(rows).toHaveLength(1);
    const [hour] = await ctx.db.select().from(readingsHourly).where(eq(readingsHourly.stationId, waterId));
    expect(hour).toMatchObject({ count: 1, sum: 62.5, lastValue: 62.5 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: 'reading', data: { stationCode: 'F01024', value: 62.5 } });
  });

  it('keeps hourly rollups: rain sums, water last value', async () => {
    const pushes: [string, string][] = [
      ['00', '2'],
      ['10', '3.5'],
      ['20', '0'],
      // A decimal comma, as every form accepts (issue #18).
      ['40', '0,5'],
    ];
    for (const [minute, value] of pushes) {
      expect(
        (await pushRain({ stationCode: 'F00001', date: '22/11/2026', hour: '12', minute, value, key: rainKey }))
          .statusCode,
      ).toBe(200);
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/water?type=CURRENT_RAIN&date=22/11/2026&hour=12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      stationCode: 'F00001',
      value: 6,
      status: 'moderate',
      statusLabel: 'Mưa vừa',
      hour: '12',
    });
  });

  it('refuses an unknown station, a wrong key and the wrong kind, naming the field', async () => {
    const unknown = await pushWater(w({ stationCode: 'F01999' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields).toEqual([{ field: 'stationCode', message: 'Không tìm thấy trạm' }]);
    const wrongKey = await pushWater(w({ key: 'sai-khoa' }));
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json().fields[0].field).toBe('key');
    const kind = await pushRain({ ...w(), key: waterKey });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toEqual([{ field: 'stationCode', message: 'Trạm này không phải trạm đo mưa' }]);
  });

  it('refuses impossible values and times, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ value: 'NaN' }, 'value'],
      [{ value: 'abc' }, 'value'],
      [{ value: '1e9' }, 'value'],
      [{ value: '200000' }, 'value'],
      [{ date: '31/02/2026' }, 'date'],
      [{ date: '2026-11-22' }, 'date'],
      [{ hour: '24' }, 'hour'],
      [{ minute: '60' }, 'minute'],
      [{ hour: '15' }, 'date'],
    ];
    for (const [over, field] of cases) {
      const res = await pushWater(w(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        JSON.stringify(over),
      ).toContain(field);
    }
    const negativeRain = await pushRain({
      stationCode: 'F00001',
      date: '22/11/2026',
      hour: '12',
      minute: '30',
      value: '-1',
      key: rainKey,
    });
    expect(negativeRain.statusCode).toBe(400);
    expect(negativeRain.json().fields).toEqual([{ field: 'value', message: 'Giá trị phải từ 0 đến 500' }]);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/receive-rain' });
    expect(
      missing
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['date', 'hour', 'key', 'minute', 'stationCode', 'value'].sort());
  });
});

describe('GET /api/water', () => {
  it('classifies the latest water values with the station levels and marks silent stations', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/water?type=CURRENT_HIGH' });
    expect(res.json()).toEqual([
      expect.objectContaining({
        stationCode: 'F01024',
        value: 62.5,
        status: 'level2',
        statusLabel: 'Cấp II',
        disconnected: false,
      }),
    ]);
  });

  it('returns a station series over an inclusive day range with its levels', async () => {
    await pushWater(w({ date: '21/11/2026', hour: '00', minute: '00', value: '40' }));
    await pushWater(w({ date: '21/11/2026', hour: '00', minute: '30', value: '50' }));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/water?stationCode=F01024&history=true&from=21/11/2026&to=22/11/2026',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.levels).toEqual({ level1: 30, level2: 50, level3: 70 });
    expect(body.points).toEqual([
      { time: '2026-11-20T17:00:00.000Z', value: 45 },
      { time: '2026-11-22T06:00:00.000Z', value: 62.5 },
    ]);
    const only21 = (
      await ctx.app.inject({ method: 'GET', url: '/api/water?stationCode=F01024&from=21/11/2026&to=21/11/2026' })
    ).json();
    expect(only21.points).toHaveLength(1);
  });

  it('names bad queries and unknown stations', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/water' })).json().fields[0].field).toBe('type');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/water?type=X' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/water?stationCode=F01000' })).statusCode).toBe(404);
    const reversed = await ctx.app.inject({
      method: 'GET',
      url: '/api/water?stationCode=F01024&from=22/11/2026&to=20/11/2026',
    });
    expect(reversed.json().fields[0].field).toBe('to');
  });

  it('marks a station disconnected after the configured silence', async () => {
    const later = await createTestApp({}, ctx.database, { now: () => new Date(NOW.getTime() + 3 * 3_600_000) });
    const res = await later.app.inject({ method: 'GET', url: '/api/water?type=CURRENT_HIGH' });
    expect(res.json()[0]).toMatchObject({ status: 'disconnected', statusLabel: 'Mất kết nối', disconnected: true });
    await later.app.close();
  });
});

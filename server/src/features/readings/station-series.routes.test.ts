import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStation } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { floodEvents } from '../flood-events/flood-events.table';

// 22/11/2026 14:50 in the district (UTC+7).
const NOW = new Date('2026-11-22T07:50:00Z');
let ctx: TestContext;
const keys: Record<string, string> = {};

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const push = (path: string, code: string, hour: string, minute: string, value: string) =>
  get(
    `/api/${path}?${new URLSearchParams({ stationCode: code, date: '22/11/2026', hour, minute, value, key: keys[code]! })}`,
  );

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => NOW });
  for (const code of ['F01001', 'F00001']) {
    keys[code] = (
      await createStation(ctx.db, { code, description: 'Mô tả', lat: 21.27, long: 107.28, levels: null, bus: ctx.bus })
    ).pushKey;
  }
  // A river rising fast: 1,20 m at 13:00, then 2,00 → 2,90 → 3,28 m within the hour of 14:00.
  for (const [hour, minute, value] of [
    ['13', '00', '120'],
    ['14', '00', '200'],
    ['14', '20', '290'],
    ['14', '40', '328'],
  ] as const) {
    expect((await push('receive-water-level', 'F01001', hour, minute, value)).statusCode).toBe(200);
  }
  for (const [hour, minute, value] of [
    ['13', '30', '4'],
    ['14', '10', '6'],
    ['14', '40', '9.5'],
  ] as const) {
    expect((await push('receive-rain', 'F00001', hour, minute, value)).statusCode).toBe(200);
  }
});
afterAll(() => ctx?.close());

describe('GET /api/water?stationCode&history=true (the station card’s last 24 hours)', () => {
  it('ends a water station’s line on the value the card shows: each reading at its own time', async () => {
    const latest = (await get('/api/water?type=CURRENT_HIGH')).json() as { stationCode: string; value: number }[];
    const shown = latest.find((r) => r.stationCode === 'F01001')!.value;
    expect(shown).toBe(328);
    const res = await get('/api/water?stationCode=F01001&history=true');
    expect(res.statusCode).toBe(200);
    const { points } = res.json() as { points: { time: string; value: number }[] };
    expect(points.at(-1)).toEqual({ time: '2026-11-22T07:40:00.000Z', value: shown });
    expect(points.map((p) => p.value)).toEqual([120, 200, 290, 328]);
  });

  it('keeps a rain station in mm per hour, its last bar the hour the card shows', async () => {
    const latest = (await get('/api/water?type=CURRENT_RAIN')).json() as { stationCode: string; value: number }[];
    const shown = latest.find((r) => r.stationCode === 'F00001')!.value;
    const { points } = (await get('/api/water?stationCode=F00001&history=true')).json() as {
      points: { time: string; value: number }[];
    };
    expect(points).toEqual([
      { time: '2026-11-22T06:00:00.000Z', value: 4 },
      { time: '2026-11-22T07:00:00.000Z', value: 15.5 },
    ]);
    expect(points.at(-1)!.value).toBe(shown);
  });

  it('keeps whole days hourly (the statistics and analysis pages): water as the hour’s mean', async () => {
    const { points } = (
      await get('/api/water?stationCode=F01001&history=true&from=22/11/2026&to=22/11/2026')
    ).json() as {
      points: { time: string; value: number }[];
    };
    expect(points).toEqual([
      { time: '2026-11-22T06:00:00.000Z', value: 120 },
      { time: '2026-11-22T07:00:00.000Z', value: 272.67 },
    ]);
  });

  it('gives the station’s peak in its largest recorded flood event as a reference (#25), none for rain', async () => {
    // The river passed level I (the defaults: this station has no levels of its own): a flood event was recorded.
    await ctx.app.floodEventDetector.idle();
    const events = await ctx.db.select().from(floodEvents);
    expect(events.length).toBeGreaterThan(0);
    const res = await get('/api/water?stationCode=F01001&history=true');
    expect(res.json().floodPeak).toEqual({
      value: 328,
      at: '2026-11-22T07:40:00.000Z',
      event: events[0]!.name ?? 'Trận lũ ngày 22/11/2026',
    });
    expect((await get('/api/water?stationCode=F00001&history=true')).json().floodPeak).toBeNull();
    // Only the readings within an event's time count: an event of 13:00–13:30 alone peaked at 1,20 m here.
    await ctx.db.delete(floodEvents);
    await ctx.db.insert(floodEvents).values({
      name: 'Lũ sớm',
      startAt: new Date('2026-11-22T06:00:00Z'),
      endAt: new Date('2026-11-22T06:30:00Z'),
      source: 'MANUAL',
    });
    expect((await get('/api/water?stationCode=F01001&history=true')).json().floodPeak).toEqual({
      value: 120,
      at: '2026-11-22T06:00:00.000Z',
      event: 'Lũ sớm',
    });
  });
});

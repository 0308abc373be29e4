import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { latestValues } from '../readings/readings.repository';
import { allStations, insertStation, updateStation } from '../stations/stations.repository';
import { demoNotice, seedDemo } from './demo.seed';
import { startDemoSimulator } from './demo.simulator';

const NOW = new Date();
let ctx: TestContext;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  ctx = await createTestApp({ DEMO: 'true' });
  seeded = await seedDemo(ctx.db, NOW);
}, 120_000);
afterAll(() => ctx?.close());

describe('demo data', () => {
  it('seeds 8 rain and 5 water stations with 60 days of half-hourly readings, once', async () => {
    expect(seeded).toEqual({ seeded: true, readings: 13 * 60 * 48 });
    const stations = await allStations(ctx.db);
    expect(stations.filter((s) => s.kind === 'rain')).toHaveLength(8);
    expect(stations.filter((s) => s.kind === 'water')).toHaveLength(5);
    expect(await seedDemo(ctx.db, NOW)).toEqual({ seeded: false, readings: 0 });
  });

  it('places F01024 opposite the district medical centre with level II = 0.5 m', async () => {
    const s = (await allStations(ctx.db)).find((x) => x.code === 'F01024')!;
    expect(s).toMatchObject({ latitude: 21.273, longitude: 107.2896, warningLevel2: 50 });
    expect(s.description).toContain('Trung tâm Y tế huyện');
  });

  it('has a storm that drives every river above its level II, and calm water now', async () => {
    const from = new Date(NOW.getTime() - 59 * 86_400_000);
    const fmt = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Ho_Chi_Minh',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(d);
    for (const s of await allStations(ctx.db, 'water')) {
      const series = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/water?stationCode=${s.code}&from=${fmt(from)}&to=${fmt(NOW)}`,
        })
      ).json();
      const peak = Math.max(...series.points.map((p: { value: number }) => p.value));
      expect(peak, s.code).toBeGreaterThanOrEqual(s.warningLevel2!);
      expect(peak, s.code).toBeLessThan(s.warningLevel3! + 40);
    }
    const latest = await latestValues(ctx.db, 'water');
    for (const v of latest) {
      const s = (await allStations(ctx.db, 'water')).find((x) => x.id === v.stationId)!;
      expect(v.value, s.code).toBeLessThan(s.warningLevel1!);
    }
  });
});

describe('demo simulator', () => {
  it('pushes a new reading per demo station through the real push call, and never into a real station', async () => {
    // A station staff added for a real data logger, while demo mode is on.
    await insertStation(ctx.db, {
      code: 'F01099',
      name: 'Trạm thật',
      description: 'Cầu Ba Chẽ',
      kind: 'water',
      latitude: 21.27,
      longitude: 107.29,
      warningLevel1: 30,
      warningLevel2: 50,
      warningLevel3: 70,
      warningLowWater: null,
      pushKey: 'real-logger-key',
      userId: null,
    });
    expect((await allStations(ctx.db)).filter((s) => s.demo)).toHaveLength(13);
    // A demo station staff stopped ('Ngừng hoạt động') is left alone too: a push would be refused with 409.
    const stopped = (await allStations(ctx.db)).find((s) => s.code === 'F00002')!;
    await updateStation(ctx.db, stopped.id, { status: 'inactive' });
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const pushed: string[] = [];
    const stop = startDemoSimulator({
      db: ctx.db,
      baseUrl: base,
      timeZone: 'Asia/Ho_Chi_Minh',
      intervalMs: 50,
      logger: ctx.app.log,
      fetchImpl: async (url, init) => {
        pushed.push(String(url));
        const res = await fetch(url, init);
        expect(res.status).toBe(200);
        return res;
      },
    });
    const deadline = Date.now() + 10_000;
    while (pushed.length < 13 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(pushed.length).toBeGreaterThanOrEqual(13);
    expect(
      pushed.some((u) => u.includes('/api/receive-water-level?stationCode=F01024')),
      pushed.join('\n'),
    ).toBe(true);
    expect(
      pushed.filter((u) => u.includes('/api/receive-rain?stationCode=F00001')),
      pushed.join('\n'),
    ).not.toHaveLength(0);
    expect(pushed.filter((u) => u.includes('F01099'))).toEqual([]);
    expect(pushed.filter((u) => u.includes('stationCode=F00002'))).toEqual([]);
    const real = (await allStations(ctx.db)).find((s) => s.code === 'F01099')!;
    expect((await latestValues(ctx.db, 'water')).find((v) => v.stationId === real.id)).toBeUndefined();
  });

  it('says at start that demo mode is on, what it writes and where its alerts go', () => {
    const logOnly = demoNotice(60, false);
    expect(logOnly).toContain('CHẾ ĐỘ MINH HOẠ ĐANG BẬT / DEMO MODE IS ON');
    expect(logOnly).toContain('trạm thật không bị ghi');
    expect(logOnly).toContain('chỉ ghi vào nhật ký');
    expect(demoNotice(60, true)).toContain('GỬI THẬT');
  });
});

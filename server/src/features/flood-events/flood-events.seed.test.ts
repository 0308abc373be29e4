import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { DEMO_STORM_DAYS_AGO, seedDemo } from '../demo/demo.seed';
import { seedGeodata } from '../geodata/geodata.seed';
import { seedDemoFloodHistory } from './flood-events.seed';

const NOW = new Date();
const storage = createMemoryStorage();
let ctx: TestContext;
let analyst: string;
let written: number;
let seedMs: number;
beforeAll(async () => {
  ctx = await createTestApp({ DEMO: 'true' }, undefined, { storage });
  await seedDemo(ctx.db, NOW);
  const t0 = performance.now();
  written = await seedDemoFloodHistory({ db: ctx.db, now: NOW, timeZone: 'Asia/Ho_Chi_Minh' });
  seedMs = performance.now() - t0;
  const a = await createUser(ctx.db, { functions: ['system', 'analyze'] });
  analyst = (await login(ctx.app, a.user.email, a.password)).token;
}, 180_000);
afterAll(() => ctx?.close());

describe('demo flood history', () => {
  it('detects the storm of the demo readings and adds an older event entered by hand, once', async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/flood-event?pageSize=20', headers: bearer(analyst) })
    ).json();
    const detected = list.items.filter((e: { source: string }) => e.source === 'AUTO');
    expect(detected.length).toBeGreaterThanOrEqual(1);
    const storm = detected.at(-1);
    const daysAgo = (NOW.getTime() - Date.parse(storm.start)) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(DEMO_STORM_DAYS_AGO - 2);
    expect(daysAgo).toBeLessThan(DEMO_STORM_DAYS_AGO + 1);
    expect(storm).toMatchObject({ demo: true, ongoing: false });
    expect(storm.peak.value).toBeGreaterThan(0);
    expect(storm.damageCount).toBe(2);
    const manual = list.items.find((e: { source: string }) => e.source === 'MANUAL');
    expect(manual).toMatchObject({ demo: true, peak: null, damageCount: 2 });
    expect(manual.name).toMatch(/^Lũ lớn tháng 8\/\d{4} \(minh hoạ\)$/);
    expect(written).toBe(list.total + 2 * list.total);
    expect(await seedDemoFloodHistory({ db: ctx.db, now: NOW, timeZone: 'Asia/Ho_Chi_Minh' })).toBe(0);
    console.info(`demo flood history: ${list.total} events over 60 days of readings in ${Math.round(seedMs)} ms`);
  });

  it('measures the demo flood layers against the seeded communes', async () => {
    await seedGeodata({ db: ctx.db, storage, demo: true, now: NOW, geojsonMaxBytes: 50 * 1024 * 1024 });
    const t0 = performance.now();
    expect(await ctx.app.floodAnalysis.resume()).toBe(4);
    await ctx.app.floodAnalysis.idle();
    const elapsed = performance.now() - t0;
    const { items } = (await ctx.app.inject({ method: 'GET', url: '/api/flood-analysis' })).json();
    expect(items).toHaveLength(4);
    for (const a of items) {
      expect(a).toMatchObject({ status: 'DONE', demo: true });
      expect(a.communes).toHaveLength(7);
      expect(a.total.floodedHa).toBeGreaterThan(50);
      expect(a.classes.length).toBeGreaterThan(1);
    }
    console.info(
      `demo flood layers: ${items.map((a: { durationMs: number }) => a.durationMs).join(', ')} ms each, ${Math.round(elapsed)} ms in all`,
    );
  });
});

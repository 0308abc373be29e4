import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { StationReadingSchema } from '@flood/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryEventBus } from '../../lib/events';
import { createStation } from '../../test/factories';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { createConfigService } from '../config/config.service';
import { createReadingsService } from './readings.service';

// 22/11/2026 14:05 in the district (UTC+7); tests move the clock forward.
const START = new Date('2026-11-22T07:05:00Z');
let clock = START;
const bus = createMemoryEventBus();
let ctx: TestContext;
let staff: string;
const keys: Record<string, string> = {};
const ids: Record<string, number> = {};

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const latestWater = (headers: Record<string, string> = {}) => get('/api/water?type=CURRENT_HIGH', headers);
const pushWater = (code: string, minute: string, value: string, hour = '14') =>
  get(
    `/api/receive-water-level?${new URLSearchParams({ stationCode: code, date: '22/11/2026', hour, minute, value, key: keys[code]! })}`,
  );
const valueIn = (body: { stationCode: string; value: number | null }[], code: string) =>
  body.find((r) => r.stationCode === code)?.value;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => clock, bus });
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  // Enough stations for a body above the compression threshold.
  for (const code of ['F01001', 'F01002', 'F01003', 'F01004', 'F01005', 'F00001']) {
    const s = await createStation(ctx.db, { code, description: 'Mô tả', lat: 21.27, long: 107.28, levels: null, bus });
    keys[code] = s.pushKey;
    ids[code] = s.id;
  }
  expect((await pushWater('F01001', '00', '40')).statusCode).toBe(200);
});
afterAll(() => ctx?.close());

describe('GET /api/water latest values (cached bytes)', () => {
  it('sends the same bytes as the serializer did, with a strong ETag and a short public max-age', async () => {
    const res = await latestWater();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    const config = createConfigService({ db: ctx.db, bus: createMemoryEventBus() });
    const readings = createReadingsService({
      db: ctx.db,
      webParameters: config.webParameters,
      timeZone: ctx.config.TZ_DISTRICT,
      now: () => clock,
      // Each value names its station's unit (#26), as the app's service does with the area's units.
      units: ctx.app.area.units,
    });
    const union = z.union([z.array(StationReadingSchema), z.object({ never: z.string() })]);
    expect(res.body).toBe(JSON.stringify(union.encode(await readings.byType('CURRENT_HIGH'))));
    expect(valueIn(res.json(), 'F01001')).toBe(40);
    // Only the latest form is cached: an hour asked for stays uncached.
    const hour = await get('/api/water?type=CURRENT_HIGH&date=22/11/2026&hour=14');
    expect(hour.headers['cache-control']).toBe('no-cache');
    expect(hour.headers.etag).toBeUndefined();
  });

  it('answers 304 to an unchanged ETag, and a signed-in caller revalidates every time', async () => {
    const first = await latestWater();
    const etag = first.headers.etag as string;
    const again = await latestWater({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await latestWater({ 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    const signedIn = await latestWater(bearer(staff));
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.body).toBe(first.body);
  });

  it('shows a pushed reading at once (no stale value) with a new ETag', async () => {
    const before = await latestWater();
    expect((await pushWater('F01001', '10', '55.5')).statusCode).toBe(200);
    const after = await latestWater({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(valueIn(after.json(), 'F01001')).toBe(55.5);
    // Many pushes in a row: every answer right after a push carries that push.
    for (const [i, minute] of ['11', '12', '13', '14', '15'].entries()) {
      const v = String(60 + i);
      await pushWater('F01002', minute, v);
      expect(valueIn((await latestWater()).json(), 'F01002')).toBe(Number(v));
    }
  });

  it('keeps the rain answer when water arrives, and drops it when rain arrives', async () => {
    const rain = await get('/api/water?type=CURRENT_RAIN');
    const etag = rain.headers.etag as string;
    await pushWater('F01003', '20', '10');
    expect((await get('/api/water?type=CURRENT_RAIN', { 'if-none-match': etag })).statusCode).toBe(304);
    const q = new URLSearchParams({
      stationCode: 'F00001',
      date: '22/11/2026',
      hour: '14',
      minute: '00',
      value: '3',
      key: keys.F00001!,
    });
    expect((await get(`/api/receive-rain?${q}`)).statusCode).toBe(200);
    const after = await get('/api/water?type=CURRENT_RAIN', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0]).toMatchObject({ stationCode: 'F00001', value: 3 });
  });

  it('serves brotli or gzip bytes prepared once, each with its own ETag', async () => {
    const plain = await latestWater();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await latestWater({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    expect(
      (await latestWater({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode,
    ).toBe(304);
    const gz = await latestWater({ 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await latestWater({ 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('follows a station change and a threshold change at once', async () => {
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/station/${ids.F01004}`,
      headers: bearer(staff),
      payload: { code: 'F01004', name: 'Trạm Cầu Ba Chẽ', description: 'Mô tả', lat: 21.27, long: 107.28 },
    });
    expect(renamed.statusCode).toBe(200);
    const body = (await latestWater()).json();
    expect(body.find((r: { stationCode: string }) => r.stationCode === 'F01004').stationName).toBe('Trạm Cầu Ba Chẽ');

    const statusOf = async () =>
      (await latestWater()).json().find((r: { stationCode: string }) => r.stationCode === 'F01001').status;
    expect(await statusOf()).toBe('level2'); // 55.5 cm against the default 30/50/70
    // Thresholds live in the configuration record 'Web Parameters' (id 2).
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/system-parameter/2',
      headers: bearer(staff),
      payload: { name: 'Web Parameters', objectValue: { waterHigh: 55 } },
    });
    expect(saved.statusCode).toBe(200);
    expect(await statusOf()).toBe('level3');
  });

  it('turns a silent station disconnected by the clock alone, without an event', async () => {
    const row = () =>
      latestWater().then((r) => r.json().find((x: { stationCode: string }) => x.stationCode === 'F01001'));
    expect(await row()).toMatchObject({ disconnected: false });
    // The last reading was 14:10 district time (07:10 UTC); the default silence limit is 120 minutes.
    clock = new Date('2026-11-22T09:10:00Z');
    expect(await row()).toMatchObject({ disconnected: false });
    clock = new Date('2026-11-22T09:10:00.001Z');
    expect(await row()).toMatchObject({ disconnected: true, status: 'disconnected' });
  });

  it('says where the water has gone over the last hour (#25): rising, falling, steady, nothing in a gap', async () => {
    clock = new Date('2026-11-22T07:05:00Z'); // 14:05 in the district
    const station = async (code: string) => {
      const s = await createStation(ctx.db, { code, lat: 21.27, long: 107.28, levels: null, bus });
      keys[code] = s.pushKey;
    };
    const cases: [string, [string, string, string][], string | null][] = [
      // [code, readings (hour, minute, cm), trend]
      [
        'F01011',
        [
          ['13', '05', '300'],
          ['13', '35', '310'],
          ['14', '05', '320'],
        ],
        'rising',
      ],
      [
        'F01012',
        [
          ['13', '00', '330'],
          ['14', '05', '320'],
        ],
        'falling',
      ],
      [
        'F01013',
        [
          ['13', '10', '300'],
          ['14', '05', '301'],
        ],
        'steady',
      ],
      // The only earlier reading is 30 minutes back: too far from an hour to stand for it.
      [
        'F01014',
        [
          ['13', '35', '300'],
          ['14', '05', '320'],
        ],
        null,
      ],
      ['F01015', [['14', '05', '320']], null],
    ];
    for (const [code, readings] of cases) {
      await station(code);
      for (const [hour, minute, value] of readings)
        expect((await pushWater(code, minute, value, hour)).statusCode).toBe(200);
    }
    const body = (await latestWater()).json() as { stationCode: string; trend: string | null }[];
    for (const [code, , trend] of cases) expect(body.find((r) => r.stationCode === code)?.trend, code).toBe(trend);
    // Rain has no trend of this kind.
    expect((await get('/api/water?type=CURRENT_RAIN')).json()[0].trend).toBeNull();
  });
});

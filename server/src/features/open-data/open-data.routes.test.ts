import { OPEN_READING_CSV_COLUMNS, OPEN_STATION_CSV_COLUMNS } from '@flood/domain';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

// 22/11/2026 14:05 in the district (UTC+7).
const NOW = new Date('2026-11-22T07:05:00Z');
const TRICKY_NAME = 'Trạm "Cầu" Bà Chẽ, xã Đồn Đạc';
let ctx: TestContext;
const keys: Record<string, string> = {};

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const push = (code: string, hour: string, minute: string, value: string, date = '22/11/2026') =>
  get(
    `/api/${code.includes('F00') ? 'receive-rain' : 'receive-water-level'}?${new URLSearchParams({
      stationCode: code,
      date,
      hour,
      minute,
      value,
      key: keys[code]!,
    })}`,
  );
/** Parses a CSV answer back: the BOM first, then records keyed by the header row. */
function parseCsv(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  return parse(body.slice(1), { columns: true, record_delimiter: '\r\n' });
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => NOW });
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  const staff = (await login(ctx.app, a.user.email, a.password)).token;
  const stations = [
    { code: 'F01024', name: TRICKY_NAME, warningLevel1: 30, warningLevel2: 50, warningLevel3: 70 },
    { code: 'F01099', name: 'Trạm Lục Hồn' },
    { code: 'F00001', name: 'Trạm mưa Thanh Sơn' },
  ];
  for (const s of stations) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(staff),
      payload: { description: 'Mô tả, có dấu phẩy', lat: 21.27, long: 107.28, ...s },
    });
    expect(res.statusCode).toBe(200);
    keys[s.code] = res.json().pushKey;
  }
  // Water: 13:00, 13:10, 13:20, 13:30 district time; the last is 62.57 cm — 65,57 cm above the one before in ten
  // minutes, which the quality rules doubt (#22: it is given with quality 'suspect'). Rain: 2 + 3.5 mm in the 13 h hour.
  for (const [m, v] of [
    ['00', '41'],
    ['10', '45.5'],
    ['20', '-3'],
    ['30', '62.57'],
  ] as const) {
    expect((await push('F01024', '13', m, v)).statusCode).toBe(200);
  }
  expect((await push('F01024', '10', '00', '12', '20/11/2026')).statusCode).toBe(200);
  expect((await push('F00001', '13', '00', '2')).statusCode).toBe(200);
  expect((await push('F00001', '13', '10', '3.5')).statusCode).toBe(200);
});
afterAll(() => ctx?.close());

describe('GET /api/open/stations', () => {
  it('lists every station with metres, its latest value, time and status, cacheable', async () => {
    const res = await get('/api/open/stations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers.vary).toContain('accept');
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((s: { code: string }) => s.code)).toEqual(['F00001', 'F01024', 'F01099']);
    expect(body.items[1]).toEqual({
      code: 'F01024',
      name: TRICKY_NAME,
      kind: 'water',
      description: 'Mô tả, có dấu phẩy',
      lat: 21.27,
      long: 107.28,
      unit: 'm',
      warningLevel1: 0.3,
      warningLevel2: 0.5,
      warningLevel3: 0.7,
      latestValue: 0.6257,
      latestObservedAt: '2026-11-22T06:30:00.000Z',
      status: 'level2',
      statusLabel: 'Cấp II',
      statusLabelEn: 'Level II',
      // In context (#25): no reading an hour back, so no trend; the next alarm level, in both languages.
      trend: null,
      levelDistance: 'dưới BĐ3 0,07 m',
      levelDistanceEn: '0.07 m below alarm level 3',
    });
    expect(body.items[0]).toMatchObject({
      kind: 'rain',
      unit: 'mm',
      warningLevel1: null,
      latestValue: 5.5,
      latestObservedAt: '2026-11-22T06:10:00.000Z',
      status: 'moderate',
      statusLabelEn: 'Moderate rain',
      trend: null,
      levelDistance: null,
    });
    // No levels of its own: judged by the configured defaults (30/50/70 cm), never reported.
    expect(body.items[2]).toMatchObject({
      warningLevel1: 0.3,
      warningLevel3: 0.7,
      latestValue: null,
      latestObservedAt: null,
      status: 'disconnected',
      statusLabel: 'Mất kết nối',
    });
  });

  it('answers 304 to the same ETag and a new ETag once a reading arrives', async () => {
    const first = await get('/api/open/stations');
    const etag = first.headers.etag as string;
    const again = await get('/api/open/stations', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await push('F01099', '13', '40', '10')).statusCode).toBe(200);
    const changed = await get('/api/open/stations', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().items[2]).toMatchObject({ latestValue: 0.1, status: 'low' });
  });

  it('gives the same rows as CSV (format=csv or Accept: text/csv): BOM, header, RFC 4180 quoting, dots', async () => {
    const json = (await get('/api/open/stations')).json();
    for (const res of [
      await get('/api/open/stations?format=csv'),
      await get('/api/open/stations', { accept: 'text/csv' }),
      await get('/api/open/stations', { accept: 'application/json;q=0.5, text/csv' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="stations.csv"');
      expect(res.body).toContain(`"Trạm ""Cầu"" Bà Chẽ, xã Đồn Đạc"`);
      expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${OPEN_STATION_CSV_COLUMNS.join(',')}`);
      const rows = parseCsv(res.body);
      expect(rows).toHaveLength(3);
      expect(rows[1]).toMatchObject({ name: TRICKY_NAME, latestValue: '0.6257', warningLevel2: '0.5', lat: '21.27' });
      for (const [i, row] of rows.entries()) {
        for (const c of OPEN_STATION_CSV_COLUMNS) {
          const v = json.items[i][c];
          expect(row[c], c).toBe(v === null ? '' : String(v));
        }
      }
    }
    // JSON stays the default, and an explicit format wins over Accept.
    expect((await get('/api/open/stations', { accept: '*/*' })).headers['content-type']).toContain('json');
    expect((await get('/api/open/stations?format=json', { accept: 'text/csv' })).headers['content-type']).toContain(
      'json',
    );
    // The CSV has its own ETag and 304.
    const csv = await get('/api/open/stations?format=csv');
    expect(csv.headers.etag).not.toBe((await get('/api/open/stations')).headers.etag);
    expect(
      (await get('/api/open/stations?format=csv', { 'if-none-match': csv.headers.etag as string })).statusCode,
    ).toBe(304);
  });

  it('names a bad format', async () => {
    const res = await get('/api/open/stations?format=xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('format');
  });
});

describe('GET /api/open/readings', () => {
  it("gives a station's raw readings since a time, oldest first, water in metres, ISO UTC", async () => {
    const res = await get('/api/open/readings?station=f01024&since=2026-11-22T06:00:00Z');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({
      stationCode: 'F01024',
      stationName: TRICKY_NAME,
      kind: 'water',
      unit: 'm',
      since: '2026-11-22T06:00:00.000Z',
      limit: 1000,
      items: [
        { time: '2026-11-22T06:00:00.000Z', value: 0.41, quality: 'good' },
        { time: '2026-11-22T06:10:00.000Z', value: 0.455, quality: 'good' },
        { time: '2026-11-22T06:20:00.000Z', value: -0.03, quality: 'good' },
        { time: '2026-11-22T06:30:00.000Z', value: 0.6257, quality: 'suspect' },
      ],
      next: null,
    });
    // An offset is read as such: 13:10 in the district is 06:10 UTC.
    const local = (await get('/api/open/readings?station=F01024&since=2026-11-22T13:10:00%2B07:00')).json();
    expect(local.items.map((r: { time: string }) => r.time)).toEqual([
      '2026-11-22T06:10:00.000Z',
      '2026-11-22T06:20:00.000Z',
      '2026-11-22T06:30:00.000Z',
    ]);
  });

  it('defaults to the last 24 hours and pages with limit and next', async () => {
    const all = (await get('/api/open/readings?station=F01024')).json();
    expect(all.since).toBe('2026-11-21T07:05:00.000Z');
    expect(all.items).toHaveLength(4);
    const older = (await get('/api/open/readings?station=F01024&since=2026-11-20')).json();
    expect(older.items[0]).toEqual({ time: '2026-11-20T03:00:00.000Z', value: 0.12, quality: 'good' });

    const first = (await get('/api/open/readings?station=F01024&since=2026-11-20&limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.next).toBe('2026-11-22T06:00:00.001Z');
    const second = (await get(`/api/open/readings?station=F01024&since=${first.next}&limit=2`)).json();
    expect(second.items.map((r: { time: string }) => r.time)).toEqual([
      '2026-11-22T06:10:00.000Z',
      '2026-11-22T06:20:00.000Z',
    ]);
    const third = (await get(`/api/open/readings?station=F01024&since=${second.next}&limit=2`)).json();
    expect(third.items).toHaveLength(1);
    expect(third.next).toBeNull();
    expect((await get('/api/open/readings?station=F01024&limit=10000')).statusCode).toBe(200);
  });

  it('gives rain in mm, and the readings as CSV parsed back to the same values', async () => {
    const json = (await get('/api/open/readings?station=F00001&since=2026-11-22')).json();
    expect(json).toMatchObject({ unit: 'mm', kind: 'rain' });
    expect(json.items).toEqual([
      { time: '2026-11-22T06:00:00.000Z', value: 2, quality: 'good' },
      { time: '2026-11-22T06:10:00.000Z', value: 3.5, quality: 'good' },
    ]);
    const res = await get('/api/open/readings?station=F01024&since=2026-11-22&format=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="readings-F01024.csv"');
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${OPEN_READING_CSV_COLUMNS.join(',')}`);
    expect(parseCsv(res.body)).toEqual([
      { stationCode: 'F01024', time: '2026-11-22T06:00:00.000Z', value: '0.41', unit: 'm', quality: 'good' },
      { stationCode: 'F01024', time: '2026-11-22T06:10:00.000Z', value: '0.455', unit: 'm', quality: 'good' },
      { stationCode: 'F01024', time: '2026-11-22T06:20:00.000Z', value: '-0.03', unit: 'm', quality: 'good' },
      { stationCode: 'F01024', time: '2026-11-22T06:30:00.000Z', value: '0.6257', unit: 'm', quality: 'suspect' },
    ]);
    const viaAccept = await get('/api/open/readings?station=F01024&since=2026-11-22', { accept: 'text/csv' });
    expect(viaAccept.body).toBe(res.body);
    // An empty window is a header row alone.
    const empty = await get('/api/open/readings?station=F01024&since=2026-11-23&format=csv');
    expect(empty.body).toBe(`\uFEFF${OPEN_READING_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('answers 304 to the same ETag and changes it when a reading arrives in the window', async () => {
    const url = '/api/open/readings?station=F00001&since=2026-11-22';
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await push('F00001', '13', '20', '1')).statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().items).toHaveLength(3);
  });

  it('refuses a bad station, since or limit naming the field, and an unknown station with 404', async () => {
    const cases: [string, string][] = [
      ['', 'station'],
      ['station=', 'station'],
      [`station=${'F'.repeat(65)}`, 'station'],
      ['station=F01024&since=yesterday', 'since'],
      ['station=F01024&since=2026-13-01', 'since'],
      ['station=F01024&since=22/11/2026', 'since'],
      ['station=F01024&limit=0', 'limit'],
      ['station=F01024&limit=10001', 'limit'],
      ['station=F01024&limit=1.5', 'limit'],
      ['station=F01024&limit=abc', 'limit'],
      ['station=F01024&format=xlsx', 'format'],
    ];
    for (const [q, field] of cases) {
      const res = await get(`/api/open/readings?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_FAILED');
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        q,
      ).toEqual([field]);
    }
    const unknown = await get('/api/open/readings?station=F01777');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', fields: [{ field: 'station' }] });
  });
});

describe('open data in the API description', () => {
  it('documents both calls with their tag, bilingual summaries, JSON and CSV answers', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of ['/api/open/stations', '/api/open/readings']) {
      const op = doc.paths[path].get;
      expect(op.tags).toEqual(['Dữ liệu mở / Open data']);
      expect(op.summary).toMatch(/ \/ [A-Z]/);
      expect(Object.keys(op.responses['200'].content).sort()).toEqual(['application/json', 'text/csv']);
    }
    const params = doc.paths['/api/open/readings'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['station', 'since', 'limit', 'format']));
    expect(doc.components.schemas.OpenStation.properties).toHaveProperty('latestValue');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

const NOW = new Date('2026-11-22T07:05:00Z');
let ctx: TestContext;
let analyst: string;
let plain: string;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { now: () => NOW });
  const a = await createUser(ctx.db, { functions: ['system', 'analyze', 'database'] });
  const p = await createUser(ctx.db, { functions: ['system'] });
  analyst = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  const keys: Record<string, string> = {};
  for (const [code, name] of [
    ['F00001', 'Mưa Nam Sơn'],
    ['F01024', 'Ba Chẽ'],
  ]) {
    keys[code!] = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/station',
        headers: bearer(analyst),
        payload: { code, name, description: 'Mô tả', lat: 21.27, long: 107.28 },
      })
    ).json().pushKey;
  }
  const push = (path: string, code: string, date: string, hour: string, minute: string, value: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/${path}?${new URLSearchParams({ stationCode: code, date, hour, minute, value, key: keys[code]! })}`,
    });
  await push('receive-rain', 'F00001', '01/01/2026', '00', '10', '3');
  await push('receive-rain', 'F00001', '15/01/2026', '23', '50', '4.5');
  await push('receive-rain', 'F00001', '01/02/2026', '05', '00', '10');
  await push('receive-water-level', 'F01024', '03/11/2026', '08', '00', '40');
  await push('receive-water-level', 'F01024', '03/11/2026', '20', '00', '60');
  await push('receive-water-level', 'F01024', '04/11/2026', '08', '00', '80');
});
afterAll(() => ctx?.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('reports', () => {
  it('sums rain by district month', async () => {
    const res = await get('/api/report-rain?year=2026', analyst);
    expect(res.statusCode).toBe(200);
    const [s] = res.json().stations;
    expect(s.months.slice(0, 3)).toEqual([7.5, 10, 0]);
    expect(s.total).toBe(17.5);
  });

  it('averages water by district day', async () => {
    const r = (await get('/api/report-water?month=11/2026', analyst)).json();
    const s = r.stations[0];
    expect(s.days).toHaveLength(30);
    expect(s.days[2]).toEqual({ date: '03/11/2026', average: 50 });
    expect(s.days[3]).toEqual({ date: '04/11/2026', average: 80 });
    expect(s.days[0].average).toBeNull();
    expect(s.average).toBe(60);
    expect((await get('/api/report-water?month=13/2026', analyst)).json().fields[0].field).toBe('month');
  });

  it('exports the water series with STT, time (h), level (m) and an average row', async () => {
    const res = await get('/api/water/export?stationCode=F01024&from=03/11/2026&to=04/11/2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''so-lieu-F01024.xlsx");
    const rows = await sheetRows(res.rawPayload);
    expect(rows[1]).toEqual(['STT', 'Thời gian (giờ)', 'Mực nước (m)']);
    expect(rows.slice(2)).toEqual([
      [1, '03/11/2026 08:00', 0.4],
      [2, '03/11/2026 20:00', 0.6],
      [3, '04/11/2026 08:00', 0.8],
      ['', 'Trung bình', 0.6],
    ]);
  });

  it('exports the station list and the report workbooks', async () => {
    const list = await sheetRows((await get('/api/station/export')).rawPayload);
    expect(list[1]).toEqual(['STT', 'Mã trạm', 'Tên trạm', 'Kinh độ', 'Vĩ độ', 'Mô tả']);
    expect(list[2]).toEqual([1, 'F00001', 'Mưa Nam Sơn', 107.28, 21.27, 'Mô tả']);
    const rain = await sheetRows((await get('/api/report-rain/export?year=2026', analyst)).rawPayload);
    expect(rain[2]!.slice(0, 5)).toEqual([1, 'F00001', 'Mưa Nam Sơn', 7.5, 10]);
    const water = await sheetRows((await get('/api/report-water/export?month=11/2026', analyst)).rawPayload);
    expect(water.at(-1)).toEqual(['', 'Trung bình', 0.6]);
    const moment = await sheetRows(
      (await get('/api/water/export-moment?type=CURRENT_HIGH&date=04/11/2026&hour=8')).rawPayload,
    );
    expect(moment[2]).toEqual([1, 'F01024', 'Ba Chẽ', 0.8, 'Cấp III']);
  });

  it('401 anonymous, 403 without analyze', async () => {
    for (const url of [
      '/api/report-rain?year=2026',
      '/api/report-water?month=11/2026',
      '/api/report-rain/export?year=2026',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, plain)).statusCode).toBe(403);
    }
  });
});

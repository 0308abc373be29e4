import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let staff: string;
let plain: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await createUser(ctx.db, { functions: ['system', 'database'] });
  const p = await createUser(ctx.db, { functions: ['system'] });
  staff = (await login(ctx.app, a.user.email, a.password)).token;
  plain = (await login(ctx.app, p.user.email, p.password)).token;
  for (const code of ['F00001', 'F01001']) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: bearer(staff),
      payload: { code, name: code, description: 'x', lat: 21.2, long: 107.2 },
    });
  }
});
afterAll(() => ctx?.close());

async function upload(fileName: string, content: Buffer | string, token = staff) {
  const { payload, headers } = multipartFile('file', fileName, content);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/readings/import',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
async function finished(id: string) {
  for (let i = 0; i < 200; i++) {
    const job = (
      await ctx.app.inject({ method: 'GET', url: `/api/readings/import/${id}`, headers: bearer(staff) })
    ).json();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

const csv = [
  'stationCode,date,hour,minute,value',
  'F00001,01/10/2026,10,00,2.5',
  'F00001,01/10/2026,10,10,1.5',
  'F01001,01/10/2026,10,00,120',
  'F09999,01/10/2026,10,00,1',
  'F00001,31/09/2026,10,00,1',
  'F00001,01/10/2026,10,20,-4',
  'F00001,01/10/2026,10,30,abc',
  'F00001,01/10/2026,10,40,"0,5"',
].join('\n');

describe('POST /api/readings/import', () => {
  it('imports a CSV, reports rejected rows with their field, and is idempotent', async () => {
    const res = await upload('so-lieu.csv', csv);
    expect(res.statusCode).toBe(202);
    const job = await finished(res.json().id);
    expect(job).toMatchObject({ status: 'done', total: 8, processed: 8, stored: 4, duplicates: 0, rejectedCount: 4 });
    expect(job.rejected).toEqual([
      { row: 5, field: 'stationCode', message: 'Không tìm thấy trạm' },
      // A date of the right shape that does not exist is said to not exist (issue #18).
      { row: 6, field: 'date', message: 'Ngày 31/09/2026 không tồn tại' },
      { row: 7, field: 'value', message: 'Giá trị phải từ 0 đến 500' },
      { row: 8, field: 'value', message: 'Giá trị phải là một số' },
    ]);
    const hour = (
      await ctx.app.inject({ method: 'GET', url: '/api/water?type=CURRENT_RAIN&date=01/10/2026&hour=10' })
    ).json();
    // 2,5 + 1,5 + "0,5" (a decimal comma, as people write it) in the hour.
    expect(hour[0].value).toBe(4.5);
    const again = await finished((await upload('so-lieu.csv', csv)).json().id);
    expect(again).toMatchObject({ stored: 0, duplicates: 4 });
  });

  it('imports an Excel workbook with Vietnamese headers and a time column', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Số liệu');
    ws.addRow(['Mã trạm', 'Thời gian', 'Giá trị']);
    ws.addRow(['F01001', '02/10/2026 08:00', 130]);
    ws.addRow(['F01001', '02/10/2026 08:30', 140]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const job = await finished((await upload('du-lieu.xlsx', buf)).json().id);
    expect(job).toMatchObject({ status: 'done', stored: 2, rejectedCount: 0 });
  });

  it('fails a job whose header misses columns, with the reason', async () => {
    const job = await finished((await upload('sai.csv', 'a,b\n1,2')).json().id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^Dòng đầu phải có các cột/);
  });

  it('checks the file by content and name, and requires one', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]);
    for (const [name, content] of [
      ['anh.csv', png],
      ['bang.xlsx', 'stationCode,value'],
      ['bang.exe', 'stationCode,value'],
    ] as const) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'file', message: 'Chỉ nhận tệp CSV hoặc Excel (.xlsx)' }]);
    }
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/readings/import',
      headers: bearer(staff),
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields[0].field).toBe('file');
  });

  it('401 anonymous, 403 without database, 404 unknown job', async () => {
    const { payload, headers } = multipartFile('file', 'a.csv', csv);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/readings/import', payload, headers })).statusCode).toBe(
      401,
    );
    expect((await upload('a.csv', csv, plain)).statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/readings/import/00000000-0000-4000-8000-000000000000',
      headers: bearer(staff),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

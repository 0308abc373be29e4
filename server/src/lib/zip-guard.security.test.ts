import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/test-app';
import { zipOf } from '../test/zip-fixtures';
import { assertZipWithinLimits, XLSX_LIMITS, ZipLimitError } from './zip-guard';

const small = { maxEntries: 10, maxUncompressedBytes: 1000 };

describe('zip guard (ASVS 12.1.2: compressed uploads checked before unpacking)', () => {
  it('lets a real workbook through', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Trang 1').addRow(['Trạm', 'Mực nước']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    expect(() => assertZipWithinLimits(buf)).not.toThrow();
  });

  it('refuses an archive that inflates past the limit even when it declares a small size', () => {
    const bomb = zipOf([{ name: 'a.xml', data: Buffer.alloc(5000), declared: 10 }]);
    expect(bomb.length).toBeLessThan(200);
    expect(() => assertZipWithinLimits(bomb, small)).toThrow(ZipLimitError);
    expect(() => assertZipWithinLimits(bomb, small)).toThrow(/giải nén ra quá lớn/);
    // Many entries adding up past the limit, stored or deflated.
    const spread = zipOf(
      Array.from({ length: 5 }, (_, i) => ({ name: `${i}`, data: Buffer.alloc(300), method: 0 as const })),
    );
    expect(() => assertZipWithinLimits(spread, small)).toThrow(/giải nén ra quá lớn/);
    expect(() => assertZipWithinLimits(zipOf([{ name: 'ok', data: Buffer.alloc(900) }]), small)).not.toThrow();
  });

  it('refuses too many entries before reading any of them', () => {
    const many = zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `${i}`, data: Buffer.alloc(1) })));
    expect(() => assertZipWithinLimits(many, small)).toThrow(/quá nhiều thành phần \(tối đa 10\)/);
  });

  it('treats a broken archive as broken, not as refused by size', () => {
    expect(() => assertZipWithinLimits(Buffer.from('PK\u0003\u0004garbage'), small)).toThrow('malformed zip archive');
    const lying = zipOf([{ name: 'a', data: Buffer.alloc(10) }]);
    lying.writeUInt32LE(0xdeadbeef, 0); // the local header the directory points at is gone
    expect(() => assertZipWithinLimits(lying, small)).toThrow('malformed zip archive');
  });
});

describe('a zip bomb named .xlsx through the upload routes', () => {
  let ctx: TestContext;
  let staff: Record<string, string>;
  let bomb: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp();
    const a = await createUser(ctx.db, { functions: ['system', 'database'] });
    staff = bearer((await login(ctx.app, a.user.email, a.password)).token);
    // One sheet of zeros 1 MB past the limit, declared as 1 KB: ~250 KB on the wire.
    bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.alloc(XLSX_LIMITS.maxUncompressedBytes + 1_048_576),
        declared: 1024,
      },
    ]);
  });
  afterAll(() => ctx?.close());

  it('the geodata file manager refuses it with the reason on the file field', async () => {
    const form = multipartForm({ type: 'xlsx' }, { name: 'thong_ke.xlsx', content: bomb });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/geojson',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'file', message: 'Tệp nén giải nén ra quá lớn (tối đa 256 MB)' }]);
  });
});

import { brotliDecompressSync, deflateSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { pngChunk } from '../../test/image-fixtures';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';

const storage = createMemoryStorage();
let ctx: TestContext;
let staff: Record<string, string>;
let analyst: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ GEODATA_MAX_MB: '1' }, undefined, { storage });
  const a = await createUser(ctx.db, { functions: ['system', 'database'], name: 'Cán bộ dữ liệu' });
  staff = bearer((await login(ctx.app, a.user.email, a.password)).token);
  const b = await createUser(ctx.db, { functions: ['system', 'analyze'] });
  analyst = bearer((await login(ctx.app, b.user.email, b.password)).token);
});
afterAll(() => ctx?.close());

const flood = (n = 3) => ({
  type: 'FeatureCollection',
  features: Array.from({ length: n }, (_, i) => ({
    type: 'Feature',
    properties: { value: 0.5 + i },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [107.26 + i * 0.001, 21.27],
          [107.27 + i * 0.001, 21.27],
          [107.27 + i * 0.001, 21.28],
          [107.26 + i * 0.001, 21.27],
        ],
      ],
    },
  })),
});

function upload(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string },
  headers: Record<string, string> = staff,
) {
  const form = multipartForm(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/geojson',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const folder = (name: string, parentId: number | null = null, headers = staff) =>
  ctx.app.inject({ method: 'POST', url: '/api/geojson/folder', headers, payload: { name, type: 'FOLDER', parentId } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('folders', () => {
  it('creates folders, lists folders first, and names a missing name', async () => {
    const root = await folder('Ngập lụt 2026');
    expect(root.statusCode).toBe(200);
    expect(root.json()).toMatchObject({ name: 'Ngập lụt 2026', type: 'FOLDER', path: null, url: null, parentId: null });
    const child = await folder('Tháng 11', root.json().id);
    expect(child.json().parentId).toBe(root.json().id);
    const bad = await folder('   ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'name', message: 'Tên thư mục là trường bắt buộc' }]);
    const inside = await ctx.app.inject({ method: 'GET', url: `/api/geojson?parentId=${root.json().id}` });
    expect(inside.json()).toMatchObject({
      total: 1,
      folder: { id: root.json().id, name: 'Ngập lụt 2026', parentId: null },
      items: [{ name: 'Tháng 11', type: 'FOLDER' }],
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/geojson?parentId=999999' })).statusCode).toBe(404);
    const orphan = await folder('Con', 999999);
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().fields[0].field).toBe('parentId');
  });

  it('refuses anonymous callers (401) and staff without the database permission (403)', async () => {
    expect((await folder('x', null, {})).statusCode).toBe(401);
    expect((await folder('x', null, analyst)).statusCode).toBe(403);
    expect((await upload({ type: 'OTHER' }, { name: 'a.geojson', content: '{}' }, {})).statusCode).toBe(401);
    expect((await upload({ type: 'OTHER' }, { name: 'a.geojson', content: '{}' }, analyst)).statusCode).toBe(403);
  });
});

describe('uploads', () => {
  let floodPath = '';
  let floodId = 0;
  const body = JSON.stringify(flood(60));

  it('stores a flood layer in a folder, lists it by type and serves it compressed with an ETag', async () => {
    const dir = (await folder('Lũ tháng 11')).json();
    const res = await upload(
      { type: 'CURRENT_HIGH', time: '2026-11-20T03:00:00Z', parentId: String(dir.id) },
      { name: 'ngap_20-11-2026.geojson', content: body },
    );
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      name: 'ngap_20-11-2026.geojson',
      type: 'CURRENT_HIGH',
      parentId: dir.id,
      time: '2026-11-20T03:00:00.000Z',
      size: Buffer.byteLength(body),
      contentType: 'application/geo+json',
      userName: 'Cán bộ dữ liệu',
    });
    expect(item.path).toMatch(/^[a-f0-9]{32}\.geojson$/);
    expect(item.url).toBe(`/api/geojson/${item.path}`);
    floodPath = item.path;
    floodId = item.id;
    // An older one of the same type: the list is newest time first.
    await upload({ type: 'CURRENT_HIGH', time: '2026-11-19T03:00:00Z' }, { name: 'cu.geojson', content: body });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/geojson?type=CURRENT_HIGH' })).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['ngap_20-11-2026.geojson', 'cu.geojson']);
    expect(list.folder).toBeNull();

    const plain = await ctx.app.inject({ method: 'GET', url: item.url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/geo+json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(body);
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    const br = await ctx.app.inject({ method: 'GET', url: item.url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    const gz = await ctx.app.inject({
      method: 'GET',
      url: `/api/geojson/${item.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(body);
    const again = await ctx.app.inject({
      method: 'GET',
      url: item.url,
      headers: { 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const dl = await ctx.app.inject({ method: 'GET', url: `${item.url}?download=1` });
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="ngap_20-11-2026.geojson"; filename*=UTF-8''ngap_20-11-2026.geojson`,
    );
  });

  it('names what is wrong with a malformed or non-WGS84 GeoJSON, and stores nothing', async () => {
    const before = storage.keys().length;
    const cases: [string, RegExp][] = [
      ['{"type": "FeatureCollection", "features": [', /^Tệp không phải là JSON hợp lệ/],
      ['{"type": "Topology"}', /^GeoJSON không hợp lệ tại type: Kiểu GeoJSON không hợp lệ: Topology/],
      [
        JSON.stringify({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [435000, 2352000] },
        }),
        // Metres without a word of their system: the uploader is asked for it (#26 point 5).
        /^crs: Toạ độ của tệp là mét \(hệ chiếu\) nhưng tệp không nói hệ nào/,
      ],
      [
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: {},
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [107, 21],
                    [107.1, 21],
                    [107.1, 21.1],
                    [107, 21.2],
                  ],
                ],
              },
            },
          ],
        }),
        /^GeoJSON không hợp lệ tại features\[0\]\.geometry\.coordinates\[0\]: Vòng đa giác phải khép kín/,
      ],
      [
        JSON.stringify({ ...flood(1), crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } } }),
        /^crs: Hệ toạ độ của tệp \(urn:ogc:def:crs:EPSG::3857\) chưa được hỗ trợ/,
      ],
      [
        // VN-2000 / UTM 48N is read (#26 point 5), but these numbers are degrees, not its metres.
        JSON.stringify({ ...flood(1), crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3405' } } }),
        /^crs: Toạ độ của tệp là độ nhưng hệ VN-2000 \/ UTM 48N dùng mét/,
      ],
    ];
    for (const [content, message] of cases) {
      const res = await upload({ type: 'CURRENT_HIGH', time: '2026-11-20T03:00:00Z' }, { name: 'x.geojson', content });
      expect(res.statusCode).toBe(400);
      const [field] = res.json().fields;
      // The field is named before the message: 'file' unless the pattern names another.
      expect(`${field.field === 'file' ? '' : `${field.field}: `}${field.message}`).toMatch(message);
    }
    expect(storage.keys().length).toBe(before);
  });

  it('refuses an image whose header declares more pixels than a phone can show (400 Mpx), naming its size (#18)', async () => {
    const ihdr = (w: number, h: number) => {
      const b = Buffer.alloc(13);
      b.writeUInt32BE(w, 0);
      b.writeUInt32BE(h, 4);
      b.set([8, 2, 0, 0, 0], 8);
      return b;
    };
    const png = (w: number, h: number) =>
      Buffer.concat([
        PNG.subarray(0, 8),
        pngChunk('IHDR', ihdr(w, h)),
        pngChunk('IDAT', deflateSync(Buffer.alloc(30_001))),
        pngChunk('IEND', Buffer.alloc(0)),
      ]);
    const huge = await upload({ type: 'png' }, { name: 'vien-tham.png', content: png(20_000, 20_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields).toEqual([
      {
        field: 'file',
        message: 'Ảnh quá lớn: 20.000 × 20.000 điểm ảnh (tối đa 25 triệu điểm ảnh, mỗi cạnh 10.000 điểm)',
      },
    ]);
    // A long thin strip is refused by its side.
    expect((await upload({ type: 'png' }, { name: 'dai.png', content: png(12_000, 100) })).statusCode).toBe(400);
    const fine = await upload({ type: 'png' }, { name: 'vua.png', content: png(5000, 5000) });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses an oversized file (413), a disguised image, a path-traversal name and a wrong extension', async () => {
    const big = JSON.stringify({ ...flood(1), pad: 'x'.repeat(1_100_000) });
    const tooBig = await upload({ type: 'OTHER' }, { name: 'big.geojson', content: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'TOO_LARGE', fields: [{ field: 'file' }] });
    expect(tooBig.json().message).toBe('Tệp vượt quá dung lượng cho phép (1 MB)');

    const html = await upload({ type: 'png' }, { name: 'anh.png', content: '<html><script>alert(1)</script></html>' });
    expect(html.statusCode).toBe(400);
    expect(html.json().fields[0].message).toMatch(/không phải là ảnh PNG, JPEG hoặc WebP/);
    const svg = await upload(
      { type: 'png' },
      { name: 'anh.png', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
    );
    expect(svg.statusCode).toBe(400);
    const svgExt = await upload({ type: 'png' }, { name: 'anh.svg', content: PNG });
    expect(svgExt.statusCode).toBe(400);
    expect(svgExt.json().fields[0].message).toMatch(/cần tệp \.png, \.jpg, \.jpeg, \.webp/);

    for (const name of ['../../etc/passwd.geojson', '..\\boot.geojson', 'a/b.geojson']) {
      const res = await upload({ type: 'OTHER' }, { name, content: JSON.stringify(flood(1)) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0]).toMatchObject({
        field: 'file',
        message: expect.stringMatching(/^Tên tệp không hợp lệ/),
      });
    }
    const traversal = await ctx.app.inject({ method: 'GET', url: '/api/geojson/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().fields[0].field).toBe('ref');

    const noTime = await upload({ type: 'FORECAST_RAIN' }, { name: 'mua.geojson', content: JSON.stringify(flood(1)) });
    expect(noTime.json().fields).toEqual([{ field: 'time', message: 'Vui lòng chọn thời gian của dữ liệu' }]);
    const badType = await upload({ type: 'EXE' }, { name: 'a.geojson', content: '{}' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields[0].field).toBe('type');
    const noFile = await upload({ type: 'OTHER' });
    expect(noFile.json().fields).toEqual([{ field: 'file', message: 'Vui lòng chọn tệp' }]);
  });

  it('accepts a real image checked by content and serves it as one', async () => {
    const res = await upload({ type: 'png' }, { name: 've-tinh.png', content: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contentType: 'image/png', path: expect.stringMatching(/\.png$/) });
    const img = await ctx.app.inject({ method: 'GET', url: res.json().url });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('deletes a folder with its content and the stored bytes, and audits every change', async () => {
    const dir = (await folder('Tạm')).json();
    const sub = (await folder('Con', dir.id)).json();
    const up = (
      await upload(
        { type: 'SCRIPT_FLOOD', time: '2026-11-01T00:00:00Z', parentId: String(sub.id) },
        { name: 'kb.geojson', content: JSON.stringify(flood(40)) },
      )
    ).json();
    expect(storage.keys().filter((k) => k.startsWith(up.path))).toHaveLength(3);
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/geojson?parentId=${dir.id}` })).json();
    expect(listed.items[0]).toMatchObject({ name: 'Con', childCount: 1 });
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/geojson/${dir.id}`, headers: staff });
    expect(del.json()).toEqual({ ok: true });
    expect(storage.keys().filter((k) => k.startsWith(up.path))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: up.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/geojson/${dir.id}`, headers: staff })).statusCode).toBe(
      404,
    );
    const admin = await createUser(ctx.db, { functions: ['system', 'user'] });
    const audit = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/audit?pageSize=100',
        headers: bearer((await login(ctx.app, admin.user.email, admin.password)).token),
      })
    ).json();
    const texts = audit.items.map((e: { content: string }) => e.content);
    expect(texts).toContain('Tạo thư mục dữ liệu Tạm');
    expect(texts).toContain('Tải lên tệp dữ liệu kb.geojson (Kịch bản ngập lụt)');
    expect(texts).toContain('Xoá thư mục dữ liệu Tạm');
  });

  it('keeps serving other files (sanity: the first flood layer still loads by id)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/geojson/${floodId}` });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).features).toHaveLength(60);
    expect(floodPath).not.toBe('');
  });
});

describe('statistics workbook', () => {
  it('reads the newest xlsx item and returns its first two sheets (permission analyze)', async () => {
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/report-data', headers: analyst });
    expect(empty.json()).toEqual({ item: null, demo: false, sheets: [] });
    const wb = new ExcelJS.Workbook();
    const s1 = wb.addWorksheet('Năm 2008');
    s1.addRow(['Trạm', 'Mực nước lớn nhất (m)', 'Ngày']);
    s1.addRow(['Ba Chẽ', 3.25, '12/10/2008']);
    const s2 = wb.addWorksheet('Năm 2020');
    s2.addRow(['Trạm', 'Mực nước lớn nhất (m)']);
    s2.addRow(['Ba Chẽ', { formula: '1+1.5', result: 2.5 }]);
    wb.addWorksheet('Ghi chú').addRow(['bỏ qua']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload({ type: 'xlsx' }, { name: 'thong_ke.xlsx', content: buf });
    expect(res.statusCode).toBe(200);
    const data = (await ctx.app.inject({ method: 'GET', url: '/api/report-data', headers: analyst })).json();
    expect(data.item.name).toBe('thong_ke.xlsx');
    expect(data.sheets).toEqual([
      { name: 'Năm 2008', columns: ['Trạm', 'Mực nước lớn nhất (m)', 'Ngày'], rows: [['Ba Chẽ', 3.25, '12/10/2008']] },
      { name: 'Năm 2020', columns: ['Trạm', 'Mực nước lớn nhất (m)'], rows: [['Ba Chẽ', 2.5]] },
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/report-data', headers: staff })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/report-data' })).statusCode).toBe(401);
    const zipNotXlsx = await upload(
      { type: 'xlsx' },
      { name: 'x.xlsx', content: Buffer.from('PK\u0003\u0004garbage') },
    );
    expect(zipNotXlsx.statusCode).toBe(400);
    expect(zipNotXlsx.json().fields[0].message).toMatch(/^Không đọc được bảng tính Excel/);
  });
});

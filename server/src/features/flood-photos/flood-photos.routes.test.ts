import { deflateSync } from 'node:zlib';
import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { jpeg, jpegMarkers, jpegWithMetadata, pngChunk } from '../../test/image-fixtures';
import { multipartForm } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { seedDemoFloodPhotos } from './flood-photos.seed';

const storage = createMemoryStorage();
const RATE = 3;
let ctx: TestContext;
let staff: Record<string, string>;
let staffName: string;
let plain: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp(
    { FLOOD_PHOTO_MAX_MB: '1', FLOOD_PHOTO_RATE_LIMIT: String(RATE), LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
    undefined,
    { storage },
  );
  const a = await createUser(ctx.db, { functions: ['system', 'analyze'], name: 'Cán bộ phân tích' });
  staff = bearer((await login(ctx.app, a.user.email, a.password)).token);
  staffName = a.user.name;
  const p = await createUser(ctx.db, { functions: ['system', 'database', 'news'] });
  plain = bearer((await login(ctx.app, p.user.email, p.password)).token);
});
afterAll(() => ctx?.close());

// Each anonymous post comes from its own address unless a test says otherwise, so the rate limit of one
// test does not spill into the next.
let addr = 0;
const nextAddress = () => `10.8.${Math.floor(++addr / 250)}.${addr % 250}`;

const FIELDS = { desc: 'Nước ngập nửa bánh xe', location: 'Cầu Ba Chẽ', lat: '21.2731', long: '107.2897' };

function post(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string; type?: string },
  opts: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const form = multipartForm(fields, file ? { field: 'image', ...file } : undefined);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/flood',
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    headers: { ...(opts.headers ?? {}), ...form.headers },
    payload: form.payload,
  });
}
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

const storedBytes = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('flood photos', () => {
  it('takes an anonymous post and serves the photo, its thumbnail and the list', async () => {
    const res = await post(FIELDS, { name: 'anh-ngap.jpg', content: await jpeg(), type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json();
    expect(photo).toMatchObject({
      desc: 'Nước ngập nửa bánh xe',
      location: 'Cầu Ba Chẽ',
      lat: 21.2731,
      long: 107.2897,
      width: 64,
      height: 48,
      demo: false,
    });
    expect(photo.image).toMatch(new RegExp(`^/api/flood/${photo.id}/image\\?v=[a-f0-9]{12}$`));
    expect(photo.thumbnail).toMatch(new RegExp(`^/api/flood/${photo.id}/thumbnail\\?v=[a-f0-9]{12}$`));

    const image = await get(photo.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(image.headers.etag);
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    expect((await get(photo.image, { 'if-none-match': etag })).statusCode).toBe(304);

    const thumb = await get(photo.thumbnail);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 40]);

    const list = await get('/api/flood');
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toEqual(photo);
    // An anonymous post is no staff change: no audit entry names it.
    expect((await lastAudit())?.content ?? '').not.toContain(`#${photo.id}`);
  });

  it('strips EXIF (GPS, camera serial), XMP and comments, and turns the photo upright', async () => {
    const input = await jpegWithMetadata();
    // The input really carries them (sharp reads the EXIF and its orientation).
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif).toBeDefined();
    expect(input.includes('SN-9876543')).toBe(true);
    expect(jpegMarkers(input)).toEqual(expect.arrayContaining([0xe1, 0xfe]));

    const res = await post(FIELDS, { name: 'IMG_0001.jpg', content: input, type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json();
    // Orientation 6 applied: 64 × 48 becomes 48 × 64, and the server kept the position it was sent.
    expect([photo.width, photo.height]).toEqual([48, 64]);
    expect([photo.lat, photo.long]).toEqual([21.2731, 107.2897]);

    for (const url of [photo.image, photo.thumbnail]) {
      const stored = await storedBytes(url);
      const markers = jpegMarkers(stored);
      expect(markers).not.toContain(0xe1); // APP1: EXIF and XMP
      expect(markers).not.toContain(0xed); // APP13: IPTC
      expect(markers).not.toContain(0xfe); // COM
      for (const text of ['Exif', 'SpyCam', 'SN-9876543', 'xmpmeta', 'secret comment'])
        expect(stored.includes(text), text).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.comments).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('keeps a PNG a PNG, without its text chunks', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const withText = Buffer.concat([
      png.subarray(0, 33),
      pngChunk('tEXt', Buffer.from('Comment\0toa do nha rieng', 'latin1')),
      png.subarray(33),
    ]);
    expect((await sharp(withText).metadata()).comments).toBeDefined();
    const res = await post(FIELDS, { name: 'a.png', content: withText, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedBytes(res.json().image);
    expect((await get(res.json().image)).headers['content-type']).toBe('image/png');
    expect(stored.includes('tEXt')).toBe(false);
    expect(stored.includes('toa do')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 30, height: 20 });
  });

  it('400 naming location and image when they are missing (description optional)', async () => {
    const res = await post({ lat: '21.27', long: '107.27' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Vui lòng nhập đầy đủ thông tin',
      fields: [
        { field: 'location', message: 'Vui lòng nhập đầy đủ thông tin' },
        { field: 'image', message: 'Vui lòng nhập đầy đủ thông tin' },
      ],
    });
    const blank = await post({ ...FIELDS, location: '   ' }, { name: 'a.jpg', content: await jpeg() });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ field: 'location', message: 'Vui lòng nhập đầy đủ thông tin' }]);
    // An empty file input (nothing chosen) is no image.
    const empty = await post(FIELDS, { name: '', content: Buffer.alloc(0) });
    expect(empty.json().fields).toEqual([{ field: 'image', message: 'Vui lòng nhập đầy đủ thông tin' }]);
    const { desc: _d, ...noDesc } = FIELDS;
    const ok = await post(noDesc, { name: 'a.jpg', content: await jpeg() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().desc).toBe('');
  });

  it('400 for coordinates out of range or missing, and for text past 255 characters', async () => {
    const res = await post(
      { ...FIELDS, lat: '90.5', long: '-180.01', desc: 'x'.repeat(256) },
      { name: 'a.jpg', content: await jpeg() },
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields.map((f: { field: string }) => f.field);
    expect(fields.sort()).toEqual(['desc', 'lat', 'long']);
    expect(res.json().message).toBe('Dữ liệu không hợp lệ: desc, lat, long');
    const missing = await post({ location: 'x' }, { name: 'a.jpg', content: await jpeg() });
    expect(missing.json().fields.map((f: { field: string }) => f.field)).toEqual(['lat', 'long']);
    const text = await post({ ...FIELDS, lat: 'abc' }, { name: 'a.jpg', content: await jpeg() });
    expect(text.json().fields).toEqual([{ field: 'lat', message: 'Phải là một số' }]);
  });

  it('refuses an SVG with a script, HTML renamed .png, and other non-images, by content', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    for (const file of [
      { name: 'anh.svg', content: svg, type: 'image/svg+xml' },
      { name: 'anh.png', content: svg, type: 'image/png' },
      { name: 'anh.png', content: html, type: 'image/png' },
      { name: 'anh.jpg', content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/jpeg' },
    ]) {
      const res = await post(FIELDS, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json().fields).toEqual([
        { field: 'image', message: 'Tệp không phải là ảnh JPEG, PNG hoặc WebP (kiểm tra theo nội dung tệp)' },
      ]);
    }
    // JPEG magic with nothing decodable behind it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 16, 0, 16, 3]), Buffer.alloc(64)]);
    const res = await post(FIELDS, { name: 'hong.jpg', content: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('image');
  });

  it('refuses a decompression bomb (a tiny file declaring 100 million pixels) before decoding it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(10_000, 0);
    ihdr.writeUInt32BE(10_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', deflateSync(Buffer.alloc(30_001))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const res = await post(FIELDS, { name: 'bom.png', content: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'image', message: 'Ảnh quá lớn (tối đa 50 triệu điểm ảnh)' }]);
  });

  it('413 past FLOOD_PHOTO_MAX_MB, naming the image', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(1024 * 1024 + 10)]);
    const res = await post(FIELDS, { name: 'lon.jpg', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'TOO_LARGE',
      message: 'Ảnh vượt quá dung lượng cho phép (1 MB)',
      fields: [{ field: 'image', message: 'Ảnh vượt quá dung lượng cho phép (1 MB)' }],
    });
  });

  it('lists newest first, page by page, up to 500 for the map, and inside a bounding box', async () => {
    const ids: number[] = [];
    for (const [i, lat] of [21.1, 21.2, 21.3].entries()) {
      const res = await post(
        { location: `Điểm ${i}`, lat: String(lat), long: '107.1' },
        { name: 'a.jpg', content: await jpeg() },
        { headers: staff },
      );
      ids.push(res.json().id);
    }
    const all = (await get('/api/flood?pageSize=500')).json();
    expect(all.items.slice(0, 3).map((p: { id: number }) => p.id)).toEqual([...ids].reverse());
    const page2 = (await get('/api/flood?page=2&pageSize=2')).json();
    expect(page2.total).toBe(all.total);
    expect(page2.items.map((p: { id: number }) => p.id)).toEqual([ids[0], all.items[3].id]);
    const boxed = (await get('/api/flood?bbox=107.05,21.15,107.15,21.35&pageSize=500')).json();
    expect(boxed).toMatchObject({ total: 2 });
    expect(boxed.items.map((p: { location: string }) => p.location)).toEqual(['Điểm 2', 'Điểm 1']);
    expect((await get('/api/flood?pageSize=501')).statusCode).toBe(400);
    const bad = await get('/api/flood?bbox=1,2,3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('bbox');
  });

  it('staff edit the text and position (audited); 401 anonymous, 403 without analyze', async () => {
    const photo = (await post(FIELDS, { name: 'a.jpg', content: await jpeg() })).json();
    const body = { desc: 'Đã rút', location: 'Cầu Ba Chẽ (đầu cầu phía bắc)', lat: 21.274, long: '107.29' };
    const put = (headers: Record<string, string>, payload: unknown = body, id = photo.id) =>
      ctx.app.inject({ method: 'PUT', url: `/api/flood/${id}`, headers, payload: payload as object });

    expect((await put({})).statusCode).toBe(401);
    expect((await put(plain)).statusCode).toBe(403);
    const res = await put(staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...photo, desc: 'Đã rút', location: body.location, lat: 21.274, long: 107.29 });
    expect(await lastAudit()).toMatchObject({
      userName: staffName,
      content: `Sửa ảnh ngập lụt #${photo.id} (Cầu Ba Chẽ (đầu cầu phía bắc))`,
    });
    const bad = await put(staff, { location: '', lat: 100, long: 107 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['location', 'lat']);
    expect((await put(staff, body, 999_999)).statusCode).toBe(404);
  });

  it('staff delete a photo and its files (audited); 401 anonymous, 403 without analyze', async () => {
    const photo = (await post(FIELDS, { name: 'a.jpg', content: await jpeg() })).json();
    const keysBefore = storage.keys().length;
    const del = (headers: Record<string, string>, id = photo.id) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/flood/${id}`, headers });

    expect((await del({})).statusCode).toBe(401);
    expect((await del(plain)).statusCode).toBe(403);
    const res = await del(staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await lastAudit()).toMatchObject({
      userName: staffName,
      content: `Xoá ảnh ngập lụt #${photo.id} (Cầu Ba Chẽ)`,
    });
    expect(storage.keys().length).toBe(keysBefore - 2);
    expect((await get(photo.image)).statusCode).toBe(404);
    expect((await get(photo.thumbnail)).statusCode).toBe(404);
    expect((await del(staff)).statusCode).toBe(404);
  });

  it('audits a post by signed-in staff', async () => {
    const res = await post(FIELDS, { name: 'a.jpg', content: await jpeg() }, { headers: staff });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      userName: staffName,
      content: `Đăng ảnh ngập lụt #${res.json().id} (Cầu Ba Chẽ)`,
    });
  });

  it(`limits anonymous posts to ${RATE} per address per window (429), not signed-in staff`, async () => {
    const remoteAddress = '10.9.9.9';
    const image = { name: 'a.jpg', content: await jpeg() };
    for (let i = 0; i < RATE; i++) expect((await post(FIELDS, image, { remoteAddress })).statusCode).toBe(200);
    const limited = await post(FIELDS, image, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Bạn đã gửi quá nhiều ảnh từ địa chỉ này. Vui lòng thử lại sau 10 phút.',
    });
    // Staff from the same address, and another address, still post.
    expect((await post(FIELDS, image, { remoteAddress, headers: staff })).statusCode).toBe(200);
    expect((await post(FIELDS, image, { remoteAddress: '10.9.9.10' })).statusCode).toBe(200);
    // Reads are not limited.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/flood', remoteAddress })).statusCode).toBe(200);
  });

  it('seeds demo photos once, at places of the district, with 40 px thumbnails', async () => {
    const { db } = ctx;
    // The table already holds photos: nothing is added.
    expect(await seedDemoFloodPhotos({ db, storage, now: new Date() })).toBe(0);
    await db.execute('delete from flood_photos');
    expect(await seedDemoFloodPhotos({ db, storage, now: new Date() })).toBe(4);
    const list = (await get('/api/flood?pageSize=500')).json();
    expect(list.total).toBe(4);
    expect(list.items[0]).toMatchObject({ location: 'Đối diện Trung tâm Y tế huyện Ba Chẽ, thị trấn Ba Chẽ' });
    for (const p of list.items) {
      expect(p.demo).toBe(true);
      expect(p.lat).toBeGreaterThan(21.1);
      expect(p.lat).toBeLessThan(21.4);
      expect(p.long).toBeGreaterThan(107);
      expect(p.long).toBeLessThan(107.4);
      const meta = await sharp(await storedBytes(p.thumbnail)).metadata();
      expect([meta.width, meta.height]).toEqual([40, 40]);
    }
  });
});

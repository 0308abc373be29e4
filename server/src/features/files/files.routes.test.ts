import { deflateSync } from 'node:zlib';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { jpeg } from '../../test/image-fixtures';
import { multipartFile } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

const storage = createMemoryStorage();
let ctx: TestContext;
let staff: Record<string, string>;
let plain: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ FILES_MAX_MB: '1', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, undefined, { storage });
  const s = await createUser(ctx.db, { functions: ['system', 'news'] });
  staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
  const p = await createUser(ctx.db, { functions: ['system', 'database', 'analyze'] });
  plain = bearer((await login(ctx.app, p.user.email, p.password)).token);
});
afterAll(() => ctx?.close());

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
/** A minimal ZIP local header holding a `word/document.xml` entry (what makes a .docx). */
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('word/document.xml')]);
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);

function upload(name: string, content: Buffer | string, headers: Record<string, string> = staff, type?: string) {
  const form = multipartFile('file', name, content, type);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

describe('files', () => {
  it('stores an image under a random name with a thumbnail, keeping the display name', async () => {
    const res = await upload('Ảnh lũ Ba Chẽ.jpg', await jpeg(800, 600), staff, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f).toMatchObject({ name: 'Ảnh lũ Ba Chẽ.jpg', mime: 'image/jpeg' });
    expect(f.url).toMatch(/^\/api\/files\/[a-f0-9]{32}$/);
    expect(f.thumbnail).toBe(`${f.url}/thumbnail`);
    expect(await lastAudit()).toBe('Tải lên tệp Ảnh lũ Ba Chẽ.jpg');
    expect(storage.keys().some((k) => k.includes('Ba'))).toBe(false);

    const got = await ctx.app.inject({ method: 'GET', url: f.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Anh lu Ba Che.jpg"; filename*=UTF-8''${encodeURIComponent('Ảnh lũ Ba Chẽ.jpg')}`,
    );
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);
    const again = await ctx.app.inject({ method: 'GET', url: f.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const thumb = await ctx.app.inject({ method: 'GET', url: f.thumbnail });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts PDF, DOC and DOCX by content, served as attachments except PDF', async () => {
    for (const [name, content, mime, disposition] of [
      ['Công văn.pdf', PDF, 'application/pdf', 'inline'],
      ['bao-cao.doc', DOC, 'application/msword', 'attachment'],
      ['bao-cao.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'attachment'],
    ] as const) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ name, mime, thumbnail: null });
      const got = await ctx.app.inject({ method: 'GET', url: res.json().url });
      expect(got.headers['content-type']).toBe(mime);
      expect(got.headers['content-disposition']).toMatch(new RegExp(`^${disposition};`));
      expect(got.rawPayload.equals(content)).toBe(true);
    }
  });

  it('refuses the attack set: HTML renamed .png, SVG, .exe renamed .pdf, a plain zip, oversize, bad names', async () => {
    const cases: [string, Buffer | string][] = [
      ['anh.png', '<html><script>alert(1)</script></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['anh.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['van-ban.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
      ['tai-lieu.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)])],
      ['anh.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), deflateSync('x')])],
    ];
    for (const [name, content] of cases) {
      const res = await upload(name, content, staff, 'image/png');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields[0].field).toBe('file');
    }
    const big = await upload('lon.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().fields[0].field).toBe('file');
    // A path in the name never reaches the display name (the parser keeps the base name, or it is refused).
    const traversal = await upload('../../etc/passwd.pdf', PDF);
    if (traversal.statusCode === 200) expect(traversal.json().name).toBe('passwd.pdf');
    else expect(traversal.json().fields).toEqual([{ field: 'file', message: 'Tên tệp không hợp lệ' }]);
    const dots = await upload('bao..cao.pdf', PDF);
    expect(dots.statusCode).toBe(400);
    expect(dots.json().fields).toEqual([{ field: 'file', message: 'Tên tệp không hợp lệ' }]);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...staff, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ field: 'file', message: 'Chưa chọn tệp' }]);
  });

  it('404 for unknown files, 400 for a malformed id', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${'0'.repeat(32)}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/files/..%2f..%2fetc' })).statusCode).toBe(400);
    const pdf = (await upload('x.pdf', PDF)).json();
    expect((await ctx.app.inject({ method: 'GET', url: `${pdf.url}/thumbnail` })).statusCode).toBe(404);
  });

  it('401 anonymous, 403 without the news permission', async () => {
    expect((await upload('x.pdf', PDF, {})).statusCode).toBe(401);
    expect((await upload('x.pdf', PDF, plain)).statusCode).toBe(403);
  });
});

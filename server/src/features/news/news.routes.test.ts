import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage';
import { jpeg } from '../../test/image-fixtures';
import { multipartFile } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { uploadedFiles } from '../files/files.table';

// District clock: Thursday 26/11/2026 00:30 in Asia/Ho_Chi_Minh (UTC+7).
let clock = new Date('2026-11-25T17:30:00Z');
let ctx: TestContext;
let staff: Record<string, string>;
let staffName: string;
let plain: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }, undefined, {
    storage: createMemoryStorage(),
    now: () => clock,
  });
  const s = await createUser(ctx.db, { functions: ['system', 'news'], name: 'Cán bộ tin tức' });
  staff = bearer((await login(ctx.app, s.user.email, s.password)).token);
  staffName = s.user.name;
  const p = await createUser(ctx.db, { functions: ['system', 'database', 'analyze'] });
  plain = bearer((await login(ctx.app, p.user.email, p.password)).token);
});
afterAll(() => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, headers?: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: headers ?? {}, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.content;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
async function upload(name: string, content: Buffer): Promise<string> {
  const form = multipartFile('file', name, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...staff, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Cảnh báo lũ trên sông Ba Chẽ',
  sapo: 'Mực nước dâng nhanh',
  author: 'Ban chỉ huy PCTT',
  content: '<p>Người dân <strong>chú ý</strong> an toàn.</p>',
  date: '2026-11-25T10:00:00Z',
  status: 'PUBLISH',
  type: 'WARNING',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await req('POST', '/api/news', staff, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('news', () => {
  it('creates, reads, updates and deletes an item with its creator, auditing each change', async () => {
    const avatar = await upload('anh-bia.jpg', await jpeg());
    const n = await create({ avatar, name: '  Tin hoạt động tháng 11 ', type: 'NORMAL' });
    expect(n).toMatchObject({
      name: 'Tin hoạt động tháng 11',
      sapo: 'Mực nước dâng nhanh',
      author: 'Ban chỉ huy PCTT',
      avatar,
      files: [],
      status: 'PUBLISH',
      type: 'NORMAL',
      date: '2026-11-25T10:00:00.000Z',
      userName: staffName,
      demo: false,
    });
    expect(await lastAudit()).toBe('Tạo tin tức Tin hoạt động tháng 11');
    expect((await req('GET', `/api/news/${n.id}`)).json()).toEqual(n);

    const upd = await req('PUT', `/api/news/${n.id}`, staff, body({ name: 'Tin đã sửa', type: 'NORMAL', author: '' }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      id: n.id,
      name: 'Tin đã sửa',
      author: null,
      avatar: null,
      createdAt: n.createdAt,
    });
    expect(await lastAudit()).toBe('Sửa tin tức Tin đã sửa');

    expect((await req('DELETE', `/api/news/${n.id}`, staff)).json()).toEqual({ ok: true });
    expect(await lastAudit()).toBe('Xoá tin tức Tin đã sửa');
    const gone = await req('GET', `/api/news/${n.id}`, staff);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Không tìm thấy bài viết');
  });

  it('defaults status DRAFT, type NORMAL and the date to now', async () => {
    const n = await create({ status: undefined, type: undefined, date: undefined, name: 'Mặc định' });
    expect(n).toMatchObject({ status: 'DRAFT', type: 'NORMAL', date: clock.toISOString() });
  });

  it('sanitises the HTML body: scripts, handlers and javascript: links go, the formatting stays', async () => {
    const n = await create({
      name: 'XSS',
      content:
        '<h2>Tiêu đề</h2><p style="color:red" onclick="alert(1)">Chữ <em>nghiêng</em> <u>gạch</u></p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(1)"><img src="https://example.org/a.png" onload="x()">' +
        '<a href="javascript:alert(1)">xấu</a><a href="https://bache.gov.vn" target="_blank">tốt</a>' +
        '<a href="mailto:a@b.vn">thư</a><iframe src="https://evil"></iframe><ul><li>một</li></ul>' +
        '<table><tbody><tr><td colspan="2">ô</td></tr></tbody></table><img src="data:image/png;base64,AAAA">',
    });
    const c: string = n.content;
    expect(c).not.toMatch(/script|onerror|onclick|onload|javascript:|style=|iframe|data:/i);
    expect(c).toContain('<h2>Tiêu đề</h2>');
    expect(c).toContain('<p>Chữ <em>nghiêng</em> <u>gạch</u></p>');
    expect(c).toContain('<img src="https://example.org/a.png" />');
    expect(c).toContain('<a rel="noopener noreferrer">xấu</a>');
    expect(c).toContain('<a href="https://bache.gov.vn" target="_blank" rel="noopener noreferrer">tốt</a>');
    expect(c).toContain('<a href="mailto:a@b.vn" rel="noopener noreferrer">thư</a>');
    expect(c).toContain('<td colspan="2">ô</td>');
    expect(c).toContain('<ul><li>một</li></ul>');
    // The stored row is the sanitised one.
    expect((await req('GET', `/api/news/${n.id}`)).json().content).toBe(c);
    // A body that is only a script is empty once sanitised.
    const empty = await req('POST', '/api/news', staff, body({ content: '<script>alert(1)</script><p> </p>' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ field: 'content', message: 'Nội dung là trường bắt buộc' }]);
  });

  it('names bad fields (400) with the spec texts', async () => {
    const res = await req('POST', '/api/news', staff, { sapo: 'x', author: 'a'.repeat(256), type: 'KHAC' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Tên bài viết là trường bắt buộc' },
        { field: 'content', message: 'Nội dung là trường bắt buộc' },
        { field: 'author', message: 'Tối đa 255 ký tự' },
        expect.objectContaining({ field: 'type' }),
      ]),
    );
    const long = await req('POST', '/api/news', staff, body({ name: 'x'.repeat(256) }));
    expect(long.json().fields).toEqual([{ field: 'name', message: 'Tối đa 255 ký tự' }]);
    const blank = await req('POST', '/api/news', staff, body({ name: '   ', date: 'hôm qua' }));
    expect(
      blank
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['date', 'name']);
    const badFile = await req('POST', '/api/news', staff, body({ files: ['/etc/passwd'] }));
    expect(badFile.json().fields[0].field).toBe('files.0');
    const unknownFile = await req('POST', '/api/news', staff, body({ files: [`/api/files/${'a'.repeat(32)}`] }));
    expect(unknownFile.statusCode).toBe(400);
    expect(unknownFile.json().fields[0].field).toBe('files.0');
  });

  it('refuses a non-numeric id', async () => {
    for (const id of ['abc', '1e3', '-1', '0x10', '1.5', '01']) {
      expect([400, 404], id).toContain((await req('GET', `/api/news/${id}`)).statusCode);
    }
    expect((await req('GET', '/api/news/abc')).statusCode).toBe(400);
    expect((await req('PUT', '/api/news/abc', staff, body())).statusCode).toBe(400);
    expect((await req('DELETE', '/api/news/abc', staff)).statusCode).toBe(400);
  });

  it('shows the public only published items whose date has come, newest first; staff see all with all=true', async () => {
    const published = await create({ name: 'Công khai cũ', type: 'NORMAL', date: '2026-11-20T01:00:00Z' });
    const newer = await create({ name: 'Công khai mới', type: 'NORMAL', date: '2026-11-25T17:00:00Z' });
    const draft = await create({ name: 'Bản nháp', type: 'NORMAL', status: 'DRAFT' });
    const scheduled = await create({ name: 'Hẹn giờ', type: 'NORMAL', date: '2026-11-26T00:00:00Z' });
    const pub = (await req('GET', '/api/news?type=NORMAL&pageSize=100')).json();
    const names = pub.items.map((i: { name: string }) => i.name);
    expect(names.indexOf('Công khai mới')).toBeLessThan(names.indexOf('Công khai cũ'));
    expect(names).not.toContain('Bản nháp');
    expect(names).not.toContain('Hẹn giờ');
    expect(pub.items[0]).not.toHaveProperty('content');
    // Public status filter cannot reveal drafts.
    expect((await req('GET', '/api/news?status=DRAFT&pageSize=100')).json().items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: draft.id })]),
    );
    expect((await req('GET', `/api/news/${draft.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/news/${scheduled.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/news/${draft.id}`, staff)).statusCode).toBe(200);
    expect((await req('GET', `/api/news/${published.id}`)).statusCode).toBe(200);

    const all = (await req('GET', '/api/news?all=true&type=NORMAL&status=DRAFT&pageSize=100', staff)).json();
    expect(all.items.map((i: { id: number }) => i.id)).toContain(draft.id);
    expect(all.items.every((i: { status: string }) => i.status === 'DRAFT')).toBe(true);
    expect((await req('GET', '/api/news?all=true')).statusCode).toBe(401);
    expect((await req('GET', '/api/news?all=true', plain)).statusCode).toBe(403);

    // The scheduled item appears once its date has come.
    clock = new Date('2026-11-26T00:00:01Z');
    expect((await req('GET', `/api/news/${scheduled.id}`)).statusCode).toBe(200);
    clock = new Date('2026-11-25T17:30:00Z');
    const paged = (await req('GET', '/api/news?type=NORMAL&pageSize=1&page=2')).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect(newer.id).toBeGreaterThan(0);
  });

  it('keeps one about page (GIOI_THIEU) served at /api/news/about', async () => {
    expect((await req('GET', '/api/news/about')).statusCode).toBe(404);
    const about = await create({ name: 'Giới thiệu', type: 'GIOI_THIEU', content: '<p>Huyện Ba Chẽ</p>' });
    expect(await lastAudit()).toBe('Cập nhật trang giới thiệu');
    expect((await req('GET', '/api/news/about')).json()).toMatchObject({
      id: about.id,
      content: '<p>Huyện Ba Chẽ</p>',
    });
    const second = await req('POST', '/api/news', staff, body({ type: 'GIOI_THIEU' }));
    expect(second.statusCode).toBe(409);
    const upd = await req('PUT', `/api/news/${about.id}`, staff, body({ type: 'GIOI_THIEU', content: '<p>Mới</p>' }));
    expect(upd.statusCode).toBe(200);
    // Lists leave it out unless asked for.
    const list = (await req('GET', '/api/news?pageSize=100')).json();
    expect(list.items.some((i: { type: string }) => i.type === 'GIOI_THIEU')).toBe(false);
  });

  it('takes only PDFs for a directive document (DOCUMENT)', async () => {
    const pdf = await upload('Quyết định số 12_QĐ-UBND.pdf', PDF);
    const img = await upload('anh.png', await jpeg());
    const bad = await req('POST', '/api/news', staff, body({ type: 'DOCUMENT', files: [pdf, img] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'files.1', message: 'Văn bản chỉ đạo chỉ nhận tệp PDF' }]);
    const none = await req('POST', '/api/news', staff, body({ type: 'DOCUMENT', files: [] }));
    expect(none.json().fields[0].field).toBe('files');
    const badAvatar = await req('POST', '/api/news', staff, body({ avatar: pdf }));
    expect(badAvatar.json().fields[0].field).toBe('avatar');
    const doc = await create({ type: 'DOCUMENT', name: 'Quyết định 12', files: [pdf] });
    expect(doc.files).toEqual([pdf]);
    expect(await lastAudit()).toBe('Tạo văn bản chỉ đạo Quyết định 12');
    const docs = (await req('GET', '/api/news?type=DOCUMENT&pageSize=100')).json();
    expect(docs.items.map((i: { id: number }) => i.id)).toContain(doc.id);
    // The `document` view over it.
    const view = (await req('GET', '/api/document?pageSize=100')).json();
    expect(view.items.find((i: { id: number }) => i.id === doc.id)).toMatchObject({
      title: 'Quyết định 12',
      description: 'Mực nước dâng nhanh',
      path: pdf,
      files: [pdf],
      userName: staffName,
    });
    expect((await req('GET', `/api/document/${doc.id}`)).json().path).toBe(pdf);
    const draftDoc = await create({ type: 'DOCUMENT', name: 'Nháp', files: [pdf], status: 'DRAFT' });
    expect((await req('GET', `/api/document/${draftDoc.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/document/${draftDoc.id}`, staff)).statusCode).toBe(200);
    expect(
      (await req('GET', '/api/document?pageSize=100')).json().items.map((i: { id: number }) => i.id),
    ).not.toContain(draftDoc.id);
    expect((await req('GET', '/api/document/abc')).statusCode).toBe(400);
    // Attachments of any type for other news.
    expect((await req('POST', '/api/news', staff, body({ files: [pdf, img] }))).statusCode).toBe(200);
  });

  it('names the attachments of an item by the uploaded names, in order, the URL tail when the row is gone', async () => {
    const pdf = await upload('bao-cao_mua-lu.pdf', PDF);
    const img = await upload('Ảnh hiện trường.jpg', await jpeg());
    const lost = await upload('se-mat.pdf', PDF);
    const n = await create({ name: 'Có tệp đính kèm', files: [img, pdf, lost] });
    expect(n.attachments).toEqual([
      { url: img, name: 'Ảnh hiện trường.jpg' },
      { url: pdf, name: 'bao-cao_mua-lu.pdf' },
      { url: lost, name: 'se-mat.pdf' },
    ]);
    await ctx.db.delete(uploadedFiles).where(eq(uploadedFiles.id, lost.slice('/api/files/'.length)));
    const read = (await req('GET', `/api/news/${n.id}`)).json();
    expect(read.files).toEqual([img, pdf, lost]);
    expect(read.attachments).toEqual([
      { url: img, name: 'Ảnh hiện trường.jpg' },
      { url: pdf, name: 'bao-cao_mua-lu.pdf' },
      { url: lost, name: lost.slice('/api/files/'.length) },
    ]);
    // Lists stay summaries.
    const list = (await req('GET', '/api/news?pageSize=100')).json();
    expect(list.items.find((i: { id: number }) => i.id === n.id)).not.toHaveProperty('attachments');
    expect((await create({ name: 'Không tệp' })).attachments).toEqual([]);
  });

  it('counts views per item and per district day, and sums them for the statistics', async () => {
    const n = await create({ name: 'Đếm lượt xem', date: '2026-10-01T00:00:00Z' });
    const view = () => req('POST', '/api/view', undefined, { newsId: n.id });
    // Thursday 26/11 00:30 local: today.
    expect((await view()).json()).toEqual({ newsId: n.id, count: 1 });
    await view();
    // Wednesday 25/11 23:30 local: this week, not today.
    clock = new Date('2026-11-25T16:30:00Z');
    await view();
    // 31/10 local: this year only.
    clock = new Date('2026-10-31T10:00:00Z');
    await view();
    clock = new Date('2026-11-25T17:30:00Z');
    expect((await req('GET', `/api/view?newsId=${n.id}`)).json()).toEqual({ newsId: n.id, count: 4 });
    const stat = await req('GET', '/api/view-statistic', staff);
    expect(stat.statusCode).toBe(200);
    expect(stat.json()).toEqual({ today: 2, week: 3, month: 3, year: 4 });

    const draft = await create({ name: 'Nháp không đếm', status: 'DRAFT' });
    expect((await req('POST', '/api/view', undefined, { newsId: draft.id })).statusCode).toBe(404);
    // A staffer previewing the draft reads its count but adds no view.
    const preview = await req('POST', '/api/view', staff, { newsId: draft.id });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ newsId: draft.id, count: 0 });
    expect((await req('GET', `/api/view?newsId=${draft.id}`, staff)).json()).toEqual({ newsId: draft.id, count: 0 });
    expect((await req('POST', '/api/view', undefined, { newsId: 'abc' })).statusCode).toBe(400);
    expect((await req('GET', '/api/view')).json().fields[0].field).toBe('newsId');
    // Deleting the item removes its counts.
    await req('DELETE', `/api/news/${n.id}`, staff);
    expect((await req('GET', '/api/view-statistic', staff)).json()).toEqual({ today: 0, week: 0, month: 0, year: 0 });
  });

  it('401 anonymous, 403 without the news permission', async () => {
    for (const [method, url] of [
      ['POST', '/api/news'],
      ['PUT', '/api/news/1'],
      ['DELETE', '/api/news/1'],
      ['GET', '/api/view-statistic'],
    ] as const) {
      expect((await req(method, url, undefined, body())).statusCode).toBe(401);
      expect((await req(method, url, plain, body())).statusCode).toBe(403);
    }
    expect((await req('PUT', '/api/news/999999', staff, body())).statusCode).toBe(404);
    expect((await req('DELETE', '/api/news/999999', staff)).statusCode).toBe(404);
  });
});

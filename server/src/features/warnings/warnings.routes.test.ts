import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capProfileProblems, capSchemaErrors } from '../../test/cap-profile';
import { multipartFile } from '../../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { messageOutbox, smsRecipients } from '../alerts/sms-admin.table';
import { auditLogs } from '../audit/audit.table';

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const one = (xml: string, tag: string) => all(xml, tag)[0];

/** Thanh Sơn and Nam Sơn share a border; Lương Minh lies apart from Nam Sơn. */
const THANH_SON = '06973';
const NAM_SON = '06982';
const LUONG_MINH = '06985';
const TOWN = '06970';

let clockMs = Date.parse('2026-11-26T03:00:00Z');
let ctx: TestContext;
let composer: string;
let approver: string;
let composerId: number;
let plain: string;
let third: string;

beforeAll(async () => {
  ctx = await createTestApp(
    { DEMO: 'false', CAP_SENDER: 'canhbao@bache.example.vn', PUBLIC_URL: 'https://canhbao.bache.example.vn' },
    undefined,
    {
      now: () => new Date(clockMs),
      // The gateways are down: every message stays queued (PENDING), so what a cancel drops can be seen.
      sms: { name: 'down', send: () => Promise.reject(new Error('gateway down')) },
      email: { name: 'down', send: () => Promise.reject(new Error('gateway down')) },
      dispatch: { pollMs: 60_000, backoffMs: () => 3_600_000 },
    },
  );
  await ctx.app.ready();
  const a = await createUser(ctx.db, { functions: ['system', 'warning'], name: 'Nguyễn Văn Soạn' });
  const b = await createUser(ctx.db, { functions: ['system', 'warning'], name: 'Trần Thị Duyệt' });
  const c = await createUser(ctx.db, { functions: ['system', 'sms', 'news'] });
  const d = await createUser(ctx.db, { functions: ['system', 'warning'] });
  third = (await login(ctx.app, d.user.email, d.password)).token;
  composerId = a.user.id;
  composer = (await login(ctx.app, a.user.email, a.password)).token;
  approver = (await login(ctx.app, b.user.email, b.password)).token;
  plain = (await login(ctx.app, c.user.email, c.password)).token;
  // A recipient of one commune, through the SMS back office (its communes kept), and two more.
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/sms-user',
    headers: bearer(plain),
    payload: { name: 'Trưởng thôn Khe Lạc', phone: '0912345678', communes: [THANH_SON] },
  });
  expect(added.json()).toMatchObject({ communes: [THANH_SON] });
  await ctx.db.insert(smsRecipients).values([
    { name: 'Ban chỉ huy thị trấn', phone: '0912000111', communes: [TOWN] },
    { name: 'Văn phòng BCH PCTT', phone: '0912000222', email: 'pctt@bache.example.vn', communes: [] },
  ]);
});
afterAll(() => ctx?.close());

const iso = (minutesFromNow: number) => new Date(clockMs + minutesFromNow * 60_000).toISOString();
const body = (over: Record<string, unknown> = {}) => ({
  kind: 'flood',
  communes: [THANH_SON, NAM_SON],
  severityScale: 'level',
  severity: 2,
  headlineVi: 'Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông',
  descriptionVi: 'Mực nước sông Ba Chẽ tại cầu Ba Chẽ đạt 3,32 m lúc 10:00, trên báo động 2 0,32 m và đang lên.',
  instructionVi: 'Các hộ ven sông thôn Khe Lạc, Nà Làng di chuyển đến nhà văn hoá thôn trước 14:00.',
  effectiveAt: iso(0),
  expiresAt: iso(12 * 60),
  channels: ['banner', 'cap', 'sms', 'email'],
  ...over,
});
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as object });

describe('permissions', () => {
  it('composing and every staff call need `warning`', async () => {
    expect((await req('POST', '/api/warnings', undefined, body())).statusCode).toBe(401);
    expect((await req('POST', '/api/warnings', plain, body())).statusCode).toBe(403);
    expect((await req('GET', '/api/warnings', plain)).statusCode).toBe(403);
    const draft = (await req('POST', '/api/warnings', composer, body())).json();
    for (const [m, u, p] of [
      ['GET', `/api/warnings/${draft.id}`, undefined],
      ['PUT', `/api/warnings/${draft.id}`, body()],
      ['POST', `/api/warnings/${draft.id}/approve`, undefined],
      ['POST', `/api/warnings/${draft.id}/publish-urgent`, { reason: 'Lũ đang lên rất nhanh' }],
      ['POST', `/api/warnings/${draft.id}/cancel`, { reason: 'Thử quyền' }],
      ['DELETE', `/api/warnings/${draft.id}`, undefined],
    ] as const)
      expect((await req(m, u, plain, p)).statusCode, `${m} ${u}`).toBe(403);
    expect((await req('DELETE', `/api/warnings/${draft.id}`, composer)).statusCode).toBe(204);
  });

  it('a composer cannot approve their own draft, nor whoever edited it last', async () => {
    const draft = (await req('POST', '/api/warnings', composer, body({ channels: ['banner'] }))).json();
    const own = await req('POST', `/api/warnings/${draft.id}/approve`, composer);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('Người soạn hoặc người sửa bản nháp không thể tự duyệt');
    // The second officer edits the draft: now neither may approve it alone.
    expect(
      (await req('PUT', `/api/warnings/${draft.id}`, approver, body({ severity: 3, channels: ['banner'] }))).statusCode,
    ).toBe(200);
    expect((await req('POST', `/api/warnings/${draft.id}/approve`, approver)).statusCode).toBe(403);
    expect((await req('POST', `/api/warnings/${draft.id}/approve`, composer)).statusCode).toBe(403);
    expect((await req('POST', `/api/warnings/${draft.id}/approve`, third)).statusCode).toBe(200);
    await req('POST', `/api/warnings/${draft.id}/cancel`, composer, { reason: 'Dọn dữ liệu thử' });
  });
});

describe('validation', () => {
  it('names the field of a bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ communes: [] }, 'communes'],
      [{ communes: ['99999'] }, 'communes'],
      [{ severity: 5 }, 'severity'],
      [{ severityScale: 'risk', severity: 3 }, 'source'],
      [{ expiresAt: iso(-10) }, 'expiresAt'],
      [{ expiresAt: iso(8 * 24 * 60) }, 'expiresAt'],
      [{ headlineVi: '' }, 'headlineVi'],
      [{ channels: [] }, 'channels'],
      [
        {
          communes: [],
          polygon: [
            [107.2, 21.3],
            [107.3, 21.35],
            [107.3, 21.3],
            [107.2, 21.35],
            [107.2, 21.3],
          ],
        },
        'polygon',
      ],
      [
        {
          communes: [],
          polygon: [
            [105.1, 20.1],
            [105.2, 20.1],
            [105.2, 20.2],
            [105.1, 20.1],
          ],
        },
        'polygon',
      ],
      [{ attachmentId: 'a'.repeat(32) }, 'attachmentId'],
    ];
    for (const [over, field] of cases) {
      const res = await req('POST', '/api/warnings', composer, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(
        res.json().fields.map((f: { field: string }) => f.field),
        JSON.stringify(over),
      ).toContain(field);
    }
  });
});

describe('compose, approve, update, cancel', () => {
  let id: number;

  it('a draft is not public: no banner, no page, no CAP, no message', async () => {
    const res = await req('POST', '/api/warnings', composer, body());
    expect(res.statusCode).toBe(201);
    const w = res.json();
    id = w.id;
    expect(w.status).toBe('draft');
    expect(w.createdBy).toBe('Nguyễn Văn Soạn');
    expect(w.area.names).toEqual(['Thanh Sơn', 'Nam Sơn']);
    expect((await req('GET', '/api/warnings/active')).json()).toEqual([]);
    const missing = await req('GET', `/canh-bao/${id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Không tìm thấy cảnh báo');
    expect(all((await req('GET', '/api/cap')).body, 'entry')).toHaveLength(0);
    expect(await ctx.db.select().from(messageOutbox)).toHaveLength(0);
  });

  it('a second officer approves it: banner, public page, one CAP Alert for the two neighbouring communes, SMS to their recipients', async () => {
    const res = await req('POST', `/api/warnings/${id}/approve`, approver);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('active');
    expect(res.json().approvedBy).toBe('Trần Thị Duyệt');

    const active = (await req('GET', '/api/warnings/active')).json();
    expect(active.map((w: { id: number }) => w.id)).toEqual([id]);
    expect(active[0].area.geometry.type).toBe('MultiPolygon');
    expect(active[0].area.geometry.coordinates).toHaveLength(2);

    const page = await req('GET', `/canh-bao/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Đang hiệu lực');
    expect(page.body).toContain('Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông');
    expect(page.body).toContain('Thanh Sơn, Nam Sơn');
    expect(page.body).toContain('<a href="/dang-ky-canh-bao">Đăng ký nhận cảnh báo</a>');
    expect(page.body).not.toContain('<script');

    const feed = (await req('GET', '/api/cap')).body;
    const entries = all(feed, 'entry');
    expect(entries).toHaveLength(1);
    expect(one(entries[0]!, 'title')).toBe(
      'Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông – Thanh Sơn, Nam Sơn – Quảng Ninh',
    );
    const href = /href="([^"]+)"/.exec(entries[0]!)![1]!;
    const xml = (await req('GET', new URL(href).pathname)).body;
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(capProfileProblems(xml)).toEqual([]);
    expect(one(xml, 'msgType')).toBe('Alert');
    expect(one(xml, 'status')).toBe('Actual');
    expect(one(xml, 'areaDesc')).toBe('Thanh Sơn, Nam Sơn – Quảng Ninh');
    expect(one(xml, 'areaDesc')!.length).toBeLessThan(50);
    expect(one(xml, 'expires')).toBe('2026-11-26T22:00:00+07:00');
    expect(all(xml, 'polygon')).toHaveLength(2);
    expect(all(xml, 'info')).toHaveLength(1); // no English written: Vietnamese only
    expect(one(xml, 'value')).toBe('FLOOD');

    const sent = await ctx.db.select().from(messageOutbox).orderBy(asc(messageOutbox.id));
    expect(sent.map((m) => [m.name, m.channel, m.purpose])).toEqual([
      ['Trưởng thôn Khe Lạc', 'sms', 'alert'],
      ['Văn phòng BCH PCTT', 'sms', 'alert'],
      ['Văn phòng BCH PCTT', 'email', 'alert'],
    ]);
    const sms = sent[0]!.body;
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(/^[\x20-\x7e]+$/);
    expect(sms).toContain('CANH BAO LU (Bao dong 2) Thanh Son, Nam Son:');
    expect(sms).toContain(`https://canhbao.bache.example.vn/canh-bao/${id}`);
    const audit = await ctx.db.select().from(auditLogs);
    expect(audit.map((a) => a.content)).toContain(
      `Duyệt và phát cảnh báo #${id} (Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông)`,
    );
  });

  it('an update sends a CAP Update that references the Alert, and an update SMS', async () => {
    clockMs += 30 * 60_000;
    const res = await req('POST', `/api/warnings/${id}/update`, composer, {
      warning: body({
        severity: 3,
        headlineVi: 'Lũ lên báo động 3: sơ tán ngay các hộ ven sông',
        expiresAt: iso(18 * 60),
      }),
      note: 'Nước lên báo động 3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(2);
    const entries = all((await req('GET', '/api/cap')).body, 'entry');
    expect(entries).toHaveLength(2);
    const [updateHref, alertHref] = entries.map((e) => new URL(/href="([^"]+)"/.exec(e)![1]!).pathname);
    const update = (await req('GET', updateHref!)).body;
    expect(await capSchemaErrors(update)).toEqual([]);
    expect(capProfileProblems(update)).toEqual([]);
    expect(one(update, 'msgType')).toBe('Update');
    expect(one(update, 'severity')).toBe('Extreme');
    expect(one(update, 'note')).toBe('Nước lên báo động 3');
    const alertId = /(\d+)\.xml$/.exec(alertHref!)![1];
    expect(one(update, 'references')).toMatch(
      new RegExp(
        `^canhbao@bache\\.example\\.vn,canhbao@bache\\.example\\.vn:cap:${alertId},2026-11-26T10:00:00\\+07:00$`,
      ),
    );
    const page = (await req('GET', `/canh-bao/${id}`)).body;
    expect(page).toContain('Lũ lên báo động 3: sơ tán ngay các hộ ven sông');
    expect(page).toContain('Lần 1');
    const updates = await ctx.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.purpose, 'update'))
      .orderBy(asc(messageOutbox.id));
    expect(updates).toHaveLength(3);
    expect(updates[0]!.body).toMatch(/^CAP NHAT CANH BAO LU \(Bao dong 3\)/);
  });

  it('a cancel sends a CAP Cancel and a cancel SMS, drops what was not sent, and the public side says so', async () => {
    clockMs += 30 * 60_000;
    const res = await req('POST', `/api/warnings/${id}/cancel`, approver, { reason: 'Nước đã rút dưới báo động 1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await req('GET', '/api/warnings/active')).json()).toEqual([]);
    const page = (await req('GET', `/canh-bao/${id}`)).body;
    expect(page).toContain('Đã huỷ');
    expect(page).toContain('Nước đã rút dưới báo động 1');
    const entries = all((await req('GET', '/api/cap')).body, 'entry');
    expect(entries.map((e) => /<category term="(\w+)"\/>/.exec(e)?.[1])).toEqual(['Cancel', 'Update', 'Alert']);
    const cancel = (await req('GET', new URL(/href="([^"]+)"/.exec(entries[0]!)![1]!).pathname)).body;
    expect(await capSchemaErrors(cancel)).toEqual([]);
    expect(capProfileProblems(cancel)).toEqual([]);
    expect(one(cancel, 'msgType')).toBe('Cancel');
    expect(one(cancel, 'responseType')).toBe('AllClear');
    expect(one(cancel, 'references')!.split(' ')).toHaveLength(2);
    const rows = await ctx.db.select().from(messageOutbox).orderBy(asc(messageOutbox.id));
    // Nothing was sent (the dispatcher sleeps in this test): the warning's and the update's messages are dropped.
    expect(rows.filter((r) => r.status === 'CANCELLED')).toHaveLength(6);
    const cancels = rows.filter((r) => r.purpose === 'cancel');
    expect(cancels).toHaveLength(3);
    expect(cancels[0]!.body).toMatch(/^HUY CANH BAO LU Thanh Son, Nam Son: Nuoc da rut duoi bao dong 1\. https/);
    expect((await req('POST', `/api/warnings/${id}/cancel`, approver, { reason: 'Lần nữa' })).statusCode).toBe(409);

    const detail = (await req('GET', `/api/warnings/${id}`, composer)).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(['created', 'approved', 'updated', 'cancelled']);
    expect(detail.capMessages.map((m: { msgType: string }) => m.msgType)).toEqual(['Alert', 'Update', 'Cancel']);
  });
});

describe('urgent publication, areas, expiry', () => {
  it('the composer publishes alone only as urgent, with a reason in the audit', async () => {
    const draft = (await req('POST', '/api/warnings', composer, body({ channels: ['banner'] }))).json();
    expect(
      (await req('POST', `/api/warnings/${draft.id}/publish-urgent`, composer, { reason: 'gấp' })).statusCode,
    ).toBe(400);
    const res = await req('POST', `/api/warnings/${draft.id}/publish-urgent`, composer, {
      reason: 'Lũ quét đang xảy ra, không kịp chờ duyệt',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().urgentReason).toBe('Lũ quét đang xảy ra, không kịp chờ duyệt');
    expect(res.json().approvedBy).toBeNull();
    const audit = (await ctx.db.select().from(auditLogs)).map((a) => a.content);
    expect(
      audit.some(
        (a) => a.startsWith(`Phát khẩn cảnh báo (không chờ duyệt) #${draft.id}`) && a.includes('Lũ quét đang xảy ra'),
      ),
    ).toBe(true);
    await req('POST', `/api/warnings/${draft.id}/cancel`, composer, { reason: 'Dọn dữ liệu thử' });
  });

  it('communes apart make one CAP alert per contiguous area', async () => {
    const draft = (
      await req('POST', '/api/warnings', composer, body({ communes: [LUONG_MINH, NAM_SON], channels: ['cap'] }))
    ).json();
    await req('POST', `/api/warnings/${draft.id}/approve`, approver);
    const detail = (await req('GET', `/api/warnings/${draft.id}`, composer)).json();
    expect(detail.capMessages).toHaveLength(2);
    const descs = await Promise.all(
      detail.capMessages.map(async (m: { url: string }) => {
        const xml = (await req('GET', m.url)).body;
        expect(await capSchemaErrors(xml)).toEqual([]);
        expect(capProfileProblems(xml)).toEqual([]);
        expect(all(xml, 'area')).toHaveLength(1);
        return one(xml, 'areaDesc');
      }),
    );
    expect(descs.sort()).toEqual(['Lương Minh – Quảng Ninh', 'Nam Sơn – Quảng Ninh']);
    // Not on the banner channel: not on the banner.
    expect((await req('GET', '/api/warnings/active')).json().map((w: { id: number }) => w.id)).not.toContain(draft.id);
    await req('POST', `/api/warnings/${draft.id}/cancel`, composer, { reason: 'Dọn dữ liệu thử' });
  });

  it('a polygon drawn on the map is one area; the warning leaves the banner by itself when it expires', async () => {
    const ring = [
      [107.2, 21.28],
      [107.24, 21.28],
      [107.24, 21.31],
      [107.2, 21.31],
      [107.2, 21.28],
    ];
    const draft = (
      await req(
        'POST',
        '/api/warnings',
        composer,
        body({ communes: [], polygon: ring, kind: 'landslide', severity: 2, expiresAt: iso(60) }),
      )
    ).json();
    expect(draft.area.geometry.type).toBe('Polygon');
    expect(draft.area.names.length).toBeGreaterThan(0);
    await req('POST', `/api/warnings/${draft.id}/approve`, approver);
    expect((await req('GET', '/api/warnings/active')).json().map((w: { id: number }) => w.id)).toEqual([draft.id]);
    const detail = (await req('GET', `/api/warnings/${draft.id}`, composer)).json();
    const xml = (await req('GET', detail.capMessages[0].url)).body;
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(capProfileProblems(xml)).toEqual([]);
    expect(one(xml, 'category')).toBe('Geo');
    expect(one(xml, 'polygon')).toBe('21.28,107.2 21.28,107.24 21.31,107.24 21.31,107.2 21.28,107.2');
    clockMs += 61 * 60_000;
    expect((await req('GET', '/api/warnings/active')).json()).toEqual([]);
    expect((await req('GET', `/api/warnings/${draft.id}`, composer)).json().status).toBe('expired');
    expect((await req('GET', `/canh-bao/${draft.id}`)).body).toContain('Hết hiệu lực');
  });

  it('attaches the official bulletin: a PDF uploaded by an officer, named in the CAP resource and on the page', async () => {
    const upload = (name: string, content: Buffer) => {
      const form = multipartFile('file', name, content);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...bearer(composer), ...form.headers },
        payload: form.payload,
      });
    };
    const pdf = await upload('Bản tin lũ số 3.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(pdf.statusCode).toBe(200);
    // A Word file is a valid upload, but not the bulletin a warning carries.
    const doc = await upload(
      'bản tin.doc',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]),
    );
    expect(doc.statusCode).toBe(200);
    const refused = await req('POST', '/api/warnings', composer, body({ attachmentId: doc.json().id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0]).toEqual({ field: 'attachmentId', message: 'Bản tin đính kèm phải là tệp PDF' });
    const draft = (
      await req('POST', '/api/warnings', composer, body({ channels: ['cap', 'banner'], attachmentId: pdf.json().id }))
    ).json();
    expect(draft.attachmentName).toBe('Bản tin lũ số 3.pdf');
    await req('POST', `/api/warnings/${draft.id}/approve`, approver);
    const detail = (await req('GET', `/api/warnings/${draft.id}`, composer)).json();
    const xml = (await req('GET', detail.capMessages[0].url)).body;
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(capProfileProblems(xml)).toEqual([]);
    expect(one(xml, 'mimeType')).toBe('application/pdf');
    expect(one(xml, 'uri')).toBe(`https://canhbao.bache.example.vn/api/files/${pdf.json().id}`);
    expect((await req('GET', `/canh-bao/${draft.id}`)).body).toContain(`href="/api/files/${pdf.json().id}"`);
    await req('POST', `/api/warnings/${draft.id}/cancel`, composer, { reason: 'Dọn dữ liệu thử' });
  });

  it('two approvals at once publish once', async () => {
    const draft = (await req('POST', '/api/warnings', composer, body({ channels: ['cap'] }))).json();
    const results = await Promise.all([
      req('POST', `/api/warnings/${draft.id}/approve`, approver),
      req('POST', `/api/warnings/${draft.id}/approve`, third),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const detail = (await req('GET', `/api/warnings/${draft.id}`, composer)).json();
    expect(detail.capMessages).toHaveLength(1);
    expect(detail.events.filter((e: { type: string }) => e.type === 'approved')).toHaveLength(1);
    expect(composerId).toBeGreaterThan(0);
  });
});

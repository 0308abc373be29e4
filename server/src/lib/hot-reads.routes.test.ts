import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, multipartForm } from '../test/multipart';
import { bearer, createTestApp, createUser, login, type TestContext } from '../test/test-app';

// #25, point 5: every anonymous read kept as prepared bytes, through the real HTTP layer. For each read: the kept
// answer is the route's own (body and the headers that matter, in every encoding), and a change is on the very next read.

// 26/11/2026 10:00 in the district (UTC+7).
let clockMs = Date.parse('2026-11-26T03:00:00Z');
let ctx: TestContext;
let base: string;
let staff: Record<string, string>;
let approver: Record<string, string>;
const pushKey: Record<string, string> = {};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  /** The body decoded from its content-encoding. */
  text: string;
}

/** A GET over a real socket, bytes as sent (no decompression by the client). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const plain = enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: plain.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const answered = () => ctx.app.hotReads.answered();

/** Reads until the lane answers (the route's answer is kept once compressed, off the request). */
async function kept(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  for (let i = 0; i < 100; i++) {
    const before = answered();
    const res = await get(path, headers);
    if (answered() > before) return res;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${path} was never answered from kept bytes`);
}

/** A read the route answered (not the lane). */
async function fromRoute(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const before = answered();
  const res = await get(path, headers);
  expect(answered(), `${path} was answered from kept bytes`).toBe(before);
  return res;
}

/** The headers a browser, a CDN or a client acts on. */
const MATTER = [
  'content-type',
  'cache-control',
  'etag',
  'vary',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
];
const mattering = (a: Answer) => Object.fromEntries(MATTER.map((h) => [h, a.headers[h]]));
const vary = (a: Answer) =>
  String(a.headers.vary ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s !== 'accept-encoding')
    .sort();

/**
 * The route's answer, then the kept one: the same body and headers, in identity, gzip and br; the kept answer
 * compressed when it is large enough; a 304 for its ETag; a signed-in caller still goes to the route.
 */
async function expectKeptLikeRoute(path: string, headers: Record<string, string> = {}) {
  const route = await fromRoute(path, headers);
  expect(route.status, route.text).toBe(200);
  const lane = await kept(path, headers);
  expect(lane.status).toBe(200);
  expect(lane.text).toBe(route.text);
  const { vary: _a, ...routeRest } = mattering(route);
  const { vary: _b, ...laneRest } = mattering(lane);
  expect(laneRest).toEqual(routeRest);
  expect(vary(lane)).toEqual(vary(route));
  expect(lane.headers['x-request-id']).toBeTruthy();
  expect(lane.headers['x-request-id']).not.toBe(route.headers['x-request-id']);
  for (const enc of ['gzip', 'br'] as const) {
    const before = answered();
    const res = await get(path, { ...headers, 'accept-encoding': enc });
    expect(answered()).toBe(before + 1);
    expect(res.text).toBe(route.text);
    expect(res.headers['content-encoding']).toBe(Buffer.byteLength(route.text) >= 1024 ? enc : undefined);
    expect(res.headers['content-type']).toBe(route.headers['content-type']);
    if (res.headers['content-encoding']) expect(String(res.headers.vary)).toContain('accept-encoding');
  }
  if (route.headers.etag) {
    const again = await get(path, { ...headers, 'if-none-match': String(route.headers.etag) });
    expect(again.status).toBe(304);
  }
  await fromRoute(path, { ...headers, ...staff });
  return lane;
}

beforeAll(async () => {
  ctx = await createTestApp({ DEMO: 'false' }, undefined, {
    now: () => new Date(clockMs),
    sms: { name: 'down', send: () => Promise.reject(new Error('gateway down')) },
    email: { name: 'down', send: () => Promise.reject(new Error('gateway down')) },
    dispatch: { pollMs: 60_000, backoffMs: () => 3_600_000 },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const a = await createUser(ctx.db, { functions: ['system', 'database', 'news', 'warning'], name: 'Cán bộ A' });
  const b = await createUser(ctx.db, { functions: ['system', 'warning'], name: 'Cán bộ B' });
  staff = bearer((await login(ctx.app, a.user.email, a.password)).token);
  approver = bearer((await login(ctx.app, b.user.email, b.password)).token);
  for (const s of [
    { code: 'F01024', name: 'Trạm cầu Ba Chẽ', warningLevel1: 300, warningLevel2: 400, warningLevel3: 500 },
    { code: 'F00001', name: 'Trạm mưa Thanh Sơn' },
  ]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: staff,
      payload: { description: 'Trạm đo', lat: 21.27, long: 107.28, ...s },
    });
    expect(res.statusCode, res.body).toBe(200);
    pushKey[s.code] = res.json().pushKey;
  }
  await push('F01024', '09', '50', '210');
  await push('F00001', '09', '50', '2');
});
afterAll(() => ctx?.close());

/** A reading pushed as a logger does (district time on 26/11/2026). */
async function push(code: string, hour: string, minute: string, value: string) {
  const path = code.startsWith('F00') ? 'receive-rain' : 'receive-water-level';
  const q = new URLSearchParams({ stationCode: code, date: '26/11/2026', hour, minute, value, key: pushKey[code]! });
  const res = await get(`/api/${path}?${q}`);
  expect(res.status, res.text).toBe(200);
}
const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, headers = staff) => {
  const res = await ctx.app.inject({ method, url, headers, payload: payload as object });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe('the front door', () => {
  it('answers a kept read over HTTP before Fastify; the same read through inject takes Fastify’s lane', async () => {
    await kept('/api/app-info?door=1');
    const door = ctx.app.hotReads.answeredAtDoor();
    const all = answered();
    expect((await get('/api/app-info?door=1')).status).toBe(200);
    expect(ctx.app.hotReads.answeredAtDoor()).toBe(door + 1);
    const injected = await ctx.app.inject({ url: '/api/app-info?door=1' });
    expect(injected.statusCode).toBe(200);
    expect(answered()).toBe(all + 2);
    expect(ctx.app.hotReads.answeredAtDoor()).toBe(door + 1);
    // An API lane of a feature (the news list) once seen in front of its public route.
    const url = '/api/news?page=1&pageSize=5&type=NORMAL';
    await kept(url);
    const before = ctx.app.hotReads.answeredAtDoor();
    await get(url);
    expect(ctx.app.hotReads.answeredAtDoor()).toBe(before + 1);
  });
});

describe('open data', () => {
  it('the stations, JSON and CSV: the route’s answer kept; a reading pushed is on the next read', async () => {
    const json = await expectKeptLikeRoute('/api/open/stations');
    expect(JSON.parse(json.text).items.find((s: { code: string }) => s.code === 'F01024').latestValue).toBe(2.1);
    const csv = await expectKeptLikeRoute('/api/open/stations', { accept: 'text/csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('F01024');
    // JSON and CSV of the same URL are kept apart (by Accept).
    expect((await kept('/api/open/stations')).headers['content-type']).toContain('application/json');
    await push('F01024', '09', '55', '260');
    const next = await fromRoute('/api/open/stations');
    expect(JSON.parse(next.text).items.find((s: { code: string }) => s.code === 'F01024').latestValue).toBe(2.6);
    expect((await fromRoute('/api/open/stations', { accept: 'text/csv' })).text).toContain('2.6');
  });

  it("a station's readings: kept; a reading pushed is on the next read", async () => {
    const url = '/api/open/readings?station=F01024&since=2026-11-26T00:00:00Z';
    const first = JSON.parse((await expectKeptLikeRoute(url)).text);
    await push('F01024', '09', '58', '275');
    const next = JSON.parse((await fromRoute(url)).text);
    expect(next.items).toHaveLength(first.items.length + 1);
    expect(next.items.at(-1).value).toBe(2.75);
    // The default window moves with the clock: kept one second at most.
    await expectKeptLikeRoute('/api/open/readings?station=F01024');
    clockMs += 1_000;
    await fromRoute('/api/open/readings?station=F01024');
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('news and documents', () => {
  const item = (over: Record<string, unknown>) => ({
    name: 'Cảnh báo lũ trên sông Ba Chẽ',
    sapo: 'Mực nước dâng nhanh',
    author: 'Ban chỉ huy PCTT',
    content: `<p>${'Người dân chú ý an toàn. '.repeat(60)}</p>`,
    date: '2026-11-25T10:00:00Z',
    status: 'PUBLISH',
    type: 'WARNING',
    ...over,
  });

  it('an article: kept; an edit is on the next read, a draft is never shown to a visitor', async () => {
    const n = await send('POST', '/api/news', item({}));
    await expectKeptLikeRoute(`/api/news/${n.id}`);
    await send('PUT', `/api/news/${n.id}`, item({ name: 'Lũ đã rút' }));
    expect(JSON.parse((await fromRoute(`/api/news/${n.id}`)).text).name).toBe('Lũ đã rút');
    await send('PUT', `/api/news/${n.id}`, item({ name: 'Lũ đã rút', status: 'DRAFT' }));
    expect((await fromRoute(`/api/news/${n.id}`)).status).toBe(404);
    // Staff still read the draft through the route.
    expect((await fromRoute(`/api/news/${n.id}`, staff)).status).toBe(200);
  });

  it('the about page: kept; an edit is on the next read', async () => {
    const about = await send('POST', '/api/news', item({ name: 'Giới thiệu', type: 'GIOI_THIEU' }));
    await expectKeptLikeRoute('/api/news/about');
    await send('PUT', `/api/news/${about.id}`, item({ name: 'Giới thiệu huyện Ba Chẽ', type: 'GIOI_THIEU' }));
    expect(JSON.parse((await fromRoute('/api/news/about')).text).name).toBe('Giới thiệu huyện Ba Chẽ');
  });

  it('the directive documents and one document: kept; a document published is on the next read', async () => {
    const form = multipartFile('file', 'cong-dien.pdf', PDF);
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(file.statusCode, file.body).toBe(200);
    const files = [file.json().url];
    // The PDF itself: kept with the route's own headers (named, sandboxed, immutable; no Vary).
    const pdf = await expectKeptLikeRoute(file.json().url);
    expect(pdf.raw.equals(PDF)).toBe(true);
    expect(pdf.headers['content-disposition']).toContain('cong-dien.pdf');
    expect(pdf.headers.vary).toBeUndefined();
    const d = await send('POST', '/api/news', item({ name: 'Công điện số 1', type: 'DOCUMENT', files }));
    const list = JSON.parse((await expectKeptLikeRoute('/api/document?pageSize=20')).text);
    await expectKeptLikeRoute(`/api/document/${d.id}`);
    await send('POST', '/api/news', item({ name: 'Công điện số 2', type: 'DOCUMENT', files }));
    const next = JSON.parse((await fromRoute('/api/document?pageSize=20')).text);
    expect(next.total).toBe(list.total + 1);
  });
});

describe('warnings and CAP', () => {
  const THANH_SON = '06973';
  const warning = () => ({
    kind: 'flood',
    communes: [THANH_SON],
    severityScale: 'level',
    severity: 2,
    headlineVi: 'Lũ trên sông Ba Chẽ lên báo động 2',
    descriptionVi: 'Mực nước sông Ba Chẽ tại cầu Ba Chẽ đạt 3,32 m lúc 10:00.',
    instructionVi: 'Các hộ ven sông di chuyển đến nhà văn hoá thôn.',
    effectiveAt: new Date(clockMs).toISOString(),
    expiresAt: new Date(clockMs + 12 * 3_600_000).toISOString(),
    channels: ['banner', 'cap'],
  });

  it('the active warnings, the CAP feed, a CAP message and the warning page: kept; an issue and a cancel are on the next read', async () => {
    const active = await expectKeptLikeRoute('/api/warnings/active');
    expect(JSON.parse(active.text)).toEqual([]);
    const feed = await expectKeptLikeRoute('/api/cap');
    expect(feed.text).not.toContain('<entry>');

    const draft = await send('POST', '/api/warnings', warning());
    await send('POST', `/api/warnings/${draft.id}/approve`, {}, approver);
    const issued = JSON.parse((await fromRoute('/api/warnings/active')).text);
    expect(issued.map((w: { id: number }) => w.id)).toEqual([draft.id]);
    const withEntry = await fromRoute('/api/cap');
    expect(withEntry.text).toContain('<entry>');
    const capUrl = /<link[^>]*href="https?:\/\/[^/]+(\/api\/cap\/\d+\.xml)"/.exec(withEntry.text)?.[1];
    expect(capUrl).toBeTruthy();
    await expectKeptLikeRoute(capUrl!);
    const page = await expectKeptLikeRoute(`/canh-bao/${draft.id}`);
    expect(page.text).toContain('Đang hiệu lực');
    // Another host is another answer (the links name it).
    const other = await get('/api/cap', { host: 'canhbao.example.vn' });
    expect(other.text).toContain('http://canhbao.example.vn/api/cap/');

    await send('POST', `/api/warnings/${draft.id}/cancel`, { reason: 'Nước đã rút' }, approver);
    expect(JSON.parse((await fromRoute('/api/warnings/active')).text)).toEqual([]);
    expect((await fromRoute('/api/cap')).text).toMatch(/<entry>[\s\S]*<entry>/);
    expect((await fromRoute(`/canh-bao/${draft.id}`)).text).not.toContain('Đang hiệu lực');
  });

  it('the active automatic alerts and the communes: kept like the route', async () => {
    await expectKeptLikeRoute('/api/alerts/active');
    await expectKeptLikeRoute('/api/communes');
  });
});

describe('what every page asks for', () => {
  it('the station list: kept; a station added is on the next read', async () => {
    const before = JSON.parse((await expectKeptLikeRoute('/api/station?pageSize=100')).text);
    await send('POST', '/api/station', {
      code: 'F01077',
      name: 'Trạm Nam Sơn',
      description: 'Trạm đo',
      lat: 21.3,
      long: 107.3,
    });
    expect(JSON.parse((await fromRoute('/api/station?pageSize=100')).text).total).toBe(before.total + 1);
  });

  it('the thresholds: kept; a change is on the next read', async () => {
    const before = JSON.parse((await expectKeptLikeRoute('/api/web-parameters')).text);
    await send('PUT', '/api/system-parameter/2', {
      name: 'Web Parameters',
      objectValue: { ...before, rainVeryHigh: before.rainVeryHigh + 1 },
    });
    const after = JSON.parse((await fromRoute('/api/web-parameters')).text);
    expect(after.rainVeryHigh).toBe(before.rainVeryHigh + 1);
  });

  it('the app info: kept like the route', async () => {
    await expectKeptLikeRoute('/api/app-info');
  });
});

describe('geodata', () => {
  it('the list of a type: kept; a layer uploaded is on the next read', async () => {
    const url = '/api/geojson?type=OTHER&pageSize=50';
    const before = JSON.parse((await expectKeptLikeRoute(url)).text);
    const form = multipartForm(
      { type: 'OTHER' },
      { name: 'diem-so-tan.geojson', content: JSON.stringify({ type: 'FeatureCollection', features: [] }) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/geojson',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = JSON.parse((await fromRoute(url)).text);
    expect(after.total).toBe(before.total + 1);
    // Deleted: gone on the next read.
    await kept(url);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/geojson/${res.json().id}`, headers: staff })).statusCode,
    ).toBe(200);
    expect(JSON.parse((await fromRoute(url)).text).total).toBe(before.total);
  });

  it('a layer file: kept with its own headers (a sandboxing CSP); deleted, it is a 404 on the next read', async () => {
    const features = Array.from({ length: 40 }, (_, i) => ({
      type: 'Feature',
      properties: { name: `Điểm sơ tán ${i}` },
      geometry: { type: 'Point', coordinates: [107.26 + i * 0.001, 21.27] },
    }));
    const form = multipartForm(
      { type: 'OTHER' },
      { name: 'diem-so-tan.geojson', content: JSON.stringify({ type: 'FeatureCollection', features }) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/geojson',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json();
    expect(url).toMatch(/^\/api\/geojson\/[a-f0-9]{32}\.geojson$/);
    const lane = await expectKeptLikeRoute(url);
    expect(lane.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(JSON.parse(lane.text).features).toHaveLength(40);
    // ?download=1 is the route's (it names the file).
    expect((await fromRoute(`${url}?download=1`)).headers['content-disposition']).toContain('attachment');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/geojson/${id}`, headers: staff })).statusCode).toBe(
      200,
    );
    expect((await fromRoute(url)).status).toBe(404);
  });
});

import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AreaSettingsBody, DEFAULT_AREA, ROUTE_TEXT } from '@flood/domain';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailGateway } from '../../lib/email-gateway';
import type { SmsMessage } from '../../lib/sms-gateway';
import { createMemoryStorage } from '../../lib/storage';
import { createStation, ONE_READING_ALERTS, setWebParameters } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { pushTime } from '../../test/push-time';
import { bearer, createTestApp, createUser, login, solveHumanCheck, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';

/** The three communes of 2025 (Resolution 1679/NQ-UBTVQH15) as simple boxes, properties as a department names them. */
const COMMUNES_2025 = readFileSync(new URL('../geodata/test-files/communes-wgs84.geojson', import.meta.url));

/** A page shell with the markers the server fills with the area's names (web/index.html has the same). */
const SHELL =
  '<!doctype html><html lang="vi"><head><meta name="description" content="x" /><title>x</title></head>' +
  '<body><div id="root"><header class="app-header"><span class="brand-name">x</span></header>' +
  '<main id="main-content" class="app-main"></main></div></body></html>';

const storage = createMemoryStorage();
const sms: SmsMessage[] = [];
const mails: Parameters<EmailGateway['send']>[0][] = [];
let ctx: TestContext;
let webDir: string;
let admin: Record<string, string>;
let officer: Record<string, string>;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'flood-area-web-'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  await writeFile(
    path.join(webDir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'x', short_name: 'x', description: 'x', start_url: '/dashboard' }),
  );
  ctx = await createTestApp({ WEB_DIST: webDir }, undefined, {
    storage,
    sms: { name: 'fake-sms', send: async (m) => void sms.push(m) },
    email: { name: 'fake-mail', send: async (m) => void mails.push(m) },
  });
  const a = await createUser(ctx.db, { functions: ['system', 'user', 'database'], name: 'Quản trị cổng' });
  const o = await createUser(ctx.db, { functions: ['system', 'database', 'sms', 'warning'] });
  admin = bearer((await login(ctx.app, a.user.email, a.password)).token);
  officer = bearer((await login(ctx.app, o.user.email, o.password)).token);
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const put = (body: unknown, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/area', headers, payload: body as object });
/** A file uploaded to the file manager by the administrator. */
const upload = (fields: Record<string, string>, file: { name: string; content: Buffer | string }) => {
  const form = multipartForm(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/geojson',
    headers: { ...admin, ...form.headers },
    payload: form.payload,
  });
};
const fieldsOf = (res: { json(): { fields?: { field: string }[] } }) => res.json().fields?.map((f) => f.field);

/** The portal as the three communes of Ba Chẽ would run it since 1 July 2025. */
const NEW_AREA: AreaSettingsBody = {
  portalName: 'Cảnh báo lũ, mưa các xã Ba Chẽ, Kỳ Thượng, Lương Minh',
  portalNameEn: 'Flood & Rain Warning of Ba Che, Ky Thuong and Luong Minh',
  areaName: 'các xã Ba Chẽ, Kỳ Thượng, Lương Minh',
  areaNameEn: 'Ba Che, Ky Thuong and Luong Minh communes',
  shortName: 'Ba Chẽ mới',
  province: 'Quảng Ninh',
  operator: 'Ủy ban nhân dân xã Ba Chẽ',
  unitCodeProperty: 'ma_xa',
  unitNameProperty: 'ten_xa',
  units: [
    { code: '06978', name: 'Ba Chẽ', type: 'XA' },
    { code: '06979', name: 'Kỳ Thượng', type: 'XA' },
    { code: '06985', name: 'Lương Minh', type: 'XA' },
  ],
  center: { lat: 21.27, lng: 107.26 },
  zoom: 11,
};

/** West of the three new communes (their boxes start at 107.08°E) but inside the former district's extent. */
const WEST_OF_NEW = { lat: 21.2, lng: 106.99 };

describe('the area (#26 point 1)', () => {
  it('is the former Ba Chẽ district, its seven pre-2025 units, until staff set one', async () => {
    const res = await get('/api/area');
    expect(res.statusCode).toBe(200);
    const area = res.json();
    expect(area).toMatchObject({ isDefault: true, updatedAt: null, unitsWithoutBoundary: [] });
    expect(area.settings.portalName).toBe('Cảnh báo lũ, mưa huyện Ba Chẽ');
    expect(area.settings.units.map((u: { code: string }) => u.code)).toEqual(DEFAULT_AREA.units.map((u) => u.code));
    // The bundled boundaries of the seven units.
    const [[s, w], [n, e]] = area.bounds;
    expect([s, w, n, e].map((v: number) => Math.round(v * 10) / 10)).toEqual([21.1, 107, 21.4, 107.4]);
    expect((await get('/api/cap')).body).toContain('<name>Cổng cảnh báo lũ, mưa huyện Ba Chẽ</name>');
    const page = (await get('/dashboard')).body;
    expect(page).toContain('<title>Cảnh báo lũ, mưa huyện Ba Chẽ</title>');
    expect(page).toContain('content="Cổng thông tin cảnh báo sớm lũ, mưa huyện Ba Chẽ, tỉnh Quảng Ninh"');
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({ name: 'Cảnh báo lũ Ba Chẽ' });
    // A station belongs to the unit whose boundary holds it: here a commune of the former district.
    const st = await ctx.app.inject({
      method: 'POST',
      url: '/api/station',
      headers: admin,
      payload: { code: 'F01702', name: 'Trạm Khe Lạc', description: 'Cầu Khe Lạc', lat: 21.35, long: 107.14 },
    });
    expect(st.statusCode, st.body).toBe(200);
    expect(st.json()).toMatchObject({ unitOverride: null });
    expect(DEFAULT_AREA.units.map((u) => u.code)).toContain(st.json().unitCode);
  });

  it('is set by an administrator only; a bad body names its field and changes nothing', async () => {
    expect((await put(NEW_AREA, {})).statusCode).toBe(401);
    expect((await put(NEW_AREA, officer)).statusCode).toBe(403);
    expect((await get('/api/area/region-units?codeProperty=ma_xa&nameProperty=ten_xa', officer)).statusCode).toBe(403);
    const twice = await put({ ...NEW_AREA, units: [NEW_AREA.units[0], NEW_AREA.units[0]] });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual(['units.1.code']);
    const unnamed = await put({ ...NEW_AREA, portalName: '  ', zoom: 30 });
    expect(unnamed.statusCode).toBe(400);
    expect(fieldsOf(unnamed)).toEqual(expect.arrayContaining(['portalName', 'zoom']));
    expect((await get('/api/area')).json().isDefault).toBe(true);
  });

  it('reads the units of an uploaded region file by the properties the uploader chooses', async () => {
    const up = await upload({ type: 'REGION' }, { name: 'xa-2025.geojson', content: COMMUNES_2025 });
    expect(up.statusCode, up.body).toBe(200);
    const res = await get('/api/area/region-units?codeProperty=ma_xa&nameProperty=ten_xa', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      properties: ['ten_xa', 'ma_xa'],
      // 'Xã Ba Chẽ': the type from the name, the rest kept as the name.
      units: NEW_AREA.units,
      skipped: [],
      file: expect.any(String),
    });
    // The wrong property: every feature left out, each with why.
    const wrong = (await get('/api/area/region-units?codeProperty=MA&nameProperty=ten_xa', admin)).json();
    expect(wrong.units).toEqual([]);
    expect(wrong.skipped).toEqual([1, 2, 3].map((feature) => ({ feature, reason: 'không có mã ở thuộc tính MA' })));
  });

  it('once set, the page shell, CAP sender and areas, SMS, communes and route bounds follow without a restart', async () => {
    // Before: a point west of the new communes is inside the former district.
    const route = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/route',
        payload: { from: WEST_OF_NEW, to: { lat: 21.3, lng: 107.25 } },
      });
    const before = await route();
    expect(before.body).not.toContain(ROUTE_TEXT.outside);

    const res = await put(NEW_AREA);
    expect(res.statusCode, res.body).toBe(200);
    const area = res.json();
    expect(area).toMatchObject({ isDefault: false, unitsWithoutBoundary: [] });
    expect(area.bounds).toEqual([
      [21.12, 107.08],
      [21.4, 107.45],
    ]);
    expect((await get('/api/area')).json().settings.portalName).toBe(NEW_AREA.portalName);

    // The page shell and the installed app's names.
    const page = (await get('/dashboard')).body;
    expect(page).toContain(`<title>${NEW_AREA.portalName}</title>`);
    expect(page).toContain(`<span class="brand-name">${NEW_AREA.portalName}</span>`);
    // The app's first render reads the area from the page (web/src/lib/area/use-area.ts).
    const copy = /<script type="application\/json" id="portal-area">([^<]*)<\/script>/.exec(page);
    expect(JSON.parse(copy![1]!)).toMatchObject({ isDefault: false, settings: { shortName: 'Ba Chẽ mới' } });
    expect(page).toContain(`content="Cổng thông tin cảnh báo sớm lũ, mưa ${NEW_AREA.areaName}, tỉnh Quảng Ninh"`);
    expect((await get('/manifest.webmanifest')).json()).toMatchObject({
      name: 'Cảnh báo lũ Ba Chẽ mới',
      short_name: 'Lũ Ba Chẽ mới',
      start_url: '/dashboard',
    });

    // The CAP feed's sender.
    expect((await get('/api/cap')).body).toContain(`<name>Cổng cảnh báo lũ, mưa ${NEW_AREA.areaName}</name>`);

    // The communes of warnings and subscriptions are the new units.
    const communes = (await get('/api/communes')).json() as { gsoCode: string; fullName: string }[];
    expect(communes.map((c) => [c.gsoCode, c.fullName])).toEqual([
      ['06978', 'Xã Ba Chẽ'],
      ['06979', 'Xã Kỳ Thượng'],
      ['06985', 'Xã Lương Minh'],
    ]);
    const subscribe = (communes: string[], phone: string) =>
      solveHumanCheck(ctx.app).then((altcha) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          payload: { communes, kinds: ['flood'], channels: ['sms'], phone, altcha },
        }),
      );
    const old = await subscribe(['06970'], '0912 000 111');
    expect(old.statusCode).toBe(400);
    expect(fieldsOf(old)).toEqual(['communes']);
    const ok = await subscribe(['06979'], '0912 000 222');
    expect(ok.statusCode, ok.body).toBe(201);
    const code = sms.find((m) => m.to.endsWith('912000222'))!;
    expect(code.body).toMatch(/^Ma xac nhan dang ky nhan canh bao lu Ba Che moi: \d{6}\. /);
    expect(code.body.length).toBeLessThanOrEqual(160);

    // An alert's CAP area is the new unit that holds the station, with its code.
    await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
    const st = await createStation(ctx.db, { code: 'F01701', lat: 21.35, long: 107.14, bus: ctx.bus });
    const q = new URLSearchParams({ stationCode: 'F01701', ...pushTime(new Date()), value: '80', key: st.pushKey });
    expect((await get(`/api/receive-water-level?${q}`)).statusCode).toBe(200);
    await ctx.app.alertEngine.idle();
    const entry = /<link rel="alternate" type="application\/cap\+xml" href="http:\/\/[^/]+(\/api\/cap\/\d+\.xml)"/.exec(
      (await get('/api/cap')).body,
    );
    const xml = (await get(entry![1]!)).body;
    expect(xml).toContain('<areaDesc>Kỳ Thượng – Quảng Ninh</areaDesc>');
    expect(xml).toContain('<geocode><valueName>GSO</valueName><value>06979</value></geocode>');
    expect(xml).toContain(`<senderName>Cổng cảnh báo lũ, mưa ${NEW_AREA.areaName}</senderName>`);

    // Stations belong to the new units at once (the same station, its readings kept).
    const listed = (await get('/api/station?keyword=F01702')).json().items[0];
    expect(listed).toMatchObject({ code: 'F01702', unitCode: '06979', unitOverride: null });

    // Route bounds: the same point is now outside.
    const after = await route();
    expect(after.statusCode).toBe(400);
    expect(after.json().fields).toEqual([{ field: 'from', message: ROUTE_TEXT.outside }]);

    // The audit says what changed.
    const [last] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(last?.content).toContain('Cập nhật khu vực: Cảnh báo lũ, mưa các xã Ba Chẽ, Kỳ Thượng, Lương Minh');
    expect(last?.content).toContain('Xã Kỳ Thượng (06979)');
  });

  it('staff may put a station in another unit of the area, not in one outside it', async () => {
    const { id } = (await get('/api/station?keyword=F01702')).json().items[0];
    const body = { code: 'F01702', name: 'Trạm Khe Lạc', description: 'Cầu Khe Lạc', lat: 21.35, long: 107.14 };
    const outside = await ctx.app.inject({
      method: 'PUT',
      url: `/api/station/${id}`,
      headers: admin,
      payload: { ...body, unitCode: '06970' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields).toEqual([
      { field: 'unitCode', message: 'Đơn vị 06970 không thuộc khu vực của cổng' },
    ]);
    const chosen = await ctx.app.inject({
      method: 'PUT',
      url: `/api/station/${id}`,
      headers: admin,
      payload: { ...body, unitCode: '06985' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ unitCode: '06985', unitOverride: '06985' });
    expect((await get('/api/station?keyword=F01702')).json().items[0]).toMatchObject({ unitCode: '06985' });
    // Back to 'by position'.
    const auto = await ctx.app.inject({
      method: 'PUT',
      url: `/api/station/${id}`,
      headers: admin,
      payload: { ...body, unitCode: '' },
    });
    expect(auto.json()).toMatchObject({ unitCode: '06979', unitOverride: null });
  });

  it('measures a flood extent per unit of the area', async () => {
    // A flooded box inside Kỳ Thượng (107.08–107.2 E, 21.3–21.4 N).
    const ring = [
      [107.1, 21.32],
      [107.12, 21.32],
      [107.12, 21.34],
      [107.1, 21.34],
      [107.1, 21.32],
    ];
    const flood = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { value: 1.2 }, geometry: { type: 'Polygon', coordinates: [ring] } }],
    });
    const up = await upload(
      { type: 'CURRENT_HIGH', time: new Date().toISOString() },
      { name: 'ngap.geojson', content: flood },
    );
    expect(up.statusCode, up.body).toBe(200);
    await ctx.app.floodAnalysis.idle();
    const analysis = (await get(`/api/flood-analysis/${up.json().id}`)).json();
    expect(analysis.status, analysis.error).toBe('DONE');
    expect(analysis.communes.map((c: { code: string; fullName: string }) => [c.code, c.fullName])).toEqual([
      ['06978', 'Xã Ba Chẽ'],
      ['06979', 'Xã Kỳ Thượng'],
      ['06985', 'Xã Lương Minh'],
    ]);
    const flooded = analysis.communes.filter((c: { floodedM2: number }) => c.floodedM2 > 0);
    expect(flooded.map((c: { code: string }) => c.code)).toEqual(['06979']);
  });

  it('a unit the region layer lacks is saved and reported, not given a boundary', async () => {
    const res = await put({ ...NEW_AREA, units: [...NEW_AREA.units, { code: '06991', name: 'Minh Cầm', type: 'XA' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unitsWithoutBoundary).toEqual(['06991']);
    expect(((await get('/api/communes')).json() as unknown[]).length).toBe(3);
  });

  it('goes back to the built-in area, by an administrator only', async () => {
    const del = (headers: Record<string, string>) => ctx.app.inject({ method: 'DELETE', url: '/api/area', headers });
    expect((await del(officer)).statusCode).toBe(403);
    const res = await del(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isDefault: true, unitsWithoutBoundary: [] });
    expect(((await get('/api/communes')).json() as unknown[]).length).toBe(7);
    expect((await get('/dashboard')).body).toContain('<title>Cảnh báo lũ, mưa huyện Ba Chẽ</title>');
  });
});

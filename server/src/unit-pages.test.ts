import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './features/users/users.table';
import { createUser, ONE_READING_ALERTS, setWebParameters } from './test/factories';
import { apiCall, createTestApp, login, type TestContext } from './test/test-app';
import { DON_DAC, floodWarning, IN_DON_DAC, IN_THANH_SON, stationWithAlert, THANH_SON } from './test/units';

/**
 * One install, several units' public pages (#26 point 4), on the built-in area (the former district's seven
 * communes): `?unit=` narrows the public reads — readings, stations, alerts, officers' warnings, news — to one
 * unit, and `/xa/{code}/…` pages carry that unit's title, first view and preloaded reads.
 */

/** A page shell with the markers the server fills (web/index.html has the same). */
const SHELL =
  '<!doctype html><html lang="vi"><head><meta name="description" content="x" /><title>x</title>' +
  '<link rel="manifest" href="/manifest.webmanifest" /></head>' +
  '<body><div id="root"><header class="app-header"><a class="brand" href="/dashboard"><span class="brand-name">x</span></a>' +
  '<nav><a class="nav-link" href="/news">Tin tức</a><a href="/favicon.svg">i</a></nav></header>' +
  '<!--alert-banner--><main id="main-content" class="app-main"><div class="spinner"></div></main></div></body></html>';

let ctx: TestContext;
let webDir: string;
let staff: string;

const call = (method: string, url: string, token?: string, payload?: unknown) =>
  apiCall(ctx.app, method, url, token, payload);

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'flood-unit-pages-'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  await writeFile(
    path.join(webDir, 'manifest.webmanifest'),
    JSON.stringify({
      name: 'x',
      short_name: 'x',
      id: '/dashboard',
      start_url: '/dashboard',
      shortcuts: [{ name: 'Bản đồ', url: '/maps-mobile' }],
    }),
  );
  ctx = await createTestApp({ WEB_DIST: webDir });
  await setWebParameters(ctx.db, ONE_READING_ALERTS, { bus: ctx.bus });
  const p = await createUser(ctx.db, { functions: ['system', 'database', 'sms', 'warning', 'news'] });
  staff = (await login(ctx.app, p.user.email, p.password)).token;
  // Each with an automatic alert on it: a reading above level 3.
  await stationWithAlert(ctx.app, staff, { code: 'F01801', name: 'Cầu Thanh Sơn', at: IN_THANH_SON });
  await stationWithAlert(ctx.app, staff, { code: 'F01802', name: 'Cầu Đồn Đạc', at: IN_DON_DAC });
  for (const [unit, headline] of [
    [THANH_SON, 'Lũ tại Thanh Sơn, sơ tán các hộ ven sông'],
    [DON_DAC, 'Lũ tại Đồn Đạc, sơ tán các hộ ven suối'],
  ] as const) {
    const w = await call('POST', '/api/warnings', staff, floodWarning([unit], headline));
    expect(w.statusCode, w.body).toBe(201);
    const published = await call('POST', `/api/warnings/${w.json().id}/publish-urgent`, staff, {
      reason: 'Nước lên nhanh',
    });
    expect(published.statusCode, published.body).toBe(200);
  }
  for (const [units, name] of [
    [[THANH_SON], 'Thanh Sơn dọn bùn sau lũ'],
    [[DON_DAC], 'Đồn Đạc sửa cầu tràn'],
    [[], 'Toàn khu vực: diễn tập phòng chống lũ'],
  ] as const) {
    const n = await call('POST', '/api/news', staff, {
      name,
      content: `<p>${name}</p>`,
      status: 'PUBLISH',
      type: 'NORMAL',
      units,
    });
    expect(n.statusCode, n.body).toBe(200);
    expect(n.json().units).toEqual(units);
  }
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

const codesOf = (list: { stationCode: string }[]) => list.map((r) => r.stationCode).sort();

describe("a unit's public reads (?unit=)", () => {
  it('the latest readings and the stations: that unit only, each reading naming its unit', async () => {
    const all = (await call('GET', '/api/water?type=CURRENT_HIGH')).json();
    expect(all.map((r: { stationCode: string; unitCode: string }) => [r.stationCode, r.unitCode])).toEqual([
      ['F01801', THANH_SON],
      ['F01802', DON_DAC],
    ]);
    const url = `/api/water?type=CURRENT_HIGH&unit=${THANH_SON}`;
    const first = await call('GET', url);
    expect(first.statusCode).toBe(200);
    expect(codesOf(first.json())).toEqual(['F01801']);
    // Kept for the next visitor (the hot lane) and still that unit's.
    const before = ctx.app.hotReads.answered();
    const again = await call('GET', url);
    expect(codesOf(again.json())).toEqual(['F01801']);
    expect(ctx.app.hotReads.answered()).toBe(before + 1);
    expect(codesOf((await call('GET', `/api/water?type=CURRENT_HIGH&unit=${DON_DAC}`)).json())).toEqual(['F01802']);
    // Rain: neither station is a rain gauge.
    expect((await call('GET', `/api/water?type=CURRENT_RAIN&unit=${THANH_SON}`)).json()).toEqual([]);
    const stations = (await call('GET', `/api/station?unit=${DON_DAC}`)).json();
    expect(stations.total).toBe(1);
    expect(stations.items[0]).toMatchObject({ code: 'F01802', unitCode: DON_DAC });
  });

  it('a unit the area does not have gets nothing; a malformed one is refused naming the field', async () => {
    expect((await call('GET', '/api/water?type=CURRENT_HIGH&unit=99999')).json()).toEqual([]);
    expect((await call('GET', '/api/station?unit=99999')).json().total).toBe(0);
    const bad = await call('GET', '/api/water?type=CURRENT_HIGH&unit=x%20y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toContain('unit');
  });

  it('alerts and officers’ warnings in force: those of the unit', async () => {
    const alerts = (await call('GET', `/api/alerts/active?unit=${THANH_SON}`)).json();
    expect(alerts.length).toBeGreaterThan(0);
    expect(new Set(alerts.map((a: { stationCode: string }) => a.stationCode))).toEqual(new Set(['F01801']));
    expect(
      new Set((await call('GET', '/api/alerts/active')).json().map((a: { stationCode: string }) => a.stationCode)),
    ).toEqual(new Set(['F01801', 'F01802']));
    const warnings = (await call('GET', `/api/warnings/active?unit=${DON_DAC}`)).json();
    expect(warnings.map((w: { headlineVi: string }) => w.headlineVi)).toEqual([
      'Lũ tại Đồn Đạc, sơ tán các hộ ven suối',
    ]);
    expect((await call('GET', '/api/warnings/active')).json()).toHaveLength(2);
  });

  it("news: the unit's items and the whole area's, never another unit's", async () => {
    const names = async (url: string) =>
      (await call('GET', url)).json().items.map((n: { name: string }) => n.name) as string[];
    expect(await names(`/api/news?page=1&pageSize=10&type=NORMAL&unit=${THANH_SON}`)).toEqual([
      'Toàn khu vực: diễn tập phòng chống lũ',
      'Thanh Sơn dọn bùn sau lũ',
    ]);
    expect(await names(`/api/news?page=1&pageSize=10&type=NORMAL&unit=${DON_DAC}`)).toEqual([
      'Toàn khu vực: diễn tập phòng chống lũ',
      'Đồn Đạc sửa cầu tràn',
    ]);
    expect(await names('/api/news?page=1&pageSize=10&type=NORMAL')).toHaveLength(3);
  });

  it("a news item's units must be the area's, the refusal naming the field", async () => {
    const res = await call('POST', '/api/news', staff, {
      name: 'Tin của một xã không có',
      content: '<p>x</p>',
      status: 'PUBLISH',
      units: [THANH_SON, '99999'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'units.1', message: 'Đơn vị 99999 không thuộc khu vực của cổng' }]);
  });
});

describe("a commune officer's news (#26 point 3)", () => {
  it("writes, edits and deletes its own units' news only; lists its units' items", async () => {
    const o = await createUser(ctx.db, { functions: ['system', 'news'], name: 'Cán bộ xã Thanh Sơn' });
    await ctx.db
      .update(users)
      .set({ units: [THANH_SON] })
      .where(eq(users.id, o.user.id));
    const signedIn = await login(ctx.app, o.user.email, o.password);
    const officer = signedIn.token;
    // The account says which units it works with (the news form starts with them).
    expect(signedIn.userDetail.units).toEqual([THANH_SON]);
    expect((await call('GET', '/api/user-info', officer)).json().units).toEqual([THANH_SON]);
    const item = (name: string, units: string[], type = 'NORMAL') => ({
      name,
      content: `<p>${name}</p>`,
      status: 'DRAFT',
      type,
      units,
    });
    // Another unit's, the whole area's, a directive document: refused.
    for (const body of [
      item('Tin của Đồn Đạc', [DON_DAC]),
      item('Tin của toàn khu vực', []),
      item('Tin của hai xã', [THANH_SON, DON_DAC]),
    ]) {
      const res = await call('POST', '/api/news', officer, body);
      expect(res.statusCode, body.name).toBe(403);
      expect(res.json().message).toBe('Ngoài địa bàn được giao cho tài khoản này');
    }
    expect((await call('POST', '/api/news', officer, item('Văn bản', [THANH_SON], 'DOCUMENT'))).statusCode).toBe(403);
    // Its own.
    const mine = await call('POST', '/api/news', officer, item('Thanh Sơn họp dân', [THANH_SON]));
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json().id;
    expect(
      (await call('PUT', `/api/news/${id}`, officer, item('Thanh Sơn họp dân (sửa)', [THANH_SON]))).statusCode,
    ).toBe(200);
    // It cannot move its item to another unit, nor touch another unit's item.
    expect((await call('PUT', `/api/news/${id}`, officer, item('Chuyển', [DON_DAC]))).statusCode).toBe(403);
    const theirs = await call('POST', '/api/news', staff, item('Đồn Đạc họp dân', [DON_DAC]));
    const theirsId = theirs.json().id;
    expect((await call('PUT', `/api/news/${theirsId}`, officer, item('Sửa', [THANH_SON]))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/news/${theirsId}`, officer)).statusCode).toBe(403);
    // Its back-office list: its units' items only; a provincial officer's: all.
    const names = async (token: string) =>
      (await call('GET', '/api/news?page=1&pageSize=100&all=true', token))
        .json()
        .items.map((n: { name: string }) => n.name);
    const listed = await names(officer);
    expect(listed).toContain('Thanh Sơn họp dân (sửa)');
    expect(listed).toContain('Thanh Sơn dọn bùn sau lũ');
    expect(listed).not.toContain('Đồn Đạc họp dân');
    expect(listed).not.toContain('Toàn khu vực: diễn tập phòng chống lũ');
    expect(await names(staff)).toContain('Đồn Đạc họp dân');
    expect((await call('DELETE', `/api/news/${id}`, officer)).statusCode).toBe(200);
  });
});

describe("a unit's pages (/xa/{code}/…)", () => {
  it("the dashboard: the unit's title, first view and preloaded reads", async () => {
    const res = await call('GET', `/xa/${THANH_SON}/dashboard`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<title>Xã Thanh Sơn – [^<]+<\/title>/);
    // The first view (readable before the scripts run): that unit's station, warning and not the others'.
    expect(html).toContain('Cầu Thanh Sơn');
    expect(html).not.toContain('Cầu Đồn Đạc');
    expect(html).toContain('Lũ tại Thanh Sơn');
    expect(html).not.toContain('Lũ tại Đồn Đạc');
    // The page's reads, fetched while its scripts load, as the web asks for them on a unit's page.
    expect(html).toContain(`href="/api/water?type=CURRENT_HIGH&amp;unit=${THANH_SON}"`);
    expect(html).toContain('href="/api/document?page=1&amp;pageSize=');
    expect(html).not.toContain(`/api/document?page=1&amp;pageSize=4&amp;unit=`);
    // Its links stay on the unit's pages, read without scripts too.
    expect(html).toContain(`href="/xa/${THANH_SON}/maps?station=F01801"`);
    expect(html).not.toMatch(/href="\/maps[?"]/);
    // The header names the unit, its links on the unit's pages (the app draws the same: nothing moves).
    expect(html).toContain('<span class="brand-unit" data-testid="brand-unit">Xã Thanh Sơn</span>');
    expect(html).toContain(`<a class="brand" href="/xa/${THANH_SON}/dashboard">`);
    expect(html).toContain(`<a class="nav-link" href="/xa/${THANH_SON}/news">`);
    expect(html).toContain('<a href="/favicon.svg">');
    // The whole area's page shows both.
    const whole = (await call('GET', '/dashboard')).body;
    expect(whole).toContain('Cầu Thanh Sơn');
    expect(whole).toContain('Cầu Đồn Đạc');
  });

  it("the phone map and the news page are the unit's too; /xa/{code} alone is its dashboard", async () => {
    const map = (await call('GET', `/xa/${DON_DAC}/maps-mobile`)).body;
    expect(map).toContain('Cầu Đồn Đạc');
    expect(map).not.toContain('Cầu Thanh Sơn');
    const news = (await call('GET', `/xa/${DON_DAC}/news`)).body;
    expect(news).toContain('Đồn Đạc sửa cầu tràn');
    expect(news).not.toContain('Thanh Sơn dọn bùn sau lũ');
    const home = (await call('GET', `/xa/${DON_DAC}`)).body;
    expect(home).toMatch(/<title>Xã Đồn Đạc – /);
    expect(home).toContain('Cầu Đồn Đạc');
  });

  it("a unit's pages are one HTML per route: any news id gives the same page (kept once per unit and route)", async () => {
    const a = (await call('GET', `/xa/${THANH_SON}/news/12`)).body;
    const b = (await call('GET', `/xa/${THANH_SON}/news/987654`)).body;
    expect(a).toMatch(/<title>Xã Thanh Sơn – /);
    expect(b).toBe(a);
  });

  it("installed from a unit's pages, the app is the unit's own: its name, and it opens on the unit's pages", async () => {
    expect((await call('GET', `/xa/${THANH_SON}/dashboard`)).body).toContain(
      `<link rel="manifest" href="/manifest.webmanifest?unit=${THANH_SON}"`,
    );
    expect((await call('GET', '/dashboard')).body).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const m = (await call('GET', `/manifest.webmanifest?unit=${THANH_SON}`)).json();
    expect(m).toMatchObject({
      name: expect.stringMatching(/ – Xã Thanh Sơn$/),
      id: `/xa/${THANH_SON}/dashboard`,
      start_url: `/xa/${THANH_SON}/dashboard`,
      shortcuts: [{ name: 'Bản đồ', url: `/xa/${THANH_SON}/maps-mobile` }],
    });
    // The area's, and an unknown unit's: the area's app.
    for (const url of ['/manifest.webmanifest', '/manifest.webmanifest?unit=99999'])
      expect((await call('GET', url)).json()).toMatchObject({ id: '/dashboard', start_url: '/dashboard' });
  });

  it('a unit the area does not have gets the plain app (which says the page does not exist)', async () => {
    const res = await call('GET', '/xa/99999/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<title>Xã /);
    expect(res.body).not.toContain('Cầu Thanh Sơn');
    expect(res.body).toContain('class="spinner"');
  });
});

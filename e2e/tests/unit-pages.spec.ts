import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { deleteStation, pushReading, randomWaterCode, signedInApi } from './helpers';

/** Label points inside two communes of the built-in area (server/src/db/seed/geo/commune_label_points.geojson). */
const IN_THANH_SON = { lat: 21.30228, long: 107.21155 };
const IN_DON_DAC = { lat: 21.2035, long: 107.24719 };
const THANH_SON = '06973';

let api: APIRequestContext;
const stations: number[] = [];
const news: number[] = [];
const codes = { mine: randomWaterCode(), theirs: randomWaterCode() };

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  for (const [key, at, name] of [
    ['mine', IN_THANH_SON, 'Cầu Thanh Sơn thử'],
    ['theirs', IN_DON_DAC, 'Cầu Đồn Đạc thử'],
  ] as const) {
    const res = await api.post('/api/station', {
      data: {
        code: codes[key],
        name,
        description: 'Cầu thử',
        ...at,
        warningLevel1: 300,
        warningLevel2: 400,
        warningLevel3: 500,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const body = (await res.json()) as { id: number; pushKey: string };
    stations.push(body.id);
    await pushReading(api, codes[key], body.pushKey, 120);
  }
});

test.afterAll(async () => {
  for (const id of news) await api.delete(`/api/news/${id}`);
  for (const id of stations) await deleteStation(api, id);
  await api?.dispose();
});

test("a unit's public dashboard shows only that unit's stations, named in the header (#26 point 4)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/xa/${THANH_SON}/dashboard`);
  await expect(page.getByTestId('brand-unit')).toHaveText('Xã Thanh Sơn');
  await expect(page.getByTestId(`dash-card-${codes.mine}`)).toBeVisible();
  await expect(page.getByTestId(`dash-card-${codes.theirs}`)).toHaveCount(0);
  await expect(page).toHaveTitle(/Trang chủ/);
  await page.screenshot({ path: test.info().outputPath('unit-dashboard-1366.png') });
  // Its links stay on the unit's pages: the station's card opens the unit's map.
  await expect(page.getByTestId(`dash-card-${codes.mine}`)).toHaveAttribute(
    'href',
    `/xa/${THANH_SON}/maps?station=${codes.mine}`,
  );
  await page.getByRole('navigation', { name: 'Điều hướng chính' }).getByRole('link', { name: 'Tin tức' }).click();
  await expect(page).toHaveURL(new RegExp(`/xa/${THANH_SON}/news$`));
  await expect(page.getByTestId('brand-unit')).toHaveText('Xã Thanh Sơn');

  // The whole area's dashboard shows both.
  await page.goto('/dashboard');
  await expect(page.getByTestId(`dash-card-${codes.mine}`)).toBeVisible();
  await expect(page.getByTestId(`dash-card-${codes.theirs}`)).toBeVisible();
  await expect(page.getByTestId('brand-unit')).toHaveCount(0);
});

test("a unit's map on a phone: its stations, the way back to the unit's pages", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/xa/${THANH_SON}/maps-mobile`);
  await expect(page.getByTestId('bare-bar-back')).toHaveAttribute('href', `/xa/${THANH_SON}/dashboard`);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: test.info().outputPath('unit-map-390.png') });
});

test("a unit's dashboard reads without scripts on a phone: its stations only, the unit in the title", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  await page.goto(`/xa/${THANH_SON}/dashboard`);
  await expect(page).toHaveTitle(/^Xã Thanh Sơn – /);
  await expect(page.getByTestId(`dash-card-${codes.mine}`)).toBeVisible();
  await expect(page.getByTestId(`dash-card-${codes.theirs}`)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('unit-dashboard-390-no-js.png'), fullPage: true });
  // The header names the unit before any script (the server's shell, as the app draws it).
  await expect(page.getByTestId('brand-unit')).toHaveText('Xã Thanh Sơn');
  await context.close();
});

test("a unit's news page shows its news and the whole area's, not another unit's", async ({ page }) => {
  const suffix = Date.now();
  const titles = {
    mine: `Thanh Sơn nạo vét suối ${suffix}`,
    theirs: `Đồn Đạc sửa cầu tràn ${suffix}`,
    all: `Toàn khu vực diễn tập ${suffix}`,
  };
  for (const [key, units] of [
    ['mine', [THANH_SON]],
    ['theirs', ['06988']],
    ['all', []],
  ] as const) {
    const res = await api.post('/api/news', {
      data: { name: titles[key], content: `<p>${titles[key]}</p>`, status: 'PUBLISH', type: 'NORMAL', units },
    });
    expect(res.ok(), await res.text()).toBe(true);
    news.push(((await res.json()) as { id: number }).id);
  }
  await page.goto(`/xa/${THANH_SON}/news`);
  const activity = page.getByTestId('news-section-activity');
  await expect(activity.getByText(titles.mine)).toBeVisible();
  await expect(activity.getByText(titles.all)).toBeVisible();
  await expect(page.getByText(titles.theirs)).toHaveCount(0);
  // An item opens on the unit's pages.
  await expect(activity.getByRole('link', { name: titles.mine })).toHaveAttribute(
    'href',
    new RegExp(`^/xa/${THANH_SON}/news/\\d+$`),
  );
  await page.goto('/news');
  await expect(page.getByTestId('news-section-activity').getByText(titles.theirs)).toBeVisible();
});

test('an address of a unit the area does not have says the page does not exist', async ({ page }) => {
  await page.goto('/xa/99999/dashboard');
  await expect(page.getByText('Trang bạn tìm không tồn tại')).toBeVisible();
});

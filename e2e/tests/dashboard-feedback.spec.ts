import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { deleteStation, pushReading, signedInApi, signIn } from './helpers';

// The public home (/dashboard) against a real server: stations and readings pushed as loggers push them, a
// directive document uploaded and published through the API; then the feedback form and its back-office list.

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
const RAIN = { code: `F00${suffix}D`, name: `Mưa bảng tin ${suffix}` };
const WATER = { code: `F01${suffix}D`, name: `Thuỷ văn bảng tin ${suffix}` };
const DOCUMENT = `Công văn chỉ đạo phòng chống lũ ${suffix}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let api: APIRequestContext;
const keys = new Map<string, string>();

/** With E2E_SCREENSHOT_DIR set, keeps pictures of the page at desktop and phone widths for a person to look at. */
async function keepScreenshots(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const stationIds: number[] = [];

async function createStation(s: { code: string; name: string }, levels: (number | null)[]) {
  const response = await api.post('/api/station', {
    data: {
      code: s.code,
      name: `  ${s.name}  `,
      description: `Trạm thử bảng tin ${suffix}`,
      lat: 21.25,
      long: 107.3,
      warningLevel1: levels[0],
      warningLevel2: levels[1],
      warningLevel3: levels[2],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const created = (await response.json()) as { id: number; pushKey: string };
  keys.set(s.code, created.pushKey);
  stationIds.push(created.id);
}

/** Pushes a reading as a logger does, a few minutes ago on the district clock. */
async function push(code: string, value: number) {
  await pushReading(api, code, keys.get(code)!, value, 2);
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: PHONE_AGENT,
    hasTouch: true,
    isMobile: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return context.newPage();
}

/** The scripts the page fetched (chunk file names). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  await createStation(RAIN, [null, null, null]);
  await createStation(WATER, [30, 50, 70]);
  await push(RAIN.code, 12.5);
  await push(WATER.code, 62);

  const file = await api.post('/api/files', {
    multipart: { file: { name: `cong-van-${suffix}.pdf`, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(file.ok(), await file.text()).toBe(true);
  const { url } = (await file.json()) as { url: string };
  const news = await api.post('/api/news', {
    data: {
      name: DOCUMENT,
      sapo: `Chỉ đạo ứng phó mưa lớn ${suffix}`,
      content: '<p>Nội dung công văn.</p>',
      files: [url],
      type: 'DOCUMENT',
      status: 'PUBLISH',
    },
  });
  expect(news.ok(), await news.text()).toBe(true);
});

// The stations go when the spec ends: their markers would cover what later map specs click.
test.afterAll(async () => {
  for (const id of stationIds) if (api) await deleteStation(api, id);
  await api?.dispose();
});

test.describe('dashboard', () => {
  test('desktop: station cards, the latest documents, the map when scrolled to and the comparison chart', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const scripts = recordScripts(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Trạm đo mưa' })).toBeVisible();

    // Cards: the trimmed name, the value and the status of the one rule (rain mm/h; water in metres).
    const rain = page.getByTestId(`dash-card-${RAIN.code}`);
    await expect(rain.locator('.station-card-name')).toHaveText(RAIN.name);
    await expect(page.getByTestId(`dash-value-${RAIN.code}`)).toHaveText('12,5');
    await expect(page.getByTestId(`dash-status-${RAIN.code}`)).toHaveText('Mưa to');
    await expect(page.getByTestId(`dash-value-${WATER.code}`)).toHaveText('0,62');
    await expect(page.getByTestId(`dash-status-${WATER.code}`)).toHaveText('Cấp II');
    await expect(page.getByTestId('dash-rain')).toHaveAttribute('data-per-view', '4');

    // The document just published is among the latest four, its title opening the PDF in a new tab.
    const documents = page.getByTestId('dash-documents');
    await documents.scrollIntoViewIfNeeded();
    const item = documents.locator('li', { hasText: DOCUMENT });
    await expect(item).toContainText(`Chỉ đạo ứng phó mưa lớn ${suffix}`);
    await expect(item).toContainText(/Ngày tạo: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const link = item.getByRole('link');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^\/api\/files\/[a-f0-9]{32}$/);
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const shown = await documents.locator('li').count();
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(shown).toBeLessThanOrEqual(4);

    // The map section loads Leaflet (and its markers) once scrolled to.
    const mapSection = page.getByTestId('dash-map-section');
    await mapSection.scrollIntoViewIfNeeded();
    await expect(mapSection.locator('.leaflet-container')).toBeVisible();
    await expect(mapSection.getByTestId(`station-marker-${RAIN.code}`)).toHaveText('12,5');
    // Navigation buttons, no tools (drawing, measuring, routes, photos, print).
    await expect(mapSection.getByTestId('map-zoom-in')).toBeVisible();
    await expect(mapSection.locator('.map-toolbar-tools')).toHaveCount(0);
    await mapSection.getByText('Mực nước thực đo').click();
    await expect(mapSection.getByTestId(`station-marker-${WATER.code}`)).toHaveText('0,62');
    await expect(mapSection.getByRole('link', { name: 'Xem bản đồ đầy đủ' })).toHaveAttribute('href', '/maps');

    // The comparison chart, with its text alternative.
    const chart = page.getByTestId('dash-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeVisible();
    await expect(chart.getByRole('img', { name: 'Biểu đồ mực nước các trạm trong 24 giờ qua' })).toBeVisible();
    await chart.getByText('Xem bảng số liệu').click();
    await expect(chart.getByRole('row', { name: new RegExp(WATER.name) })).toContainText('0,62');
    expect(scripts.some((s) => s.includes('/stations-chart-'))).toBe(true);
    await keepScreenshots(page, 'dashboard');
  });

  test('Leaflet is not part of the first load: the map loads when its section is scrolled to', async ({ page }) => {
    // A short window keeps the map section well below the fold (the banners of other tests only push it down).
    await page.setViewportSize({ width: 1280, height: 240 });
    const scripts = recordScripts(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId(`dash-value-${RAIN.code}`)).toHaveText('12,5');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('/dashboard-map-'))).toBe(false);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);

    await page.getByTestId('dash-map-section').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('dash-map-section').locator('.leaflet-container')).toBeVisible();
    expect(scripts.some((s) => s.includes('/dashboard-map-'))).toBe(true);
  });

  test('phone: water in metres with one decimal, no comparison chart (not even fetched), the map preview, then the interactive map when asked', async ({
    browser,
  }) => {
    const page = await phonePage(browser);
    const scripts = recordScripts(page);
    const history: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('history=true')) history.push(r.url());
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId(`dash-value-${WATER.code}`)).toHaveText('0,6');
    await expect(page.getByTestId(`dash-value-${RAIN.code}`)).toHaveText('12,5');
    await expect(page.getByTestId('dash-rain')).toHaveAttribute('data-per-view', '2');
    await expect(page.getByTestId('dash-documents')).toBeAttached();

    // On a phone the map section first shows the light preview (no Leaflet, no tiles): the stations' values
    // over the communes; the interactive map loads when asked for.
    const mapSection = page.getByTestId('dash-map-section');
    await mapSection.scrollIntoViewIfNeeded();
    const preview = mapSection.getByTestId('dash-map-preview');
    await expect(preview.getByTestId(`station-marker-${RAIN.code}`)).toHaveText('12,5');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('/leaflet-') || s.includes('/dashboard-map-'))).toBe(false);
    await expect(mapSection.locator('.leaflet-container')).toHaveCount(0);
    expect((await mapSection.locator('.dash-map').boundingBox())?.height).toBe(420);
    await mapSection.getByRole('button', { name: 'Mở bản đồ tương tác' }).click();
    await expect(mapSection.locator('.leaflet-container')).toBeVisible();
    await expect(mapSection.getByTestId(`station-marker-${RAIN.code}`)).toHaveText('12,5');
    expect(scripts.some((s) => s.includes('/dashboard-map-'))).toBe(true);
    await page.getByTestId('dash-documents').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');

    await expect(page.getByTestId('dash-chart')).toHaveCount(0);
    expect(scripts.some((s) => s.includes('/stations-chart-') || s.includes('/vendor-echarts-'))).toBe(false);
    expect(history).toEqual([]);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'dashboard-mobi.png'), fullPage: true });
    }
    await page.context().close();
  });
});

test('a visitor sends feedback; the administrator finds it, edits it and deletes it', async ({ page }) => {
  const name = `Nguyễn Thị Góp Ý ${suffix}`;
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Liên hệ và góp ý' })).toBeVisible();
  const send = page.getByTestId('feedback-send');
  await expect(send).toBeDisabled();
  await keepScreenshots(page, 'feedback');
  await page.getByLabel('Họ và tên').fill(name);
  await page.getByLabel('Email').fill(`gop.y.${suffix}@example.vn`);
  await page.getByLabel('Số điện thoại').pressSequentially('09a12 345-678');
  await expect(page.getByLabel('Số điện thoại')).toHaveValue('0912345678');
  await page.getByLabel('Địa chỉ').fill('Thôn Làng Mới, xã Thanh Sơn');
  await expect(send).toBeDisabled();
  await page.getByLabel('Nội dung').fill(`Đường vào thôn bị ngập sâu khi mưa lớn ${suffix}.`);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Góp ý của bạn đã gửi thành công')).toBeVisible();
  for (const label of ['Họ và tên', 'Email', 'Số điện thoại', 'Địa chỉ', 'Nội dung'])
    await expect(page.getByLabel(label)).toHaveValue('');
  await expect(send).toBeDisabled();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/system/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Danh sách góp ý' })).toBeVisible();
  const row = page.getByTestId('feedback-table').locator('tr', { hasText: name });
  await expect(row).toContainText(`gop.y.${suffix}@example.vn`);
  await expect(row).toContainText('0912345678');
  await expect(row).toContainText('Thôn Làng Mới, xã Thanh Sơn');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await keepScreenshots(page, 'feedback-list');

  await row.getByRole('button', { name: 'Sửa' }).click();
  const modal = page.getByTestId('feedback-edit-modal');
  await expect(modal.getByText('Cập nhật góp ý')).toBeVisible();
  await expect(page.locator('#feedback-edit-name')).toHaveValue(name);
  await page.locator('#feedback-edit-content').fill(`Đã xử lý ${suffix}`);
  await page.getByTestId('feedback-edit-submit').click();
  await expect(page.getByText('Cập nhật góp ý thành công')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(row).toContainText(`Đã xử lý ${suffix}`);

  await row.getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByText('Bạn có chắc chắn muốn xoá?')).toBeVisible();
  await page.getByTestId('confirm-delete-ok').click();
  await expect(page.getByText('Xoá góp ý thành công!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

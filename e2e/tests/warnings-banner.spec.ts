import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { pushReading, signedInApi } from './helpers';

// The public side on a storm night (#18): many warnings open at once, raised through the real push API as
// loggers raise them. The map keeps its space on a phone and a desktop, the banner sums them up, the map's
// toasts say only what is new, most severe first, and every target can be hit with a finger.

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** Levels I–III at 30, 50, 70 cm. */
const LEVELS: [number, number, number] = [30, 50, 70];
/** 10 water stations at Cấp I, II or III and 4 rain stations with heavy rain: 14 open warnings. */
const WATER = Array.from({ length: 10 }, (_, i) => ({
  code: `F01${suffix}W${i}`,
  name: `Thuỷ văn bão ${suffix}-${i}`,
  value: [35, 55, 75][i % 3]!,
}));
const RAIN = Array.from({ length: 4 }, (_, i) => ({
  code: `F00${suffix}R${i}`,
  name: `Mưa bão ${suffix}-${i}`,
  value: 14,
}));
/** Raised while the page is open: a river at Cấp III, then a river at Cấp II and heavy rain together. */
const NEW_HIGH = { code: `F01${suffix}N1`, name: `Cầu mới ${suffix}`, value: 80 };
const NEW_MID = { code: `F01${suffix}N2`, name: `Bến mới ${suffix}`, value: 60 };
const NEW_RAIN = { code: `F00${suffix}N3`, name: `Mưa mới ${suffix}`, value: 15 };

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  hasTouch: true,
  isMobile: true,
};
const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 640 } };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

let api: APIRequestContext;
const keys = new Map<string, string>();

async function createStation(s: { code: string; name: string }) {
  const response = await api.post('/api/station', {
    data: {
      code: s.code,
      name: s.name,
      description: `Trạm thử cảnh báo ${suffix}`,
      lat: 21.2 + Math.random() * 0.1,
      long: 107.2 + Math.random() * 0.1,
      warningLevel1: s.code.startsWith('F01') ? LEVELS[0] : null,
      warningLevel2: s.code.startsWith('F01') ? LEVELS[1] : null,
      warningLevel3: s.code.startsWith('F01') ? LEVELS[2] : null,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  keys.set(s.code, ((await response.json()) as { pushKey: string }).pushKey);
}

/**
 * A logger's readings: a water level twice, a minute apart (a level is told once two readings hold it, #22);
 * rain once (a second would add to the hour's sum).
 */
async function push(s: { code: string; value: number }) {
  if (s.code.startsWith('F01')) await pushReading(api, s.code, keys.get(s.code)!, s.value, 1);
  await pushReading(api, s.code, keys.get(s.code)!, s.value);
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  for (const s of [...WATER, ...RAIN, NEW_HIGH, NEW_MID, NEW_RAIN]) await createStation(s);
  for (const s of [...WATER, ...RAIN]) await push(s);
  // The push is acknowledged before its reading is evaluated: wait for the 14 warnings to open.
  await expect
    .poll(async () => {
      const open = (await (await api.get('/api/alerts/active')).json()) as { stationCode: string }[];
      return open.filter((a) => a.stationCode.includes(suffix)).length;
    })
    .toBe(14);
});

test.afterAll(async () => {
  await api?.dispose();
});

async function newPage(browser: Browser, options: typeof PHONE | typeof SMALL_PHONE | typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ ...options, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  return page;
}

async function height(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.height;
}

/** The element's box once it has stopped moving (two equal measurements 100 ms apart). */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = JSON.stringify(await locator.boundingBox());
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await locator.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return JSON.parse(last);
}

/** Every target is at least `min` px each way (WCAG 2.2 target size; 44 px asked on phones). */
async function expectTarget(page: Page, selector: string, min: number) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.width, `${selector} width`).toBeGreaterThanOrEqual(min);
  expect(box!.height, `${selector} height`).toBeGreaterThanOrEqual(min);
}

for (const [name, options, path, min] of [
  ['390×844 phone', PHONE, '/maps-mobile', 44],
  ['390×844 phone', PHONE, '/maps', 44],
  ['360×640 phone', SMALL_PHONE, '/maps', 44],
  ['1366×900 desktop', DESKTOP, '/maps', 24],
  ['1366×900 desktop', DESKTOP, '/maps-mobile', 24],
] as const) {
  test(`${path} on a ${name}: the map keeps over half the screen, the banner sums up and opens`, async ({
    browser,
  }) => {
    const page = await newPage(browser, options);
    const viewportHeight = options.viewport.height;
    await page.goto(path);
    const banner = page.getByTestId('alert-banner');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('map-page')).toBeVisible();
    const lines = banner.locator('li');
    const count = await lines.count();
    expect(count).toBeGreaterThanOrEqual(14);

    // Collapsed: the most severe line (a river at Cấp III) and 'và N cảnh báo khác'.
    const toggle = page.getByTestId('alert-banner-toggle');
    await expect(toggle).toHaveText(`và ${count - 1} cảnh báo khác`);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(lines.first()).toBeVisible();
    await expect(lines.first()).toContainText('Cấp III');
    await expect(banner.locator('li:visible')).toHaveCount(1);
    expect(await height(page, '.flood-map')).toBeGreaterThanOrEqual(viewportHeight * 0.5);
    await page.screenshot({
      path: test.info().outputPath(`warnings-${name.split(' ')[0]}${path.replace('/', '-')}-collapsed.png`),
    });

    await expectTarget(page, '[data-testid="alert-banner-toggle"]', min);
    const link = lines.first().getByRole('link', { name: 'Xem bản đồ' });
    await expectTarget(page, '.alert-banner li:visible .alert-link', min);
    const phone = options.viewport.width < 768;
    await expect(link).toHaveAttribute('href', new RegExp(`^${phone ? '/maps-mobile' : '/maps'}\\?station=F01`));
    if (path === '/maps-mobile') {
      await expect(page.locator('.app-header')).toHaveCount(0);
      await expect(page.getByTestId('bare-bar-back')).toHaveAttribute('href', '/dashboard');
      await expectTarget(page, '[data-testid="bare-bar-back"]', min);
    }

    // Opened: one line per station, most severe first, in a list that scrolls on its own.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveText('Thu gọn');
    await expect(banner.locator('li:visible')).toHaveCount(count);
    const levels = await banner.locator('li .alert-level').allTextContents();
    const lineTexts = await lines.allTextContents();
    const ours = lineTexts.map((text, i) => ({ text, level: levels[i] })).filter((l) => l.text.includes(suffix));
    const rank = (l: { text: string; level?: string }) =>
      (l.text.includes('Mưa bão') ? 10 : 0) + ({ 'Cấp III': 0, 'Cấp II': 1, 'Cấp I': 2 }[l.level ?? ''] ?? 3);
    expect(ours.map(rank)).toEqual(ours.map(rank).sort((a, b) => a - b));
    const list = page.getByTestId('alert-list');
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await height(page, '.flood-map')).toBeGreaterThanOrEqual(viewportHeight * 0.5);
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="alert-banner"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await page.screenshot({
      path: test.info().outputPath(`warnings-${name.split(' ')[0]}${path.replace('/', '-')}-open.png`),
    });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(banner.locator('li:visible')).toHaveCount(1);
    await page.context().close();
  });
}

test('the dashboard on a phone: its content starts right under the summed-up banner', async ({ browser }) => {
  const page = await newPage(browser, PHONE);
  await page.goto('/dashboard');
  await expect(page.getByTestId('alert-banner')).toBeVisible();
  expect(await height(page, '[data-testid="alert-banner"]')).toBeLessThanOrEqual(120);
  await expect(page.getByTestId('dash-full-map')).toHaveAttribute('href', '/maps-mobile');
  await expect(page.locator('.app-nav a', { hasText: 'Bản đồ' })).toHaveAttribute('href', '/maps-mobile');
  await page.context().close();
});

test('toasts: none for the warnings open at load; a new one once, then several new most severe on top', async ({
  browser,
}) => {
  const page = await newPage(browser, PHONE);
  await page.goto('/maps-mobile');
  await expect(page.getByTestId('alert-banner')).toBeVisible();
  await expect(page.getByTestId('map-page')).toBeVisible();
  // The open warnings are known (the banner shows them): they do not toast.
  await page.waitForTimeout(1_500);
  await expect(page.locator('.map-alert-toast')).toHaveCount(0);

  // A river reaches Cấp III while the page is open: one toast, its targets big enough for a finger.
  await push(NEW_HIGH);
  const high = page.getByTestId(`map-alert-toast-${NEW_HIGH.code}`);
  await expect(high).toBeVisible({ timeout: 5_000 });
  await expect(high).toContainText('Cảnh báo lũ – Cấp III');
  await expect(page.locator('.map-alert-toast')).toHaveCount(1);
  await expectTarget(page, '.map-alert-toast .ant-notification-notice-close', 44);
  await expectTarget(page, '.map-alert-toast .map-alert-toast-show', 44);
  await page.screenshot({ path: test.info().outputPath('warnings-toast-phone.png') });
  await high.locator('.ant-notification-notice-close').click();
  await expect(page.locator('.map-alert-toast')).toHaveCount(0);

  // Two at once (the check waits until both are stored): the river at Cấp II above the rain.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/alerts/active', async (route) => {
    await gate;
    await route.continue();
  });
  await push(NEW_RAIN);
  await push(NEW_MID);
  release();
  const mid = page.getByTestId(`map-alert-toast-${NEW_MID.code}`);
  const rain = page.getByTestId(`map-alert-toast-${NEW_RAIN.code}`);
  await expect(mid).toBeVisible({ timeout: 5_000 });
  await expect(rain).toBeVisible();
  // Measured once they stop moving (they slide in).
  const rainBox = await settledBox(rain);
  const midBox = await settledBox(mid);
  expect(midBox.y + midBox.height).toBeLessThanOrEqual(rainBox.y + 1);
  // Both can be tapped: not stacked under each other.
  await rain.getByRole('button', { name: 'Xem trạm' }).click();
  await expect(page.getByTestId('station-modal')).toBeVisible();
  // The earlier warning did not come back.
  await expect(high).toHaveCount(0);
  await page.context().close();
});

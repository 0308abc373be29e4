import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from '../fixtures';
import { pushReading, signedInApi } from './helpers';

// Issue #18, "the public side on a storm night": what a resident looks for on the map while a flood or rain
// layer is shown (evacuation points, flood marks, the stations), on a phone and on a laptop.

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';
/** Screenshots for a person to look at: E2E_SHOTS=/tmp/h6/storm npx playwright test tests/map-storm-night.spec.ts */
const SHOTS = process.env.E2E_SHOTS;

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** The town's rain station, with five flood photos posted where it stands. */
const TOWN = { code: `F00${suffix}T`, name: `Thị trấn ${suffix}`, lat: 21.2835, long: 107.135 };
/** Rain stations in the western communes (Lương Minh, Đạp Thanh) and a river in the east. */
const WEST = { code: `F00${suffix}W`, name: `Lương Minh ${suffix}`, lat: 21.23, long: 107.03 };
const MIDDLE = { code: `F00${suffix}M`, name: `Đạp Thanh ${suffix}`, lat: 21.3, long: 107.08 };
const RIVER = { code: `F01${suffix}R`, name: `Sông Ba Chẽ ${suffix}`, lat: 21.25, long: 107.3 };
const EVACUATION = { name: `Nhà văn hoá thôn Khe Tâm ${suffix}`, lat: 21.25, long: 107.1 };
const MARK = { place: `Vết lũ cầu Khe Tâm ${suffix}`, lat: 21.2, long: 107.18 };
const FLOOD_TIME = { iso: '2025-09-20T03:00:00.000Z', label: '20/09/2025 10:00' };

let api: APIRequestContext;
const keys = new Map<string, string>();

function squareAround(lat: number, long: number, value: number, half = 0.04) {
  const ring = [
    [long - half, lat - half],
    [long + half, lat - half],
    [long + half, lat + half],
    [long - half, lat + half],
    [long - half, lat - half],
  ];
  return { type: 'Feature', properties: { value }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

const pointFeature = (properties: Record<string, unknown>, lat: number, long: number) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [long, lat] },
});

async function upload(type: string, time: string | null, name: string, body: Buffer | unknown) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const response = await api.post('/api/geojson', {
    multipart: { type, ...(time ? { time } : {}), file: { name, mimeType: 'application/geo+json', buffer } },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function createStation(s: { code: string; name: string; lat: number; long: number }, levels?: number[]) {
  const response = await api.post('/api/station', {
    data: {
      code: s.code,
      name: s.name,
      description: `Trạm đêm mưa bão ${suffix}`,
      lat: s.lat,
      long: s.long,
      warningLevel1: levels?.[0] ?? null,
      warningLevel2: levels?.[1] ?? null,
      warningLevel3: levels?.[2] ?? null,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  keys.set(s.code, ((await response.json()) as { pushKey: string }).pushKey);
}

async function photoJpeg(): Promise<Buffer> {
  const width = 160;
  const height = 120;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    raw[i] = (i / 3) % 255;
    raw[i + 1] = 120;
    raw[i + 2] = 200;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  await upload(
    'REGION',
    null,
    'Ranh giới xã huyện Ba Chẽ.geojson',
    await readFile(fileURLToPath(new URL(COMMUNES, import.meta.url))),
  );
  await upload('EVACUATION_POINT', null, `diem-so-tan-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [pointFeature({ ten: EVACUATION.name }, EVACUATION.lat, EVACUATION.long)],
  });
  await upload('FLOOD_MARK', null, `vet-lu-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [pointFeature({ diachi: MARK.place, caodovet_1: 1.2 }, MARK.lat, MARK.long)],
  });
  // The flood covers the evacuation point and the flood mark.
  await upload('CURRENT_HIGH', FLOOD_TIME.iso, `ngap-dem-bao-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [squareAround(EVACUATION.lat, EVACUATION.long, 2.2), squareAround(MARK.lat, MARK.long, 1.2)],
  });
  for (const s of [TOWN, WEST, MIDDLE]) {
    await createStation(s);
    await pushReading(api, s.code, keys.get(s.code)!, 8.5, 1);
  }
  await createStation(RIVER, [100, 150, 200]);
  // A river rising within the hour: 1,00 m fifty minutes ago, 3,27 m a minute ago, 3,28 m now (level III held by
  // two readings: a confirmed warning too, #22). A rise of 2,27 m in 49 minutes is within the quality rules.
  await pushReading(api, RIVER.code, keys.get(RIVER.code)!, 100, 50);
  await pushReading(api, RIVER.code, keys.get(RIVER.code)!, 327, 1);
  await pushReading(api, RIVER.code, keys.get(RIVER.code)!, 328, 0);
  const jpeg = await photoJpeg();
  for (let i = 0; i < 5; i++) {
    const response = await api.post('/api/flood', {
      multipart: {
        desc: '',
        location: `Phố chợ ${suffix} ${i + 1}`,
        lat: String(TOWN.lat),
        long: String(TOWN.long),
        image: { name: 'anh.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
});

test.afterAll(async () => {
  await api?.dispose();
});

async function openMap(page: Page, path = '/maps') {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await page.goto(path);
  await expect(page.getByTestId('map-page')).toBeVisible();
  // The warning toasts (map.spec.ts tests them) are not what these tests look at.
  await page.addStyleTag({ content: '.ant-notification { display: none !important; }' });
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}-${name}.png` });
}

const marker = (page: Page, code: string) => page.getByTestId(`station-marker-${code}`);

/** Whether the element on top at the middle of `target` is `target` or inside it (nothing covers it there). */
async function onTopAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openLayers(page: Page) {
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeVisible();
}

async function closeLayers(page: Page) {
  await page.getByTestId('map-layers-toggle').click();
  await expect(page.getByTestId('map-layers')).toBeHidden();
}

/** A point's marker is a 0 px anchor; its hit area is what a finger or the mouse meets. */
const evacuationPoint = (page: Page) => page.getByRole('button', { name: EVACUATION.name }).locator('.map-point-hit');
const floodMark = (page: Page) => page.getByRole('button', { name: MARK.place }).locator('.map-point-hit');

test.describe('the public map on a storm night', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('evacuation points and flood marks stay tappable over a flood layer and after it; stations stay shown', async ({
    page,
  }) => {
    await openMap(page);
    await expect(marker(page, TOWN.code)).toHaveText('8,5');

    await openLayers(page);
    await page.getByTestId('layer-flood').selectOption({ label: FLOOD_TIME.label });
    await expect(page.getByTestId('overlay-evacuationPoints')).toBeChecked();
    await page.getByTestId('overlay-floodMarks').check();
    await closeLayers(page);
    // The stations stay on the map while the flood is shown (their last values, no longer followed).
    await expect(marker(page, TOWN.code)).toHaveText('8,5');
    // Over the flood's canvas, the point is on top and opens its popup.
    await expect(evacuationPoint(page)).toBeVisible();
    expect(await onTopAtCentre(evacuationPoint(page))).toBe(true);
    await evacuationPoint(page).click();
    await expect(page.locator('.leaflet-popup')).toContainText(EVACUATION.name);
    await shot(page, 'flood-evacuation-1366');

    // Back to measured rain, then the evacuation points on again: the emptied canvas lets taps through.
    await openLayers(page);
    await page.getByTestId('layer-realRain').click();
    await expect(page.getByTestId('overlay-evacuationPoints')).not.toBeChecked();
    await page.getByTestId('overlay-evacuationPoints').check();
    await closeLayers(page);
    await expect(evacuationPoint(page)).toBeVisible();
    expect(await onTopAtCentre(evacuationPoint(page))).toBe(true);
    await evacuationPoint(page).click();
    await expect(page.locator('.leaflet-popup')).toContainText(EVACUATION.name);
    expect(await onTopAtCentre(floodMark(page))).toBe(true);
    await floodMark(page).click();
    await expect(page.locator('.leaflet-popup', { hasText: MARK.place })).toContainText('1,20');

    // WCAG 2.2 target size: at least 24 px to tap each point.
    for (const point of [evacuationPoint(page), floodMark(page)]) {
      const hit = (await point.boundingBox())!;
      expect(hit.width).toBeGreaterThanOrEqual(24);
      expect(hit.height).toBeGreaterThanOrEqual(24);
    }
  });

  test('the town’s rain station stays above the photo cluster where it stands, and opens', async ({ page }) => {
    await openMap(page);
    const town = marker(page, TOWN.code);
    await expect(town).toHaveText('8,5');
    const cluster = page.getByRole('button', { name: new RegExp(`ảnh ngập lụt, mới nhất: Phố chợ ${suffix}`) });
    await expect(cluster).toBeVisible();
    expect(intersects((await cluster.boundingBox())!, (await town.boundingBox())!)).toBe(true);
    expect(await onTopAtCentre(town)).toBe(true);
    await town.click();
    await expect(page.getByTestId('station-modal')).toHaveAttribute('data-station', TOWN.code);
    await shot(page, 'town-station-1366');
  });

  test('the station card’s chart ends on the value it shows (each reading of the last 24 h)', async ({ page }) => {
    await openMap(page, `/maps?station=${RIVER.code}`);
    const modal = page.getByTestId('station-modal');
    await expect(modal.getByTestId('station-modal-value')).toHaveText('3,28 m');
    await expect(modal.getByTestId('station-modal-status')).toHaveText('Cấp III');
    await expect(modal.locator('[data-testid="station-chart"] canvas').first()).toBeVisible();
    await modal.getByText('Xem bảng số liệu').click();
    // Newest first: the chart's last point is the card's value.
    await expect(modal.locator('.station-history-table tbody tr').first().locator('td')).toHaveText('3,28');
    await shot(page, 'station-card-1366');
  });

  test('1366×900: after drawing, the print button stays clear of the legend; 1280×720 with warnings: legend on screen', async ({
    page,
  }) => {
    await openMap(page);
    await expect(marker(page, TOWN.code)).toBeVisible();
    await page.getByTestId('map-draw').click();
    await page.getByTestId('map-draw-circle').click();
    const box = (await page.locator('.flood-map-canvas').boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 });
    await page.mouse.move(from.x + 80, from.y + 20, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('map-draw-delete')).toBeVisible();
    const legend = page.getByTestId('map-legend');
    await expect(legend.locator('.map-legend-body')).toBeVisible();
    const print = (await page.getByTestId('map-export').boundingBox())!;
    expect(intersects(print, (await legend.boundingBox())!)).toBe(false);
    await shot(page, 'drawn-1366');

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.reload();
    await expect(page.getByTestId('alert-banner')).toBeVisible();
    await expect(marker(page, TOWN.code)).toBeVisible();
    const toggle = (await page.getByTestId('map-legend-toggle').boundingBox())!;
    expect(toggle.y).toBeGreaterThanOrEqual(0);
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(720);
    const body = legend.locator('.map-legend-body');
    if ((await page.getByTestId('map-legend-toggle').getAttribute('aria-expanded')) !== 'true') {
      await page.getByTestId('map-legend-toggle').click();
    }
    await expect(body).toBeVisible();
    const legendBox = (await legend.boundingBox())!;
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(720);
    for (const id of ['map-export', 'map-fit-all']) {
      expect(intersects((await page.getByTestId(id).boundingBox())!, legendBox), id).toBe(false);
    }
    await shot(page, 'warnings-1280');
  });
});

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    hasTouch: true,
    isMobile: true,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return { context, page: await context.newPage() };
}

test.describe('the public map on a phone (390 px)', () => {
  test('the tools fold under one labelled button, the whole district is in view, nothing covers a station', async ({
    browser,
  }) => {
    const { context, page } = await phone(browser);
    await openMap(page, '/maps-mobile');
    for (const s of [TOWN, WEST, MIDDLE]) await expect(marker(page, s.code)).toBeVisible();
    const toolsToggle = page.getByTestId('map-tools-toggle');
    await expect(toolsToggle).toHaveText('Công cụ');
    await expect(toolsToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('map-zoom-in')).toBeHidden();
    await expect(page.getByTestId('map-export')).toBeHidden();
    await expect(page.getByTestId('map-layers-toggle')).toContainText('Lớp bản đồ');
    await expect(page.getByTestId('map-layers-toggle').getByText('Lớp bản đồ')).toBeVisible();

    // Every commune of the district within the map.
    const map = (await page.locator('.flood-map-canvas').boundingBox())!;
    const communes = page.locator('.leaflet-regions-pane path');
    await expect(communes).not.toHaveCount(0);
    for (const commune of await communes.all()) {
      const b = (await commune.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(map.x);
      expect(b.y).toBeGreaterThanOrEqual(map.y);
      expect(b.x + b.width).toBeLessThanOrEqual(map.x + map.width);
      expect(b.y + b.height).toBeLessThanOrEqual(map.y + map.height);
    }

    // No button over a station's value.
    const buttons = page.locator('.map-side button, .map-layers button, .map-search input');
    const values = await Promise.all(
      [TOWN, WEST, MIDDLE].map(async (s) => (await marker(page, s.code).boundingBox())!),
    );
    for (const button of await buttons.all()) {
      if (!(await button.isVisible())) continue;
      const b = (await button.boundingBox())!;
      const name = (await button.getAttribute('data-testid')) ?? '';
      for (const v of values) expect(intersects(b, v), name).toBe(false);
    }
    await shot(page, 'phone-390');

    // Open, the tools are there to tap (44 px); the district's points too.
    await toolsToggle.tap();
    await expect(toolsToggle).toHaveAttribute('aria-expanded', 'true');
    for (const id of ['map-zoom-in', 'map-export', 'map-draw']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.width, id).toBeGreaterThanOrEqual(44);
      expect(b.height, id).toBeGreaterThanOrEqual(44);
    }
    await shot(page, 'phone-390-tools');
    await toolsToggle.tap();
    await expect(page.getByTestId('map-zoom-in')).toBeHidden();

    await page.getByTestId('map-layers-toggle').tap();
    await page.getByTestId('overlay-evacuationPoints').check();
    await page.getByTestId('map-layers-toggle').tap();
    const hit = (await evacuationPoint(page).boundingBox())!;
    expect(hit.width).toBeGreaterThanOrEqual(44);
    expect(hit.height).toBeGreaterThanOrEqual(44);
    await evacuationPoint(page).tap();
    await expect(page.locator('.leaflet-popup')).toContainText(EVACUATION.name);
    await context.close();
  });
});

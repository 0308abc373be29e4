import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { openMapTools, pushReading, signedInApi } from './helpers';

// The public map against a real server: stations and readings pushed as loggers push them, GeoJSON layers
// uploaded through the file manager's API. No external network here: every tile is a 1×1 PNG.

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
/** The map's centre (spec §9): the data polygons are drawn around it, so hovering the map's middle finds them. */
const CENTRE = { lat: 21.274446, long: 107.267796 };

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
const RAIN = { code: `F00${suffix}`, name: `Mưa bản đồ ${suffix}`, lat: 21.33, long: 107.2 };
const WATER = { code: `F01${suffix}`, name: `Thuỷ văn bản đồ ${suffix}`, lat: 21.24, long: 107.33 };
const LIVE = { code: `F01${suffix}L`, name: `Trực tiếp ${suffix}`, lat: 21.21, long: 107.22 };
const ALARM = {
  code: `F01${suffix}Y`,
  name: `Trung tâm Y tế ${suffix}`,
  description: `Đối diện Trung tâm Y tế huyện Ba Chẽ ${suffix}`,
  lat: 21.273,
  long: 107.2896,
};
/** A second one, raised while the map is open. */
const LATE = {
  code: `F01${suffix}C`,
  name: `Cầu Ba Chẽ ${suffix}`,
  description: `Chân cầu Ba Chẽ ${suffix}`,
  lat: 21.29,
  long: 107.31,
};

/** Times of the uploaded layers (their labels in the pickers are on the district clock, UTC+7). */
const FLOOD_TIME = { iso: '2024-06-15T03:00:00.000Z', label: '15/06/2024 10:00' };
const RAIN_TIME = { iso: '2024-06-15T04:00:00.000Z', label: '15/06/2024 11:00' };

let api: APIRequestContext;
const keys = new Map<string, string>();

function squareAround(value: number, half = 0.03) {
  const ring = [
    [CENTRE.long - half, CENTRE.lat - half],
    [CENTRE.long + half, CENTRE.lat - half],
    [CENTRE.long + half, CENTRE.lat + half],
    [CENTRE.long - half, CENTRE.lat + half],
    [CENTRE.long - half, CENTRE.lat - half],
  ];
  return { type: 'Feature', properties: { value }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

async function createStation(s: {
  code: string;
  name: string;
  lat: number;
  long: number;
  description?: string;
  levels?: [number, number, number];
}) {
  const response = await api.post('/api/station', {
    data: {
      code: s.code,
      name: s.name,
      description: s.description ?? `Trạm thử bản đồ ${suffix}`,
      lat: s.lat,
      long: s.long,
      warningLevel1: s.levels?.[0] ?? null,
      warningLevel2: s.levels?.[1] ?? null,
      warningLevel3: s.levels?.[2] ?? null,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  keys.set(s.code, ((await response.json()) as { pushKey: string }).pushKey);
}

/** Pushes a reading as a logger does, stamped `minutesAgo` before now on the district clock. */
async function push(code: string, value: number, minutesAgo = 0) {
  await pushReading(api, code, keys.get(code)!, value, minutesAgo);
}

async function upload(type: string, time: string | null, name: string, geojson: unknown) {
  const response = await api.post('/api/geojson', {
    multipart: {
      type,
      ...(time ? { time } : {}),
      file: { name, mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(geojson)) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  await createStation(RAIN);
  await createStation({ ...WATER, levels: [100, 150, 200] });
  await createStation({ ...LIVE, levels: [100, 150, 200] });
  await createStation({ ...ALARM, levels: [30, 50, 70] });
  await createStation({ ...LATE, levels: [30, 50, 70] });
  await push(RAIN.code, 12.5, 2);
  await push(WATER.code, 125, 2);
  await push(LIVE.code, 40, 3);
  // Level II (0,5 m) at the medical centre: the warning of DECISIONS.md "Warnings", held by two readings (#22).
  await push(ALARM.code, 61, 3);
  await push(ALARM.code, 62, 2);

  await upload('CURRENT_HIGH', FLOOD_TIME.iso, `ngap-ban-do-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [squareAround(1.5), squareAround(0, 0.06)],
  });
  await upload('CURRENT_RAIN', RAIN_TIME.iso, `mua-ve-tinh-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [squareAround(42)],
  });
  await upload('EVACUATION_POINT', null, `diem-so-tan-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { ten: `Trường THCS Ba Chẽ ${suffix}` },
        geometry: { type: 'Point', coordinates: [107.3, 21.25] },
      },
    ],
  });
});

test.afterAll(async () => {
  await api?.dispose();
});

/** Every request that leaves the portal (tiles) gets a 1×1 PNG: there is no external network here. */
async function openMap(page: Page, path = '/maps') {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await page.goto(path);
  await expect(page.getByTestId('map-page')).toBeVisible();
}

const marker = (page: Page, code: string) => page.getByTestId(`station-marker-${code}`);

/** Opens the layers menu unless it is open (it starts open on wide screens, closed on phones). */
async function openLayers(page: Page) {
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeVisible();
}

/** Closes the layers menu with its button. */
async function closeLayers(page: Page) {
  await page.getByTestId('map-layers-toggle').click();
  await expect(page.getByTestId('map-layers')).toBeHidden();
}

/** Hovers the middle of the map (where the uploaded polygons are) and returns the tooltip shown there. */
async function hoverCentre(page: Page) {
  const box = (await page.locator('.flood-map-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 - 5, box.y + box.height / 2 - 5);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return page.locator('.map-data-tooltip');
}

test.describe('public map', () => {
  test('station markers with their values and tooltips; a station opens with its chart (ECharts and antd only then)', async ({
    page,
  }) => {
    const charts: string[] = [];
    // antd's scope (its theme engine, ~80 KB gzip) is not in the map's first load (#25 point 3).
    const antd: string[] = [];
    page.on('request', (r) => {
      if (/vendor-echarts/.test(r.url())) charts.push(r.url());
      if (/\/assets\/antd-scope-/.test(r.url())) antd.push(r.url());
    });
    await openMap(page);

    // Measured rain is the first layer: rain stations only, the value on the marker.
    await expect(marker(page, RAIN.code)).toHaveText('12,5');
    await expect(marker(page, WATER.code)).toHaveCount(0);
    await marker(page, RAIN.code).hover();
    await expect(page.locator('.station-tooltip')).toHaveText(`${RAIN.name} - Lượng mưa 12,5 mm/h`);
    expect(charts).toEqual([]);
    expect(antd).toEqual([]);

    await marker(page, RAIN.code).click();
    const modal = page.getByTestId('station-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog', { name: RAIN.name })).toBeVisible();
    await expect(modal.getByText(`Trạm thử bản đồ ${suffix}`)).toBeVisible();
    await expect(modal.getByText('Vĩ độ 21,3300, kinh độ 107,2000')).toBeVisible();
    await expect(modal.getByTestId('station-modal-value')).toHaveText('12,5 mm/h');
    await expect(modal.getByTestId('station-modal-status')).toHaveText('Mưa to');
    await expect(modal.getByText('Cập nhật lúc')).toBeVisible();
    await expect(modal.getByTestId('station-modal-time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(modal.locator('[data-testid="station-chart"] canvas').first()).toBeVisible();
    expect(charts.length).toBeGreaterThan(0);
    expect(antd.length).toBeGreaterThan(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Đóng', exact: true }).click();
    await expect(modal).toBeHidden();

    // Measured water: the water stations in metres, coloured by level.
    await openLayers(page);
    await page.getByTestId('layer-realWater').click();
    await expect(page.getByTestId('layer-realWater')).toHaveAttribute('aria-pressed', 'true');
    await expect(marker(page, WATER.code)).toHaveText('1,25');
    await expect(marker(page, WATER.code)).toHaveAttribute('data-status', 'level1');
    await expect(marker(page, RAIN.code)).toHaveCount(0);
    await marker(page, WATER.code).hover();
    // One reading at level I: shown at once, not confirmed yet (#22).
    // Said in context (#25): against its alarm levels (no trend yet: one reading).
    await expect(page.locator('.station-tooltip')).toHaveText(
      `${WATER.name} - Mực nước 1,25 m (chưa xác nhận) — dưới BĐ2 0,25 m`,
    );
    await marker(page, WATER.code).click();
    await expect(modal.getByTestId('station-modal-value')).toHaveText('1,25 m');
    await expect(modal.getByTestId('station-modal-status')).toHaveText('Cấp I');
    await expect(modal.locator('[data-testid="station-chart"] canvas').first()).toBeVisible();
  });

  test('time pickers: a time draws its layer and clears the others; measured rain clears them all', async ({
    page,
  }) => {
    await openMap(page);
    const menu = page.getByTestId('map-layers');
    await expect(menu).toBeVisible();
    await expect(marker(page, RAIN.code)).toBeVisible();
    await expect(page.getByTestId('overlay-evacuationPoints')).not.toBeChecked();

    // Flood at 15/06/2024 10:00: the layer loads, the stations stay (no longer followed), evacuation shows.
    const flood = page.getByTestId('layer-flood');
    const chosen = (select: typeof flood) => select.locator('option:checked');
    await expect(chosen(flood)).toHaveText('Chọn thời gian');
    await flood.selectOption({ label: FLOOD_TIME.label });
    await expect(chosen(flood)).toHaveText(FLOOD_TIME.label);
    await expect(marker(page, RAIN.code)).toHaveText('12,5');
    await expect(page.getByTestId('overlay-evacuationPoints')).toBeChecked();
    await expect(page.getByTestId('overlay-evacuationRoads')).toBeChecked();
    await expect(page.getByTestId('map-legend')).toContainText('Độ sâu ngập (m)');
    // A click outside closes the menu (off the flood polygon: a click on it opens the flood analysis modal);
    // the flood polygon in the middle says its depth.
    const map = (await page.locator('.flood-map-canvas').boundingBox())!;
    await page.mouse.click(map.x + map.width / 2 - 200, map.y + map.height / 2 + 150);
    await expect(menu).toBeHidden();
    await expect(await hoverCentre(page)).toHaveText('Mực nước: 1,50 m');

    // Satellite rain: the flood's time is cleared, the evacuation layers hide again.
    await openLayers(page);
    const satellite = page.getByTestId('layer-satelliteRain');
    await satellite.selectOption({ label: RAIN_TIME.label });
    await expect(chosen(satellite)).toHaveText(RAIN_TIME.label);
    await expect(chosen(flood)).toHaveText('Chọn thời gian');
    await expect(page.getByTestId('overlay-evacuationPoints')).not.toBeChecked();
    await closeLayers(page);
    await expect(await hoverCentre(page)).toHaveText('Lượng mưa: 42,0 mm/h');

    // Measured rain clears the layer and every time, and the stations come back.
    await openLayers(page);
    await page.getByTestId('layer-realRain').click();
    await expect(chosen(satellite)).toHaveText('Chọn thời gian');
    await expect(chosen(flood)).toHaveText('Chọn thời gian');
    await expect(marker(page, RAIN.code)).toHaveText('12,5');
    await closeLayers(page);
    await hoverCentre(page);
    await expect(page.locator('.map-data-tooltip')).toHaveCount(0);
  });

  test('a reading pushed while the map is open changes its marker within 2 s, without a reload', async ({ page }) => {
    await openMap(page);
    await openLayers(page);
    await page.getByTestId('layer-realWater').click();
    const live = marker(page, LIVE.code);
    await expect(live).toHaveText('0,40');
    let reloaded = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloaded = true;
    });
    // The stream is connected (no 'reconnecting' notice), then a logger pushes.
    await expect(page.getByTestId('map-reconnecting')).toHaveCount(0);
    await page.waitForTimeout(500);
    await push(LIVE.code, 57);
    await expect(live).toHaveText('0,57', { timeout: 2_000 });
    expect(reloaded).toBe(false);
  });

  test('a warning raised while the map is open toasts once, naming the level and where it is', async ({ page }) => {
    await openMap(page);
    // Open when the map loads: the banner lists it, it does not toast.
    await expect(page.getByTestId(`alert-${ALARM.code}`)).toBeAttached();
    await page.waitForTimeout(1_000);
    const toast = page.getByTestId(`map-alert-toast-${ALARM.code}`);
    await expect(toast).toHaveCount(0);

    // Raised while the map is open: the stream brings it once the level is held by two readings (#22).
    await push(LATE.code, 54, 30);
    await push(LATE.code, 55, 20);
    const late = page.getByTestId(`map-alert-toast-${LATE.code}`);
    await expect(late).toBeAttached({ timeout: 5_000 });
    await expect(late).toContainText('Cảnh báo lũ – Cấp II');
    await expect(late).toContainText(`Vị trí: ${LATE.description}`);
    await expect(late).toContainText('0,55 m');

    // An escalation toasts again (level III held by two readings); the warning open at load still does not.
    await push(LATE.code, 74, 10);
    await push(LATE.code, 75);
    await expect(page.getByTestId(`map-alert-toast-${LATE.code}`).filter({ hasText: 'Cấp III' })).toBeAttached({
      timeout: 5_000,
    });
    await page.waitForTimeout(1_000);
    await expect(toast).toHaveCount(0);
  });

  test('/maps-mobile: the map without the header; phones get collapsed menus and 40 px targets', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      hasTouch: true,
      isMobile: true,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await context.newPage();
    await openMap(page, '/maps-mobile');
    await expect(page.locator('.app-header')).toHaveCount(0);
    await expect(marker(page, RAIN.code)).toHaveText('12,5');
    // Collapsed on phones, opened on demand.
    await expect(page.getByTestId('map-layers')).toHaveCount(0);
    await expect(page.getByTestId('map-legend-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('map-zoom-in')).toBeHidden();
    await openMapTools(page);
    for (const id of [
      'map-tools-toggle',
      'map-zoom-in',
      'map-home',
      'map-refresh',
      'map-fit-all',
      'map-layers-toggle',
      'map-legend-toggle',
    ]) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.height, id).toBeGreaterThanOrEqual(40);
      expect(box.width, id).toBeGreaterThanOrEqual(40);
    }
    await page.getByTestId('map-layers-toggle').tap();
    const menu = page.getByTestId('map-layers');
    await expect(menu).toBeVisible();
    const panel = (await menu.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(360);
    // The station's card fits the screen (the tools folded again, off the stations).
    await page.getByTestId('map-layers-toggle').tap();
    await page.getByTestId('map-tools-toggle').tap();
    await marker(page, RAIN.code).tap();
    const modal = page.locator('.station-modal .ant-modal-container');
    await expect(modal).toBeVisible();
    const card = (await modal.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(360);
    await context.close();
  });
});

test.describe('data layers and the map', () => {
  test('a data layer switched off in the back office disappears from the map menu, and comes back when on', async ({
    page,
  }) => {
    const layers = (await (await api.get('/api/data-layer?pageSize=100')).json()) as {
      items: { id: number; name: string; enabled: boolean; symbol: { icon: string; color: string } }[];
    };
    const forecast = layers.items.find((l) => l.name === 'Mưa dự báo')!;
    const set = (enabled: boolean) =>
      api.put(`/api/data-layer/${forecast.id}`, {
        data: { name: forecast.name, enabled, symbol: forecast.symbol },
      });
    await openMap(page);
    await openLayers(page);
    const menu = page.getByTestId('map-layers');
    await expect(menu.getByText('Mưa dự báo', { exact: true })).toBeVisible();
    try {
      expect((await set(false)).ok()).toBe(true);
      await openMap(page);
      await openLayers(page);
      await expect(menu.getByText('Mưa thực đo', { exact: true })).toBeVisible();
      await expect(menu.getByText('Mưa dự báo', { exact: true })).toHaveCount(0);
    } finally {
      expect((await set(true)).ok()).toBe(true);
    }
    await openMap(page);
    await openLayers(page);
    await expect(menu.getByText('Mưa dự báo', { exact: true })).toBeVisible();
  });
});

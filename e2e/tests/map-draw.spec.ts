import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { openMapTools, pushReading, signedInApi } from './helpers';

// The map's drawing, measuring and locate tools (issue #8) against a real server. Shapes are drawn and
// points clicked at known latitudes and longitudes: their place on the screen is computed by Web Mercator
// (as Leaflet does) from a station marker at a known position, at the opening zoom (spec §9: 11).

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
/** The map's opening zoom (spec §9). */
const VIEW = { zoom: 11 };
/** Mean Earth radius of the domain's haversine (domain/src/geo/distance.ts). */
const R = 6_371_008.8;
const RAD = Math.PI / 180;

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
// West of the district's centre, in the middle of the screen (clear of the banners, the search box and the
// menus), away from the other specs' stations (long 107.2–107.33).
const INSIDE_RAIN = { code: `F00${suffix}A`, name: `Vẽ mưa trong ${suffix}`, lat: 21.29, long: 107.08 };
const INSIDE_WATER = { code: `F01${suffix}B`, name: `Vẽ thuỷ văn trong ${suffix}`, lat: 21.25, long: 107.13 };
const OUTSIDE_RAIN = { code: `F00${suffix}C`, name: `Vẽ mưa ngoài ${suffix}`, lat: 21.27, long: 107.19 };
/** The rectangle drawn over the first two (and not the third). */
const BOX = { north: 21.31, west: 107.05, south: 21.23, east: 107.16 };

let api: APIRequestContext;
const keys = new Map<string, string>();

async function createStation(s: { code: string; name: string; lat: number; long: number }, levels?: number[]) {
  const response = await api.post('/api/station', {
    data: {
      code: s.code,
      name: s.name,
      description: `Trạm thử công cụ vẽ ${suffix}`,
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

async function push(code: string, value: number) {
  await pushReading(api, code, keys.get(code)!, value, 2);
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  await createStation(INSIDE_RAIN);
  await createStation(INSIDE_WATER, [100, 150, 200]);
  await createStation(OUTSIDE_RAIN);
  await push(INSIDE_RAIN.code, 12.5);
  await push(INSIDE_WATER.code, 125);
  await push(OUTSIDE_RAIN.code, 3);
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
  await expect(page.getByTestId(`station-marker-${INSIDE_RAIN.code}`)).toBeVisible();
  // The warning banner comes with the alerts and pushes the map down: wait until the map stays put.
  const pin = page.getByTestId(`station-marker-${INSIDE_RAIN.code}`);
  await expect(async () => {
    const before = await pin.boundingBox();
    await page.waitForTimeout(400);
    expect(await pin.boundingBox()).toEqual(before);
  }).toPass();
}

/** Web Mercator pixel of a position at a zoom (Leaflet's EPSG:3857, 256 px tiles). */
function project(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin(lat * RAD);
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

/**
 * Where a position is on the page at the map's `zoom`: measured from the first station's marker (its pill is
 * centred on the station), so it holds wherever the map's container moved (the warning banner above it).
 */
async function at(page: Page, lat: number, lng: number, zoom = VIEW.zoom): Promise<{ x: number; y: number }> {
  const pin = (await page.getByTestId(`station-marker-${INSIDE_RAIN.code}`).boundingBox())!;
  const o = project(INSIDE_RAIN.lat, INSIDE_RAIN.long, zoom);
  const p = project(lat, lng, zoom);
  return { x: pin.x + pin.width / 2 + p.x - o.x, y: pin.y + pin.height / 2 + p.y - o.y };
}

function haversine(a: [number, number], b: [number, number]) {
  const dLat = (b[0] - a[0]) * RAD;
  const dLng = (b[1] - a[1]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/** '18,9 km' → 18.9 (Vietnamese: dot for thousands, comma for decimals). */
function readNumber(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** E2E_SHOTS=/tmp/x saves screenshots of the tools in use (/tmp/x-desktop-rectangle.png...) for a look. */
const SHOTS = process.env.E2E_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(300); // the buttons' colour transitions
  await page.screenshot({ path: `${SHOTS}-${name}.png` });
}

test.describe('map drawing tools', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('a rectangle lists exactly the stations inside it; edit resizes it; delete brings the draw button back', async ({
    page,
  }) => {
    await openMap(page);
    await page.getByTestId('map-draw').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await shot(page, 'desktop-menu');
    await page.getByRole('menuitem', { name: 'Truy vấn theo vùng' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByTestId('map-draw')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('draw-hint')).toContainText('Nhấn giữ và kéo');

    await drag(page, await at(page, BOX.north, BOX.west), await at(page, BOX.south, BOX.east));
    const results = page.getByTestId('draw-results');
    await expect(results).toBeVisible();
    await expect(results.getByRole('heading', { name: 'Truy vấn theo vùng' })).toBeVisible();
    await expect(page.getByTestId('draw-count')).toHaveText('Có 2 trạm trong vùng');
    await expect(results.locator('.draw-station')).toHaveCount(2);
    const rain = page.getByTestId(`draw-station-${INSIDE_RAIN.code}`);
    await expect(rain).toContainText(INSIDE_RAIN.name);
    await expect(rain).toContainText('12,5 mm/h');
    await expect(rain).toContainText('Mưa to');
    const water = page.getByTestId(`draw-station-${INSIDE_WATER.code}`);
    await expect(water).toContainText('1,25 m');
    await expect(water).toContainText('Cấp I');
    await expect(page.getByTestId(`draw-station-${OUTSIDE_RAIN.code}`)).toHaveCount(0);
    // The area of 0.08° × 0.11° around 21.27° N: R²·Δλ·(sin φ₂ − sin φ₁) ≈ 101 km².
    const area = R * R * 0.11 * RAD * (Math.sin(BOX.north * RAD) - Math.sin(BOX.south * RAD));
    const shownArea = (await page.getByTestId('draw-size').textContent()) ?? '';
    expect(shownArea).toMatch(/^Diện tích: [\d.,]+ km²$/);
    expect(Math.abs(readNumber(shownArea) - area / 1e6) / (area / 1e6)).toBeLessThan(0.02);

    // The draw control became the edit control: edit and delete, no draw button.
    await expect(page.getByTestId('map-draw')).toHaveCount(0);
    await expect(page.getByTestId('map-draw-edit')).toBeVisible();
    await expect(page.getByTestId('map-draw-delete')).toBeVisible();
    await shot(page, 'desktop-rectangle');

    // Editing: the south-east corner dragged east takes in the third station.
    await page.getByTestId('map-draw-edit').click();
    await expect(page.locator('.draw-handle')).toHaveCount(5);
    await drag(page, await at(page, BOX.south, BOX.east), await at(page, BOX.south, OUTSIDE_RAIN.long + 0.03));
    await expect(page.getByTestId('draw-count')).toHaveText('Có 3 trạm trong vùng');
    await expect(page.getByTestId(`draw-station-${OUTSIDE_RAIN.code}`)).toContainText('Mưa nhỏ');
    await shot(page, 'desktop-edit');

    await page.getByTestId('map-draw-delete').click();
    await expect(page.getByTestId('draw-results')).toHaveCount(0);
    await expect(page.locator('.draw-handle')).toHaveCount(0);
    await expect(page.locator('path.draw-shape')).toHaveCount(0);
    await expect(page.getByTestId('map-draw')).toBeVisible();
    await expect(page.getByTestId('map-draw-edit')).toHaveCount(0);
  });

  test('a circle gives its radius and says when no station is inside; Escape cancels; refresh removes it', async ({
    page,
  }) => {
    await openMap(page);
    // Escape ends the drawing mode without a shape.
    await page.getByTestId('map-draw').click();
    await page.getByTestId('map-draw-circle').click();
    await expect(page.getByTestId('draw-hint')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('draw-hint')).toHaveCount(0);
    await expect(page.getByTestId('map-draw')).toHaveAttribute('aria-pressed', 'false');

    // A circle of 0.05° of latitude (5.56 km) in an empty corner: no station.
    await page.getByTestId('map-draw').click();
    await page.getByTestId('map-draw-circle').click();
    const centre = { lat: 21.15, lng: 107.45 };
    await drag(page, await at(page, centre.lat, centre.lng), await at(page, centre.lat + 0.05, centre.lng));
    await expect(page.locator('path.draw-shape')).toHaveCount(1);
    await expect(page.getByTestId('draw-count')).toHaveText('Không có trạm nào trong vùng');
    const radius = readNumber((await page.getByTestId('draw-size').textContent()) ?? '');
    expect(Math.abs(radius - 5.56)).toBeLessThan(0.1);
    await expect(page.getByTestId('draw-size')).toHaveText(/^Bán kính: \d+,\d\d km$/);

    // 'Làm mới bản đồ' removes the shape and brings the draw button back.
    await page.getByTestId('map-refresh').click();
    await expect(page.getByTestId('draw-results')).toHaveCount(0);
    await expect(page.locator('path.draw-shape')).toHaveCount(0);
    await expect(page.getByTestId('map-draw')).toBeVisible();
  });

  test('measuring: a known distance (double click ends it) and a known area (Xong ends it)', async ({ page }) => {
    await openMap(page);
    const a: [number, number] = [21.2, 107.15];
    const b: [number, number] = [21.33, 107.4];
    const c: [number, number] = [21.22, 107.3];
    await page.getByTestId('map-measure').click();
    await page.getByRole('menuitem', { name: 'Đo khoảng cách' }).click();
    const panel = page.getByTestId('measure-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('measure-finish')).toBeDisabled();

    const pa = await at(page, ...a);
    const pb = await at(page, ...b);
    const pc = await at(page, ...c);
    await page.mouse.click(pa.x, pa.y);
    await page.mouse.click(pb.x, pb.y);
    const ab = haversine(a, b) / 1000;
    const shownAb = readNumber((await page.getByTestId('measure-total').textContent()) ?? '');
    expect(Math.abs(shownAb - ab) / ab).toBeLessThan(0.01);
    // The total follows the mouse: A→B→pointer.
    const total = ab + haversine(b, c) / 1000;
    await page.mouse.move(pc.x, pc.y, { steps: 3 });
    await expect(async () => {
      const live = readNumber((await page.getByTestId('measure-total').textContent()) ?? '');
      expect(Math.abs(live - total) / total).toBeLessThan(0.01);
    }).toPass();
    await shot(page, 'desktop-measuring');
    await page.mouse.dblclick(pc.x, pc.y);
    await expect(page.getByTestId('measure-finish')).toHaveCount(0);
    const shown = (await page.getByTestId('measure-total').textContent()) ?? '';
    expect(shown).toMatch(/^\d+,\d km$/);
    expect(Math.abs(readNumber(shown) - total) / total).toBeLessThan(0.01);
    // The running total is on the line too, and the double click did not zoom the map (around C).
    await expect(page.locator('.measure-label')).toHaveText(shown);
    await expect(page.locator('path.measure-vertex')).toHaveCount(3);
    await page.waitForTimeout(400);
    const first = (await page.locator('path.measure-vertex').first().boundingBox())!;
    expect(Math.abs(first.x + first.width / 2 - pa.x)).toBeLessThan(2);
    expect(Math.abs(first.y + first.height / 2 - pa.y)).toBeLessThan(2);
    await expect(page.getByTestId('map-measure')).toHaveAttribute('aria-pressed', 'false');
    await shot(page, 'desktop-measure');

    // Clicks on the map no longer measure: the finished line stays as it is.
    await page.mouse.click(pa.x + 40, pa.y + 40);
    await expect(page.getByTestId('measure-total')).toHaveText(shown);

    // An area: 0.1° × 0.1° south-west of the centre, closed with 'Xong'.
    await page.getByTestId('map-measure').click();
    await page.getByTestId('map-measure-area').click();
    await expect(page.locator('.measure-label')).toHaveCount(0);
    const sq = { south: 21.15, west: 107.1, north: 21.25, east: 107.2 };
    for (const [lat, lng] of [
      [sq.south, sq.west],
      [sq.south, sq.east],
      [sq.north, sq.east],
      [sq.north, sq.west],
    ] as const) {
      const p = await at(page, lat, lng);
      await page.mouse.click(p.x, p.y);
    }
    await page.getByTestId('measure-finish').click();
    const area = (R * R * 0.1 * RAD * (Math.sin(sq.north * RAD) - Math.sin(sq.south * RAD))) / 1e6;
    const shownArea = (await page.getByTestId('measure-total').textContent()) ?? '';
    expect(shownArea).toMatch(/^\d+,\d\d km²$/);
    expect(Math.abs(readNumber(shownArea) - area) / area).toBeLessThan(0.02);

    await page.getByTestId('measure-panel').getByRole('button', { name: 'Xoá' }).click();
    await expect(page.getByTestId('measure-panel')).toHaveCount(0);
    await expect(page.locator('.measure-label')).toHaveCount(0);

    // Escape cancels a measure going on; 'Làm mới bản đồ' removes one too.
    await page.getByTestId('map-measure').click();
    await page.getByTestId('map-measure-distance').click();
    await page.mouse.click(pa.x, pa.y);
    await page.mouse.click(pb.x, pb.y);
    await expect(page.locator('.measure-label')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('measure-panel')).toHaveCount(0);
    await expect(page.locator('path.measure-vertex')).toHaveCount(0);
    await expect(page.getByTestId('map-measure')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('map-measure').click();
    await page.getByTestId('map-measure-distance').click();
    await page.mouse.click(pa.x, pa.y);
    await page.mouse.click(pb.x, pb.y);
    await page.getByTestId('map-refresh').click();
    await expect(page.getByTestId('measure-panel')).toHaveCount(0);
    await expect(page.locator('path.measure-vertex')).toHaveCount(0);
    await expect(page.getByTestId('map-measure')).toHaveAttribute('aria-pressed', 'false');
  });

  test('locate: a marker and an accuracy circle where the browser says, the accuracy in the popup', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 21.2744, longitude: 107.2678, accuracy: 25 });
    await openMap(page);
    await page.getByTestId('map-locate').click();
    await expect(page.getByTestId('locate-marker')).toBeVisible();
    await expect(page.locator('path.locate-accuracy')).toHaveCount(1);
    await expect(page.locator('.locate-popup')).toContainText('Bạn đang ở đây (sai số khoảng 25 m)');
    // The accuracy circle is 25 m wide at zoom 15 or more: at least 2 × 25 / 4.5 ≈ 11 px across.
    await page.waitForTimeout(1200);
    const circle = await page.locator('path.locate-accuracy').boundingBox();
    expect(circle!.width).toBeGreaterThan(10);
    await shot(page, 'desktop-locate');

    await page.getByTestId('map-refresh').click();
    await expect(page.getByTestId('locate-marker')).toHaveCount(0);
    await expect(page.locator('path.locate-accuracy')).toHaveCount(0);
  });

  test('locate without permission says so in Vietnamese', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Geolocation.prototype, 'getCurrentPosition', {
        value(_ok: PositionCallback, fail: PositionErrorCallback) {
          fail({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1 } as GeolocationPositionError);
        },
      });
    });
    await openMap(page);
    await page.getByTestId('map-locate').click();
    await expect(page.getByTestId('locate-message')).toContainText('Bạn chưa cho phép truy cập vị trí.');
    await expect(page.getByTestId('locate-marker')).toHaveCount(0);
  });

  test("a browser without geolocation: 'Geolocation is not supported by this browser.'", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
    });
    await openMap(page);
    await page.getByTestId('map-locate').click();
    await expect(page.getByText('Geolocation is not supported by this browser.', { exact: true })).toBeVisible();
  });
});

test.describe('map drawing tools on a phone', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeEach(async ({ browser }) => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      hasTouch: true,
      isMobile: true,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    page = await context.newPage();
  });

  test.afterEach(async () => {
    await context.close();
  });

  test('a rectangle drawn with a finger lists the stations; taps measure a distance', async () => {
    await openMap(page);
    // The warning toasts of the stations' alerts (map.spec.ts tests them) cover the bottom of a phone's map.
    await page.addStyleTag({ content: '.ant-notification { display: none !important; }' });
    // A phone starts on the whole district (zoom 10); its tools fold under 'Công cụ'.
    await openMapTools(page);
    await page.getByTestId('map-draw').tap();
    await shot(page, 'phone-menu');
    await page.getByTestId('map-draw-rectangle').tap();
    // A finger pressing, dragging and lifting (touch events, as a phone sends them), from the south-east
    // corner to the north-west one: over the water station and the third rain station, not the first.
    const box = { north: 21.28, west: 107.1, south: 21.24, east: 107.22 };
    // The map takes touches for drawing from its next frame (the browser reads touch-action as it paints).
    await expect(page.getByTestId('draw-hint')).toBeVisible();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const cdp = await context.newCDPSession(page);
    const from = await at(page, box.south, box.east, 10);
    const to = await at(page, box.north, box.west, 10);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let i = 1; i <= 6; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
    // The finger rests before it lifts (a lift while moving starts a fling, and a tap during a fling only
    // stops it).
    await page.waitForTimeout(150);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [to] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByTestId('draw-count')).toHaveText('Có 2 trạm trong vùng');
    await expect(page.getByTestId(`draw-station-${INSIDE_WATER.code}`)).toBeVisible();
    await expect(page.getByTestId(`draw-station-${OUTSIDE_RAIN.code}`)).toBeVisible();
    // The 40 px targets of the edit control.
    const edit = await page.getByTestId('map-draw-edit').boundingBox();
    expect(edit!.height).toBeGreaterThanOrEqual(40);
    await shot(page, 'phone-rectangle');
    await page.getByTestId('map-draw-delete').tap();
    await expect(page.getByTestId('map-draw')).toBeVisible();

    await page.getByTestId('map-measure').tap();
    await page.getByTestId('map-measure-distance').tap();
    const a: [number, number] = [21.22, 107.22];
    const b: [number, number] = [21.32, 107.36];
    const pa = await at(page, ...a, 10);
    const pb = await at(page, ...b, 10);
    await page.touchscreen.tap(pa.x, pa.y);
    await page.touchscreen.tap(pb.x, pb.y);
    await shot(page, 'phone-measuring');
    await page.getByTestId('measure-finish').tap();
    const km = haversine(a, b) / 1000;
    const shown = readNumber((await page.getByTestId('measure-total').textContent()) ?? '');
    expect(Math.abs(shown - km) / km).toBeLessThan(0.02);
    await shot(page, 'phone-measure');
  });
});

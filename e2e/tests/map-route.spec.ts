import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { openMapTools, signedInApi, startSignedIn } from './helpers';

// Route planning on the public map (issue #8 item 7) against a real server. The e2e server runs without
// demo data, so the roads ('Đường sơ tán') and the evacuation points are uploaded here as staff; the
// communes (the district's bounds) are seeded always. Tiles are 1×1 PNGs: there is no external network.

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
/** The map's centre and first zoom (spec §2, §9). */
const CENTRE = { lat: 21.274446, lng: 107.267796 };
const ZOOM = 11;

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/**
 * Two roads that meet at W: one going east along ROAD_LAT, then bending north-east at BEND, and a
 * north-south one. They stay off the map's centre, where other map tests hover their data polygons.
 */
const ROAD_LAT = 21.25;
const W = [107.2, ROAD_LAT];
const BEND = [107.25, ROAD_LAT];
const EAST = { name: `Trường THCS Ba Chẽ ${suffix}`, lat: 21.26, lng: 107.33 };
const NORTH = { name: `Nhà văn hoá thôn Khe Tính ${suffix}`, lat: 21.3, lng: 107.2 };
/** A place on the bent stretch (BEND → [107.3, 21.26]), 0,2 of the way from [107.3, 21.26] back to BEND. */
const HERE = { latitude: 21.258, longitude: 107.29 };

let api: APIRequestContext;

async function upload(type: string, name: string, geojson: unknown) {
  const response = await api.post('/api/geojson', {
    multipart: {
      type,
      file: { name, mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(geojson)) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const line = (ref: string, coordinates: number[][]) => ({
  type: 'Feature',
  properties: { ref },
  geometry: { type: 'LineString', coordinates },
});
const point = (ten: string, lng: number, lat: number) => ({
  type: 'Feature',
  properties: { ten },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  await upload('EVACUATION_ROAD', `duong-so-tan-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [
      line(`ĐT 330 ${suffix}`, [W, BEND, [107.3, 21.26], [EAST.lng, EAST.lat]]),
      line(`ĐH 12 ${suffix}`, [[107.2, 21.22], W, [NORTH.lng, NORTH.lat]]),
    ],
  });
  await upload('EVACUATION_POINT', `diem-so-tan-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [point(EAST.name, EAST.lng, EAST.lat), point(NORTH.name, NORTH.lng, NORTH.lat)],
  });
});

test.afterAll(async () => {
  await api?.dispose();
});

async function openMap(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await page.goto('/maps');
  await expect(page.getByTestId('map-page')).toBeVisible();
  await expect(page.getByTestId('map-route')).toBeEnabled();
  // Other specs raise warnings; their toasts (bottom right, 3 s) would take the clicks this spec makes
  // on the east of the map.
  await page.addStyleTag({ content: '.ant-notification { display: none !important; }' });
}

/** Web Mercator pixels of a place at a zoom (Leaflet's default projection). */
function worldPixel(lat: number, lng: number, zoom: number) {
  const size = 256 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
}

/** Where a place is on the page while the map shows its first view (the centre at zoom 11). */
async function pagePoint(page: Page, lat: number, lng: number) {
  const box = (await page.locator('.flood-map-canvas').boundingBox())!;
  const c = worldPixel(CENTRE.lat, CENTRE.lng, ZOOM);
  const p = worldPixel(lat, lng, ZOOM);
  return { x: box.x + box.width / 2 + (p.x - c.x), y: box.y + box.height / 2 + (p.y - c.y) };
}

async function clickMapAt(page: Page, lat: number, lng: number) {
  const p = await pagePoint(page, lat, lng);
  await page.mouse.click(p.x, p.y);
}

async function closeLayers(page: Page) {
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeHidden();
}

async function openLayers(page: Page) {
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeVisible();
}

test.describe('route planning', () => {
  test('a visitor plans a route to the nearest evacuation point from their location; a point outside the district is refused', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    await page.setViewportSize({ width: 1366, height: 800 });
    await openMap(page);

    const tool = page.getByTestId('map-route');
    await expect(tool).toHaveAttribute('aria-pressed', 'false');
    await tool.click();
    await expect(tool).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByTestId('route-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Tìm đường' })).toBeVisible();
    await expect(panel.getByText('Chọn điểm đi')).toBeVisible();
    await expect(page.getByTestId('route-nearest')).toBeDisabled();

    // A start far east of the district: the server refuses it, naming the point.
    await closeLayers(page);
    await clickMapAt(page, CENTRE.lat, 107.56);
    await expect(page.getByTestId('route-start-marker')).toBeVisible();
    await expect(panel.getByText('Chọn điểm đến')).toBeVisible();
    await page.getByTestId('route-nearest').click();
    await expect(page.getByTestId('route-error')).toHaveText('Điểm đi: Điểm nằm ngoài địa bàn của cổng');
    await expect(page.locator('[data-testid="route-line"]')).toHaveCount(0);

    // 'Xoá tuyến' starts again; my location (on the road) to the nearest evacuation point by road.
    await page.getByTestId('route-clear').click();
    await expect(page.getByTestId('route-start-marker')).toHaveCount(0);
    await expect(page.getByTestId('route-error')).toHaveCount(0);
    await expect(panel.getByText('Chọn điểm đi')).toBeVisible();
    await page.getByRole('button', { name: 'Dùng vị trí của tôi' }).click();
    await expect(page.getByTestId('route-start-marker')).toBeVisible();
    await page.getByRole('button', { name: 'Đến điểm sơ tán gần nhất' }).click();
    // ≈ 1,06 km to the end of the bent stretch, then 0,03° of longitude (≈ 3,11 km) to EAST.
    await expect(page.getByTestId('route-length')).toHaveText(/^Độ dài: 4,1\d km$/);
    await expect(page.getByTestId('route-line')).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
    await expect(page.getByTestId('route-target')).toHaveText(`Điểm sơ tán gần nhất: ${EAST.name}`);
    await expect(page.getByTestId('route-end-marker')).toBeVisible();
    // Visitors cannot save a route (the server would refuse them).
    await expect(page.getByTestId('route-save')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('desktop.png') });

    // 'Làm mới bản đồ' removes the route and leaves the mode.
    await page.getByTestId('map-refresh').click();
    await expect(panel).toBeHidden();
    await expect(page.locator('[data-testid="route-line"]')).toHaveCount(0);
    await expect(page.getByTestId('route-start-marker')).toHaveCount(0);
    await expect(tool).toHaveAttribute('aria-pressed', 'false');
  });

  test('on a phone the panel is a bottom sheet that fits the screen', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    await page.setViewportSize({ width: 390, height: 844 });
    await openMap(page);
    await openMapTools(page);
    await page.getByTestId('map-route').click();
    await page.getByTestId('route-my-location').click();
    await page.getByTestId('route-nearest').click();
    await expect(page.getByTestId('route-length')).toHaveText(/^Độ dài: 4,1\d km$/);
    const box = (await page.getByTestId('route-panel').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    for (const id of ['route-my-location', 'route-nearest', 'route-clear']) {
      expect((await page.getByTestId(id).boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    await page.screenshot({ path: test.info().outputPath('phone.png') });
    // Leaving the mode with the button removes everything too.
    await page.getByTestId('map-route').click();
    await expect(page.getByTestId('route-panel')).toBeHidden();
    await expect(page.locator('[data-testid="route-line"]')).toHaveCount(0);
  });

  test('staff plan a route between two clicked points, drag its end, save it, see it in the evacuation roads and delete it', async ({
    page,
  }) => {
    // A retry starts clean: a route left by a failed attempt would lie under this one's pointer.
    const left = (await (await api.get('/api/route/saved')).json()) as { features: { id: number }[] };
    for (const f of left.features) expect((await api.delete(`/api/route/saved/${f.id}`)).ok()).toBe(true);
    await page.setViewportSize({ width: 1366, height: 800 });
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await openMap(page);

    const tool = page.getByTestId('map-route');
    await tool.click();
    // The panel loads on first use; clicks on the map choose points once it is there.
    await expect(page.getByTestId('route-panel')).toBeVisible();
    // The layers menu (open on wide screens) takes the first click outside it to close.
    await closeLayers(page);
    await clickMapAt(page, ROAD_LAT, 107.23);
    await expect(page.getByTestId('route-start-marker')).toBeVisible();
    await clickMapAt(page, 21.26, 107.3);
    await expect(page.getByTestId('route-end-marker')).toBeVisible();
    // 0,02° of longitude to BEND, then the bent stretch (≈ 5,30 km): ≈ 7,37 km, give or take a pixel of the clicks.
    await expect(page.getByTestId('route-length')).toHaveText(/^Độ dài: 7,\d\d km$/);
    await expect(page.getByTestId('route-line')).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
    // Dragging B on to the end of the road (0,03° of longitude further) computes the route again.
    const from = await pagePoint(page, 21.26, 107.3);
    const to = await pagePoint(page, EAST.lat, EAST.lng);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('route-length')).toHaveText(/^Độ dài: 10,[45] km$/);
    const length = (await page.getByTestId('route-length').textContent())!.replace('Độ dài: ', '');

    await page.getByTestId('route-save').click();
    const modal = page.getByTestId('route-save-modal');
    await expect(modal.getByText('Lưu thông tin tuyến')).toBeVisible();
    await expect(modal.getByTestId('route-save-length')).toHaveText(`Độ dài: ${length}`);
    await page.getByTestId('route-save-submit').click();
    await expect(modal.getByText('Tên tuyến là trường bắt buộc')).toBeVisible();
    const name = `Tuyến sơ tán Khe Tính ${suffix}`;
    await modal.getByLabel('Tên tuyến').fill(name);
    await expect(modal.getByText('Tên tuyến là trường bắt buộc')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('save.png') });
    await page.getByTestId('route-save-submit').click();
    await expect(page.getByText('Lưu dữ liệu thành công')).toBeVisible();

    // Saving ends the mode and takes the planned route off the map.
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('route-panel')).toBeHidden();
    await expect(tool).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-testid="route-line"]')).toHaveCount(0);

    const saved = (await (await api.get('/api/route/saved')).json()) as {
      features: { id: number; properties: { name: string; lengthM: number } }[];
    };
    const stored = saved.features.find((f) => f.properties.name === name);
    expect(stored).toBeTruthy();
    expect(stored!.properties.lengthM).toBeGreaterThan(7000);

    // Saving switched the evacuation roads overlay on; the saved route is drawn in it, with its name and length.
    await openLayers(page);
    await expect(page.getByTestId('overlay-evacuationRoads')).toBeChecked();
    await closeLayers(page);
    const path = page.locator(`[data-testid="saved-route"][data-route-id="${stored!.id}"]`);
    await expect(path).toHaveAttribute('d', /^M[\d.]+ [\d.]+L/);
    // A point on its straight stretch along ROAD_LAT.
    const on = await pagePoint(page, ROAD_LAT, 107.24);
    await page.mouse.move(on.x - 3, on.y);
    await page.mouse.move(on.x, on.y);
    await expect(page.locator('.leaflet-tooltip').filter({ hasText: name })).toHaveText(`${name} – ${length}`);
    await page.screenshot({ path: test.info().outputPath('saved.png') });
    // Staff delete it from its popup.
    await page.mouse.click(on.x, on.y);
    await page.getByTestId('saved-route-delete').click();
    await page.getByTestId('confirm-delete-ok').click();
    await expect(page.getByText('Xoá tuyến thành công!')).toBeVisible();
    await expect(path).toHaveCount(0);

    // A route to the nearest evacuation point is saved under the name the modal offers ('Đến {point}').
    await tool.click();
    await expect(page.getByTestId('route-panel')).toBeVisible();
    await clickMapAt(page, ROAD_LAT, 107.23);
    await expect(page.getByTestId('route-start-marker')).toBeVisible();
    await page.getByTestId('route-nearest').click();
    await expect(page.getByTestId('route-target')).toHaveText(/^Điểm sơ tán gần nhất: .+ \d+$/);
    const target = (await page.getByTestId('route-target').textContent())!.replace('Điểm sơ tán gần nhất: ', '');
    await page.getByTestId('route-save').click();
    await expect(modal.getByLabel('Tên tuyến')).toHaveValue(`Đến ${target}`);
    await page.getByTestId('route-save-submit').click();
    await expect(page.getByText('Lưu dữ liệu thành công').last()).toBeVisible();
    await expect(page.getByTestId('route-panel')).toBeHidden();
    const again = (await (await api.get('/api/route/saved')).json()) as typeof saved;
    expect(again.features.some((f) => f.properties.name === `Đến ${target}`)).toBe(true);
  });
});

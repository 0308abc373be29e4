import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from '../fixtures';
import { signedInApi, startSignedIn } from './helpers';

// Issue #10: a flood extent uploaded by staff is measured against the communes, and a visitor clicking it on
// the public map sees the per-commune charts; the back office lists the flood photos and deletes one.
// Screenshots for a person to look at: E2E_SHOTS=/tmp/ap-shots npx playwright test tests/analyze-public-analysis.spec.ts

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const SHOTS = process.env.E2E_SHOTS;
/** The district's commune boundaries (what every real start seeds; the e2e server starts without them). */
const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';
/** The map's first centre (spec §9): the flood is drawn around it, so a click in the map's middle finds it. */
const CENTRE = { lat: 21.274446, long: 107.267796 };
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');

/** A time no other spec uses (a random minute of 2023), and its label in the picker (district clock, UTC+7). */
const FLOOD_TIME = (() => {
  const at = new Date(Date.UTC(2023, Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 27), 2, 0));
  at.setUTCMinutes(Math.floor(Math.random() * 600));
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { iso: at.toISOString(), label: `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` };
})();

/** A rectangle of the flood extent with its depth (m). */
function rect(west: number, east: number, south: number, north: number, value: number) {
  const ring = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
  return { type: 'Feature', properties: { value }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

/** Two depths side by side around the centre, over Thanh Sơn, Nam Sơn, Đồn Đạc and Ba Chẽ. */
const FLOOD = {
  type: 'FeatureCollection',
  features: [
    rect(CENTRE.long - 0.03, CENTRE.long, CENTRE.lat - 0.015, CENTRE.lat + 0.015, 0.8),
    rect(CENTRE.long, CENTRE.long + 0.03, CENTRE.lat - 0.015, CENTRE.lat + 0.015, 2.7),
  ],
};

interface Area {
  id: string;
  fullName: string;
  floodedHa: number;
  sharePercent: number;
}
interface Analysis {
  status: string;
  communes: Area[];
  total: Area | null;
}

let api: APIRequestContext;
let floodId: number;
let analysis: Analysis;
/** A photo posted on the eastern (2,7 m) part of the flood: its marker stays clickable over the polygon. */
let photoOnFlood: number;

const vi = (n: number, decimals = 2) => n.toLocaleString('vi-VN', { maximumFractionDigits: decimals });

async function upload(type: string, name: string, buffer: Buffer, time?: string): Promise<number> {
  const response = await api.post('/api/geojson', {
    multipart: {
      type,
      ...(time ? { time } : {}),
      file: { name, mimeType: 'application/geo+json', buffer },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  // The communes the analysis reads: the newest 'Ranh giới xã' (REGION) file, features with NAME_3 / ID_3.
  const communes = await readFile(fileURLToPath(new URL(COMMUNES, import.meta.url)));
  await upload('REGION', 'Ranh giới xã huyện Ba Chẽ.geojson', communes);
  floodId = await upload(
    'CURRENT_HIGH',
    `ngap-phan-tich-${suffix}.geojson`,
    Buffer.from(JSON.stringify(FLOOD)),
    FLOOD_TIME.iso,
  );
  // Measured after the upload (at most a moment later): wait until it is done.
  await expect
    .poll(
      async () => {
        analysis = (await (await api.get(`/api/flood-analysis/${floodId}`)).json()) as Analysis;
        return analysis.status;
      },
      { timeout: 30_000 },
    )
    .toBe('DONE');

  photoOnFlood = await postPhoto({
    desc: `Ảnh trên vùng ngập ${suffix}`,
    location: `Trên vùng ngập ${suffix}`,
    lat: String(CENTRE.lat),
    // ~30 px east of the middle at the first zoom: clear of where the flood is clicked.
    long: String(CENTRE.long + 0.02),
  });
});

test.afterAll(async () => {
  if (photoOnFlood) await api.delete(`/api/flood/${photoOnFlood}`);
  await api?.dispose();
});

/** Every request that leaves the portal (tiles) gets a 1×1 PNG: there is no external network here. */
async function openMap(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  await page.goto('/maps');
  await expect(page.getByTestId('map-page')).toBeVisible();
  await expect(page.locator('.flood-map-canvas')).toBeVisible();
}

/** Chooses the uploaded flood layer's time in the layers menu, then closes the menu. */
async function chooseFlood(page: Page) {
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const flood = page.getByTestId('layer-flood');
  await flood.selectOption({ label: FLOOD_TIME.label });
  await expect(flood.locator('option:checked')).toHaveText(FLOOD_TIME.label);
  await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeHidden();
}

/**
 * Clicks (or taps) the western (0,8 m) rectangle, `dx` px left of the map's middle (clear of the edge both
 * rectangles share), once the flood layer is drawn there. A phone shows the whole district (its middle west
 * of the rectangles): there the pointer moves east along the middle until it is over the rectangle.
 */
async function clickFlood(page: Page, tap = false) {
  const depth = page.getByRole('tooltip', { name: 'Mực nước: 0,80 m' });
  let at = { x: 0, y: 0 };
  // The polygon says its depth on hover once drawn (the layer's file loads after the choice). Where it lies on the
  // screen depends on the first view and on what stands above it (stations and photos are drawn over the data):
  // look for drawn pixels of the data canvas that nothing covers, and hover them until the depth shows.
  await expect(async () => {
    const points = await page.evaluate(() => {
      const found: { x: number; y: number }[] = [];
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.leaflet-data-pane canvas')) {
        const box = canvas.getBoundingClientRect();
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        if (!pixels) continue;
        const step = 6;
        for (let j = 0; j < canvas.height; j += step) {
          for (let i = 0; i < canvas.width; i += step) {
            if (pixels[(j * canvas.width + i) * 4 + 3] === 0) continue;
            const x = box.left + (i * box.width) / canvas.width;
            const y = box.top + (j * box.height) / canvas.height;
            if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
            if (document.elementFromPoint(x, y) === canvas) found.push({ x, y });
          }
        }
      }
      return found;
    });
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      await page.mouse.move(p.x, p.y);
      if (await depth.isVisible()) {
        at = p;
        return;
      }
    }
    await expect(depth).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  if (tap) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}

const flooded = () => analysis.communes.filter((c) => c.floodedHa > 0);

test.describe('flood analysis on the public map', () => {
  test('upload a flood extent and see the per-commune chart on the public map', async ({ page }) => {
    expect(flooded().length).toBeGreaterThanOrEqual(2);
    const charts: string[] = [];
    page.on('request', (r) => {
      if (/vendor-echarts|flood-analysis-modal/.test(r.url())) charts.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMap(page);
    expect(charts).toEqual([]);
    await chooseFlood(page);
    await clickFlood(page);

    const modal = page.getByTestId('flood-analysis-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-geodata', String(floodId));
    await expect(page.getByRole('dialog', { name: `Phân tích diện tích ngập lúc ${FLOOD_TIME.label}` })).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Diện tích ngập theo xã (ha)' })).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Tỷ lệ diện tích ngập theo xã (%)' })).toBeVisible();
    await expect(modal.locator('[data-testid="flood-analysis-area-chart"] canvas').first()).toBeVisible();
    await expect(modal.locator('[data-testid="flood-analysis-share-chart"] canvas').first()).toBeVisible();
    expect(charts.some((u) => /vendor-echarts/.test(u))).toBe(true);

    // The table alternative: each flooded commune's hectares and share as the server measured them.
    await modal.getByText('Xem bảng số liệu').click();
    for (const c of flooded()) {
      const row = modal.getByTestId(`flood-analysis-row-${c.id}`);
      await expect(row.locator('th')).toHaveText(c.fullName);
      await expect(row.locator('td').nth(0)).toHaveText(vi(c.floodedHa));
      await expect(row.locator('td').nth(1)).toHaveText(vi(c.sharePercent, 1));
    }
    await expect(modal.getByTestId('flood-analysis-row-TOTAL').locator('th').nth(1)).toHaveText(
      vi(analysis.total!.floodedHa),
    );
    await expect(modal.getByRole('columnheader', { name: '0,5–1 m (ha)' })).toBeVisible();
    await expect(modal.getByRole('columnheader', { name: '2,5–3 m (ha)' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flood-modal-desktop.png` });

    // Closed, the map is clickable again and a second click opens it again.
    await page.getByRole('dialog').getByRole('button', { name: 'Đóng', exact: true }).click();
    await expect(modal).toBeHidden();
    await clickFlood(page);
    await expect(modal).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Đóng', exact: true }).click();
    await expect(modal).toBeHidden();

    // Closer in, a photo marker on the flood opens its own popup, not the flood modal.
    for (let i = 0; i < 3; i++) await page.getByTestId('map-zoom-in').click();
    const marker = page.getByTestId(`flood-photo-marker-${photoOnFlood}`);
    await expect(marker).toBeVisible();
    await marker.click();
    await expect(page.getByTestId('flood-photo-popup')).toContainText(`Trên vùng ngập ${suffix}`);
    await page.waitForTimeout(500);
    await expect(modal).toBeHidden();
    // …while the flood beside it still opens the modal.
    await clickFlood(page);
    await expect(modal).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Đóng', exact: true }).click();
    await expect(modal).toBeHidden();

    // While a tool has the clicks (measuring a distance), the flood is measured over, not opened.
    await page.getByTestId('map-measure').click();
    await page.getByTestId('map-measure-distance').click();
    await clickFlood(page);
    await page.waitForTimeout(500);
    await expect(modal).toBeHidden();
  });

  test('on a phone the modal takes the screen width and the charts stay readable', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    const page = await context.newPage();
    await openMap(page);
    await chooseFlood(page);
    await clickFlood(page, true);
    const modal = page.getByTestId('flood-analysis-modal');
    await expect(modal.locator('[data-testid="flood-analysis-share-chart"] canvas').first()).toBeVisible();
    const dialog = (await page.locator('.flood-analysis-modal .ant-modal').boundingBox())!;
    expect(dialog.width).toBeGreaterThanOrEqual(388);
    const chart = (await modal.getByTestId('flood-analysis-area-chart').boundingBox())!;
    expect(chart.width).toBeGreaterThan(340);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flood-modal-phone.png` });
    await modal.getByText('Xem bảng số liệu').click();
    await expect(modal.getByTestId(`flood-analysis-row-${flooded()[0]!.id}`)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flood-modal-phone-table.png`, fullPage: true });
    await context.close();
  });
});

/** Posts a photo through the API as the administrator (staff posts are not rate-limited); returns its id. */
async function postPhoto(fields: { desc: string; location: string; lat: string; long: string }): Promise<number> {
  const posted = await api.post('/api/flood', {
    multipart: { ...fields, image: { name: 'anh.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() } },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  return ((await posted.json()) as { id: number }).id;
}

/** A small JPEG of a gradient, as a phone would post. */
async function photoJpeg(): Promise<Buffer> {
  const width = 320;
  const height = 240;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = 120;
      raw[i + 2] = (y * 255) / height;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.describe('flood photos in the back office', () => {
  test('a posted photo is listed with its place and opens full size; it is deleted after confirmation', async ({
    page,
    browser,
  }) => {
    const location = `Ngầm Khe Tâm ${suffix}`;
    const id = await postPhoto({ desc: `Nước ngập qua ngầm ${suffix}`, location, lat: '21.2731', long: '107.2896' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/analyze/flood-image');
    await expect(page.getByRole('heading', { level: 1, name: 'Ảnh ngập lụt' })).toBeVisible();
    const row = page.locator(`tr[data-row-key="${id}"]`);
    await expect(row).toContainText(`Nước ngập qua ngầm ${suffix}`);
    await expect(row).toContainText(location);
    await expect(row).toContainText('Vĩ độ 21,2731, kinh độ 107,2896');
    const thumb = row.getByRole('img', { name: `Ảnh ngập lụt tại ${location}` });
    await expect(thumb).toHaveJSProperty('complete', true);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/flood-images-desktop.png` });

    // The thumbnail opens the full photo.
    await thumb.click();
    const full = page.locator('.ant-image-preview img');
    await expect(full).toHaveAttribute('src', new RegExp(`/api/flood/${id}/image`));
    await expect(full).toHaveJSProperty('complete', true);
    expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await page.keyboard.press('Escape');
    await expect(full).toBeHidden();

    // On a phone the table scrolls sideways inside its card; the photo and its place stay first.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await startSignedIn(small);
    await expect(small.getByTestId('user-menu')).toBeVisible();
    await small.goto('/analyze/flood-image');
    await expect(small.getByTestId(`flood-photo-thumb-${id}`)).toBeVisible();
    if (SHOTS) await small.screenshot({ path: `${SHOTS}/flood-images-phone.png` });
    await phone.close();

    await row.getByRole('button', { name: 'Xoá' }).click();
    await expect(page.getByText('Bạn có chắc chắn muốn xoá?')).toBeVisible();
    await page.getByTestId('confirm-delete-ok').click();
    await expect(page.getByText('Xoá ảnh thành công!')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await api.get(`/api/flood/${id}/image`)).status()).toBe(404);
  });
});

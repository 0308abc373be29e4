import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from '../fixtures';
import { openMapTools, signedInApi } from './helpers';

// Flood photos on the public map (issue #8): the 'Đăng ảnh' form from the map's camera button, the photo on
// the map, and close photos clustered. The server runs with DEMO=0, so the only photos are the ones made here.
// Anonymous posts are limited to 5 per 10 minutes per address: one real anonymous post here, the others are
// posted signed in through the API, and the failures are answered by a stub.

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/**
 * Two photos 300 m apart, just south-east of the district centre (in view on a phone too): one cluster at the
 * map's first zoom, apart from zoom 16 on.
 */
const PAIR = [
  { location: `Ngầm Khe Nháng ${suffix}`, desc: `Nước tràn qua ngầm ${suffix}`, lat: 21.26, long: 107.3 },
  { location: `Bản Cổng Khe ${suffix}`, desc: '', lat: 21.262, long: 107.302 },
];
/** Screenshots for a person to look at: E2E_SHOTS=/tmp/h-photos npx playwright test tests/map-photos.spec.ts */
const SHOTS = process.env.E2E_SHOTS;

let api: APIRequestContext;

/** A JPEG of a colour gradient (no two rows alike, so it compresses like a photo more than a flat colour). */
async function gradientJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 160;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function postAsStaff(photo: (typeof PAIR)[number]): Promise<number> {
  const response = await api.post('/api/flood', {
    multipart: {
      desc: photo.desc,
      location: photo.location,
      lat: String(photo.lat),
      long: String(photo.long),
      image: { name: 'anh.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(320, 240) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
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
  await expect(page.locator('.flood-map-canvas')).toBeVisible();
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}-${name}.png` });
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

test.describe('flood photos on the map', () => {
  test('posts a photo: missing fields first, then the place chosen on the map; the map shows it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/flood')) posts.push(r.url());
    });
    await openMap(page);
    // No photo yet: the layer's code is not even fetched.
    await expect(page.locator('.flood-photo-marker')).toHaveCount(0);

    await page.getByTestId('photo-tool').click();
    const modal = page.getByTestId('photo-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Đăng ảnh' })).toBeVisible();
    const capture = page.getByTestId('photo-capture');
    await expect(capture).toHaveAttribute('accept', 'image/*');
    await expect(capture).toHaveAttribute('capture', 'environment');
    await expect(modal.locator('label', { has: capture })).toHaveText('Chụp ảnh');

    // Location and photo missing: the spec's message, each field says what it lacks, nothing is sent.
    await page.getByTestId('photo-desc').fill(`Nước ngập ngang đầu gối ${suffix}`);
    await page.getByTestId('photo-submit').click();
    await expect(toast(page, 'Vui lòng nhập đầy đủ thông tin')).toBeVisible();
    await expect(modal.getByText('Vui lòng nhập địa điểm')).toBeVisible();
    await expect(modal.getByText('Vui lòng chụp hoặc chọn một ảnh')).toBeVisible();

    // A photo larger than the server keeps: scaled down in the browser before it is sent.
    const big = await gradientJpeg(2400, 1600);
    await capture.setInputFiles({ name: 'ngap.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(modal.getByTestId('photo-preview')).toBeVisible();
    await page.getByTestId('photo-location').fill(`Cầu Ba Chẽ ${suffix}`);
    await expect(modal.getByText('Vui lòng nhập địa điểm')).toBeHidden();
    // Still no place.
    await page.getByTestId('photo-submit').click();
    await expect(
      toast(page, 'Chưa có vị trí của ảnh: hãy dùng vị trí của tôi hoặc chọn trên bản đồ').first(),
    ).toBeVisible();
    await expect(page.getByTestId('photo-coords')).toHaveText('Chưa chọn vị trí');
    expect(posts).toEqual([]);
    await shot(page, 'desktop-form');

    // 'Chọn trên bản đồ': the form steps aside, the button is pressed, a tap on the map sets the place.
    await page.getByTestId('photo-pick-on-map').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('photo-pick-hint')).toHaveText(/Chạm vào bản đồ tại nơi chụp ảnh/);
    await expect(page.getByTestId('photo-tool')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'desktop-picking');
    const box = (await page.locator('.flood-map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 - 200, box.y + box.height / 2 - 100);
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('photo-pick-hint')).toHaveCount(0);
    await expect(page.getByTestId('photo-tool')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('photo-coords')).toHaveText(/^Vĩ độ 21,\d{5}, kinh độ 107,\d{5}$/);
    await expect(page.locator('.photo-place-pin')).toBeVisible();
    // What was typed is all still there.
    await expect(page.getByTestId('photo-location')).toHaveValue(`Cầu Ba Chẽ ${suffix}`);
    await expect(modal.getByTestId('photo-preview')).toBeVisible();

    // Sending (held back a moment so the spinner can be seen): the form is disabled, then the toast.
    await page.route('**/api/flood', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/flood'));
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/flood'));
    await page.getByTestId('photo-submit').click();
    await expect(page.getByTestId('photo-submit')).toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('photo-location')).toBeDisabled();
    const body = (await sent).postDataBuffer()!;
    const response = await answered;
    expect(response.status()).toBe(200);
    const created = (await response.json()) as { id: number; desc: string; location: string; width: number };
    expect(created.location).toBe(`Cầu Ba Chẽ ${suffix}`);
    // The image part is a JPEG of at most 2048 px, smaller than the file chosen.
    const start = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const sentImage = body.subarray(start, body.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2);
    expect((await sharp(sentImage).metadata()).width).toBe(2048);
    expect(sentImage.length).toBeLessThan(big.length);

    await expect(toast(page, 'Cập nhật thành công')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.locator('.photo-place-pin')).toHaveCount(0);
    expect(posts).toHaveLength(1);

    // The map shows the new photo, opened for its poster.
    const marker = page.getByTestId(`flood-photo-marker-${created.id}`);
    await expect(marker).toBeVisible();
    await expect(marker.locator('img')).toHaveJSProperty('naturalWidth', 40);
    const popup = page.getByTestId('flood-photo-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('img', { name: `Nước ngập ngang đầu gối ${suffix}` })).toBeVisible();
    await expect(popup).toContainText(`Cầu Ba Chẽ ${suffix}`);
    await expect(popup.getByTestId('flood-photo-image')).toHaveJSProperty('complete', true);
    await shot(page, 'desktop-posted');

    // 'Làm mới bản đồ' closes the popup; the photo stays. The next 'Đăng ảnh' starts empty.
    await page.getByTestId('map-refresh').click();
    await expect(popup).toHaveCount(0);
    await expect(page.locator('.flood-photo-marker').first()).toBeVisible();
    await page.getByTestId('photo-tool').click();
    await expect(page.getByTestId('photo-location')).toHaveValue('');
    await expect(page.getByTestId('photo-coords')).toHaveText('Chưa chọn vị trí');
    await expect(modal.getByTestId('photo-preview')).toHaveCount(0);
  });

  test('close photos cluster: the count, a list of them, zoom in or open one', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const ids = [await postAsStaff(PAIR[0]!), await postAsStaff(PAIR[1]!)];
    await openMap(page);

    const cluster = page.getByTestId('flood-photo-cluster').filter({ hasText: /^2$/ });
    await expect(cluster).toHaveCount(1);
    await expect(cluster).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId(`flood-photo-marker-${ids[0]}`)).toHaveCount(0);
    await cluster.click();
    const list = page.getByTestId('flood-photo-cluster-popup');
    await expect(list).toBeVisible();
    await expect(list).toContainText('2 ảnh ngập lụt');
    // Newest first.
    await expect(list.locator('.flood-photo-list-item strong')).toHaveText([PAIR[1]!.location, PAIR[0]!.location]);
    await shot(page, 'desktop-cluster');

    // One of them: the map zooms until it stands alone and opens it (no description: the location names it).
    await list.getByTestId(`flood-photo-item-${ids[1]}`).click();
    const popup = page.getByTestId('flood-photo-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('img', { name: PAIR[1]!.location })).toBeVisible();
    await expect(page.getByTestId(`flood-photo-marker-${ids[0]}`)).toBeVisible();
    await expect(page.getByTestId(`flood-photo-marker-${ids[1]}`)).toBeVisible();
    await expect(page.getByTestId('flood-photo-cluster')).toHaveCount(0);
    await shot(page, 'desktop-single');

    // Back to the district view: the cluster again; 'Phóng to khu vực này' splits it.
    await page.getByTestId('map-refresh').click();
    await expect(cluster).toHaveCount(1);
    await cluster.click();
    await list.getByTestId('flood-photo-zoom').click();
    await expect(page.getByTestId(`flood-photo-marker-${ids[0]}`)).toBeVisible();
    await expect(page.getByTestId(`flood-photo-marker-${ids[1]}`)).toBeVisible();
    await page.getByTestId(`flood-photo-marker-${ids[0]}`).click();
    await expect(popup).toContainText(PAIR[0]!.desc);
    await expect(popup.getByRole('img', { name: PAIR[0]!.desc })).toBeVisible();
  });

  test('my location, and a refused post keeps the form and says why', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      geolocation: { latitude: 21.25, longitude: 107.35 },
      permissions: ['geolocation'],
      viewport: { width: 1366, height: 800 },
    });
    const page = await context.newPage();
    await openMap(page);
    await page.getByTestId('photo-tool').click();
    await page.getByTestId('photo-use-location').click();
    await expect(page.getByTestId('photo-coords')).toHaveText('Vĩ độ 21,25000, kinh độ 107,35000');
    await page.getByTestId('photo-location').fill(`Tràn Nam Hả ${suffix}`);
    await page
      .getByTestId('photo-capture')
      .setInputFiles({ name: 'anh.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(64, 48) });

    // Too many posts from this address (429): the server's words, the spinner gone, the form as it was.
    const limited = 'Bạn đã gửi quá nhiều ảnh từ địa chỉ này. Vui lòng thử lại sau 7 phút.';
    await page.route('**/api/flood', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'RATE_LIMITED', message: limited, requestId: 'e2e' }),
          })
        : route.continue(),
    );
    await page.getByTestId('photo-submit').click();
    await expect(toast(page, limited)).toBeVisible();
    await expect(page.getByTestId('photo-submit')).not.toHaveClass(/ant-btn-loading/);
    await expect(page.getByTestId('photo-modal')).toBeVisible();
    await expect(page.getByTestId('photo-location')).toHaveValue(`Tràn Nam Hả ${suffix}`);
    await expect(page.getByTestId('photo-location')).toBeEnabled();

    // Too large (413): said under the photo too.
    const tooLarge = 'Ảnh vượt quá dung lượng cho phép (10 MB)';
    await page.unroute('**/api/flood');
    await page.route('**/api/flood', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 413,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'TOO_LARGE',
              message: tooLarge,
              fields: [{ field: 'image', message: tooLarge }],
              requestId: 'e2e',
            }),
          })
        : route.continue(),
    );
    await page.getByTestId('photo-submit').click();
    await expect(toast(page, tooLarge)).toBeVisible();
    await expect(page.getByTestId('photo-modal').locator('.ant-form-item-explain-error')).toHaveText(tooLarge);
    await context.close();
  });

  test('on a phone: the form fits, the place is tapped on the map, the cluster list opens', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await openMap(page);
    await openMapTools(page);
    await page.getByTestId('photo-tool').tap();
    const modal = page.getByTestId('photo-modal');
    await expect(modal).toBeVisible();
    // 40 px touch targets (measured once the dialog's opening animation is over).
    await expect(async () => {
      for (const target of [
        page.getByTestId('photo-use-location'),
        page.getByTestId('photo-pick-on-map'),
        page.getByTestId('photo-submit'),
        modal.locator('label', { hasText: 'Chụp ảnh' }),
      ]) {
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(39.5);
      }
      const dialog = (await page.getByRole('dialog', { name: 'Đăng ảnh' }).boundingBox())!;
      expect(dialog.x).toBeGreaterThanOrEqual(0);
      expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
    }).toPass({ timeout: 5000 });
    await page.getByTestId('photo-location').fill(`Điện thoại ${suffix}`);
    await page
      .getByTestId('photo-capture')
      .setInputFiles({ name: 'anh.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(640, 480) });
    await shot(page, 'phone-form');

    await page.getByTestId('photo-pick-on-map').tap();
    const hint = page.getByTestId('photo-pick-hint');
    await expect(hint).toBeVisible();
    const hintBox = (await hint.boundingBox())!;
    expect(hintBox.x).toBeGreaterThanOrEqual(0);
    expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-picking');
    // 'Quay lại' returns to the form without a place.
    await page.getByTestId('photo-pick-back').tap();
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('photo-coords')).toHaveText('Chưa chọn vị trí');
    await page.getByTestId('photo-pick-on-map').tap();
    // Once the dialog has faded out, the tap reaches the map.
    await expect(modal).toBeHidden();
    const box = (await page.locator('.flood-map-canvas').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 3);
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('photo-coords')).toHaveText(/^Vĩ độ 21,\d{5}, kinh độ 107,\d{5}$/);
    await modal.getByRole('button', { name: 'Huỷ' }).tap();
    await expect(modal).toBeHidden();

    // The photos posted above: a cluster opens its list inside the screen.
    const cluster = page.getByTestId('flood-photo-cluster').first();
    await expect(cluster).toBeVisible();
    await cluster.tap();
    const list = page.getByTestId('flood-photo-cluster-popup');
    await expect(list).toBeVisible();
    await shot(page, 'phone-cluster');
    await list.locator('.flood-photo-list-item').first().tap();
    const popup = page.getByTestId('flood-photo-popup');
    await expect(popup).toBeVisible();
    // The cluster's list may still be fading out: measure the popup that holds the photo.
    const popupBox = (await page.locator('.flood-photo-leaflet-popup').filter({ has: popup }).boundingBox())!;
    expect(popupBox.x).toBeGreaterThanOrEqual(0);
    expect(popupBox.x + popupBox.width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-single');
    await context.close();
  });
});

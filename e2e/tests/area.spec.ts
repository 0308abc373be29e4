import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { authHeaders, chooseSelectOption, startSignedIn } from './helpers';

/** The three communes of 2025 as simple boxes, properties named as a provincial department names them. */
const COMMUNES_2025 = '../../server/src/features/geodata/test-files/communes-wgs84.geojson';
const PORTAL = 'Cảnh báo lũ, mưa các xã Ba Chẽ, Kỳ Thượng, Lương Minh';

let api: APIRequestContext | undefined;
let uploadedId: number | null = null;

// The area is the whole portal's: back to the built-in one (and its boundary layer) whatever happened.
test.afterAll(async () => {
  if (!api) return;
  if (uploadedId !== null) await api.delete(`/api/geojson/${uploadedId}`);
  const restored = await api.delete('/api/area');
  expect(restored.ok(), await restored.text()).toBe(true);
  await api.dispose();
});

test('staff set a new area on the Khu vực page: the header, title, footer and communes follow at once', async ({
  page,
  playwright,
  baseURL,
}) => {
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: await authHeaders(page) });
  const uploaded = await api.post('/api/geojson', {
    multipart: {
      type: 'REGION',
      file: {
        name: 'Ranh giới 3 xã từ 01-07-2025.geojson',
        mimeType: 'application/geo+json',
        buffer: await readFile(fileURLToPath(new URL(COMMUNES_2025, import.meta.url))),
      },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  uploadedId = ((await uploaded.json()) as { id: number }).id;

  await page.goto('/system/area');
  await expect(page.getByRole('heading', { level: 1, name: 'Khu vực' })).toBeVisible();
  await expect(page.getByTestId('area-region-file')).toContainText('Ranh giới 3 xã từ 01-07-2025.geojson');
  const field = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select');
  await chooseSelectOption(page, field('Thuộc tính chứa mã'), 'ma_xa');
  await chooseSelectOption(page, field('Thuộc tính chứa tên'), 'ten_xa');
  await page.getByRole('button', { name: 'Lấy từ lớp ranh giới' }).click();
  await expect(page.getByText('Đã lấy 3 đơn vị từ lớp ranh giới')).toBeVisible();
  await expect(page.getByLabel('Mã', { exact: true })).toHaveCount(3);
  await expect(page.getByLabel('Tên', { exact: true }).nth(1)).toHaveValue('Kỳ Thượng');

  await page.getByLabel('Tên cổng', { exact: true }).fill(PORTAL);
  await page.getByLabel('Tên địa bàn trong câu').fill('các xã Ba Chẽ, Kỳ Thượng, Lương Minh');
  await page.getByLabel('Tên ngắn').fill('Ba Chẽ');
  await page.getByLabel('Đơn vị vận hành', { exact: true }).fill('Ủy ban nhân dân xã Ba Chẽ');
  await page.getByLabel('Ghi chú về địa giới').fill('Địa giới hành chính từ ngày 01/07/2025');
  await page.getByRole('button', { name: 'Lấy tâm từ ranh giới' }).click();
  await page.getByTestId('area-save').click();
  await expect(page.getByText('Đã lưu khu vực')).toBeVisible();
  // The header of this very page follows without a reload (the saved answer, then the 'area' event).
  await expect(page.locator('.brand-name')).toHaveText(PORTAL);
  await expect(page.getByText('Ranh giới các đơn vị đã lưu')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('area-page-1366.png'), fullPage: true });

  // A visitor's page: the server's shell already names the new area, before any script.
  const html = await (await page.request.get('/about')).text();
  expect(html).toContain(`<title>${PORTAL}</title>`);
  expect(html).toContain(
    'content="Cổng thông tin cảnh báo sớm lũ, mưa các xã Ba Chẽ, Kỳ Thượng, Lương Minh, tỉnh Quảng Ninh"',
  );
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto('/about');
  await expect(visitor.locator('.brand-name')).toHaveText(PORTAL);
  await expect(visitor.locator('.app-footer')).toContainText('Các xã Ba Chẽ, Kỳ Thượng, Lương Minh');
  await expect(visitor.locator('.app-footer')).toContainText('Ủy ban nhân dân xã Ba Chẽ, tỉnh Quảng Ninh');
  await visitor.screenshot({ path: test.info().outputPath('about-390.png'), fullPage: true });
  // The sign-up page offers the new communes.
  await visitor.goto('/dang-ky-canh-bao');
  const communes = visitor.locator('#subscribe-communes');
  await expect(communes.getByLabel('Kỳ Thượng', { exact: true })).toBeVisible();
  await expect(communes.getByLabel('Thanh Sơn', { exact: true })).toHaveCount(0);
  await visitor.close();

  // The CAP feed's sender.
  expect(await (await page.request.get('/api/cap')).text()).toContain(
    '<name>Cổng cảnh báo lũ, mưa các xã Ba Chẽ, Kỳ Thượng, Lương Minh</name>',
  );
});

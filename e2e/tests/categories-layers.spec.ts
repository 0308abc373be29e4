import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { chooseSelectOption, dialogOpened, startSignedIn } from './helpers';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const CATEGORY = `Công trình thủy lợi ${suffix}`;
const LAYER = `Điểm sạt lở ${suffix}`;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rowOf = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(escapeRegExp(text)) });

async function signInAsAdmin(page: Page) {
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name);
}

/** With E2E_SCREENSHOT_DIR set, keeps a picture of the page for a person to look at. */
async function keepScreenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test.describe.configure({ mode: 'serial' });

test('the administrator adds a category, finds it by name, edits and deletes it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/database/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Danh mục' })).toBeVisible();

  await page.getByTestId('category-add').click();
  const modal = page.getByTestId('category-modal');
  await expect(modal.getByText('Thêm danh mục')).toBeVisible();
  await dialogOpened(modal);
  await page.getByTestId('category-submit').click();
  await expect(modal.getByText('Tên danh mục là trường bắt buộc')).toBeVisible();
  await page.locator('#category-name').fill(CATEGORY);
  await page.locator('#category-data').fill('Đê, kè, hồ chứa');
  await page.getByTestId('category-submit').click();
  await expect(page.getByText('Tạo danh mục thành công')).toBeVisible();
  await expect(modal).toBeHidden();

  // The search ignores case and accents.
  await page.getByTestId('category-search').fill(`THUY LOI ${suffix}`);
  const rows = page.getByTestId('category-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  const row = rowOf(page, CATEGORY);
  await expect(row).toContainText('Đê, kè, hồ chứa');
  await expect(row).toContainText(ADMIN.name);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await keepScreenshot(page, 'categories');

  // The row may be re-rendered by the list's refresh right as it is clicked: click again until the dialog opens.
  await expect(async () => {
    await row.getByRole('button', { name: 'Sửa' }).click();
    await expect(modal.getByText('Cập nhật danh mục')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await dialogOpened(modal);
  await expect(page.locator('#category-name')).toHaveValue(CATEGORY);
  await page.locator('#category-name').fill(`${CATEGORY} (sửa)`);
  await page.locator('#category-data').fill('Hồ chứa nước');
  await page.getByTestId('category-submit').click();
  await expect(page.getByText('Cập nhật danh mục thành công')).toBeVisible();
  await expect(rowOf(page, `${CATEGORY} (sửa)`)).toContainText('Hồ chứa nước');

  await rowOf(page, CATEGORY).getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByText('Bạn có chắc chắn muốn xoá?')).toBeVisible();
  await page.getByTestId('confirm-delete-ok').click();
  await expect(page.getByText('Xoá danh mục thành công!')).toBeVisible();
  await expect(page.getByTestId('category-table').getByText('Không có bản ghi nào')).toBeVisible();
});

test('the administrator adds a data layer, switches it off and deletes it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/database/layers');
  await expect(page.getByRole('heading', { level: 1, name: 'Lớp dữ liệu' })).toBeVisible();
  // The six map layers are seeded.
  for (const name of ['Mưa thực đo', 'Mưa vệ tinh', 'Mưa dự báo', 'Mực nước thực đo', 'Ngập lụt', 'Kịch bản ngập lụt'])
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  await page.getByTestId('layer-add').click();
  const modal = page.getByTestId('layer-modal');
  await expect(modal.getByText('Thêm lớp dữ liệu')).toBeVisible();
  await dialogOpened(modal);
  // A new layer is on, with the first symbol.
  await expect(modal.locator('.ant-select')).toContainText('Bật');
  await expect(modal.getByRole('radio', { name: 'Mây' })).toBeChecked();
  await page.locator('#layer-name').fill(LAYER);
  await page.getByTestId('layer-submit').click();
  await expect(page.getByText('Tạo lớp dữ liệu thành công')).toBeVisible();
  await expect(modal).toBeHidden();
  const row = rowOf(page, LAYER);
  await expect(row.getByTestId('layer-status')).toHaveText('Bật');
  await expect(row.getByRole('img', { name: 'Mây' })).toBeVisible();

  await row.getByRole('button', { name: 'Sửa' }).click();
  await expect(modal.getByText('Cập nhật lớp dữ liệu')).toBeVisible();
  await dialogOpened(modal);
  // The dialog may still be animating open: a click on the option can land on its wrap (Chromium 156).
  await chooseSelectOption(page, modal.locator('.ant-select'), 'Tắt');
  await modal.getByRole('img', { name: 'Lá cờ' }).click();
  await expect(modal.getByRole('radio', { name: 'Lá cờ' })).toBeChecked();
  await keepScreenshot(page, 'data-layer-modal');
  await page.getByTestId('layer-submit').click();
  await expect(page.getByText('Cập nhật lớp dữ liệu thành công')).toBeVisible();
  await expect(row.getByTestId('layer-status')).toHaveText('Tắt');
  await expect(row.getByRole('img', { name: 'Lá cờ' })).toBeVisible();
  await keepScreenshot(page, 'data-layers');

  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.getByTestId('confirm-delete-ok').click();
  await expect(page.getByText('Xoá lớp dữ liệu thành công!')).toBeVisible();
  await expect(rowOf(page, LAYER)).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Mưa thực đo', exact: true })).toBeVisible();
});

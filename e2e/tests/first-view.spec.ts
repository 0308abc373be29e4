import { expect, test } from '@playwright/test';
import { authHeaders, createWaterStation, deleteStation, pushReading, randomWaterCode, startSignedIn } from './helpers';

test.describe("the dashboard's first view (#25)", () => {
  test('with JavaScript off, /dashboard shows the latest readings and the warning in force', async ({
    browser,
    page,
  }) => {
    await startSignedIn(page);
    const code = randomWaterCode();
    const name = `Trạm xem trước ${code}`;
    const station = await createWaterStation(page, { code, name, levels: [30, 50, 70] });
    try {
      // Báo động 2, held by two readings: a warning in force.
      await pushReading(page.request, code, station.pushKey, 61, 1);
      await pushReading(page.request, code, station.pushKey, 62);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const visitor = await context.newPage();
      // The view is made at most every 5 s: reload until it has the new station.
      await expect(async () => {
        await visitor.goto('/dashboard');
        await expect(visitor.getByTestId('first-view')).toContainText(name, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const view = visitor.getByTestId('first-view');
      await expect(view.getByRole('heading', { name: 'Cảnh báo đang có hiệu lực' })).toBeVisible();
      await expect(view.getByRole('alert')).toContainText(name);
      const row = view.locator('li.first-view-reading', { hasText: name });
      await expect(row).toContainText('0,62 m');
      await expect(row).toContainText('Cấp II');
      await expect(row).toContainText('dưới BĐ3 0,08 m');
      await expect(row.getByRole('link')).toHaveAttribute('href', `/maps?station=${code}`);
      await expect(visitor.getByText('Số liệu mới nhất lúc tải trang', { exact: false })).toBeVisible();
      await context.close();
    } finally {
      await deleteStation(page.request, station.id, await authHeaders(page));
    }
  });
});

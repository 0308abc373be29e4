import { expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { authHeaders, createWaterStation, pushReading, randomWaterCode, signIn } from './helpers';

// Issue #18 (P4, P7): a warning kept after the level fell read as its worst moment ('… cấp III (0,75 m) 0,20 m'),
// and in English the banner stayed Vietnamese with decimal commas.
test.describe('warning lines', () => {
  test('label the peak, the current value, the trend and since when, in the reader language', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const code = randomWaterCode();
    const { id, pushKey } = await createWaterStation(page, {
      code,
      name: `Trạm dòng cảnh báo ${code}`,
      levels: [30, 50, 70],
    });
    try {
      await pushReading(page.request, code, pushKey, 40, 70);
      await pushReading(page.request, code, pushKey, 75, 10); // level III
      await pushReading(page.request, code, pushKey, 20, 5); // far below: kept open by the 30-minute hold

      await page.goto('/dashboard');
      // The same reading rose 35 cm in the hour: a rise line too (level III is listed first).
      const lines = page.getByTestId('alert-banner').getByTestId(`alert-${code}`);
      await expect(lines).toHaveCount(2);
      const line = lines.first();
      await expect(lines.last()).toContainText(/nước lên nhanh\s*đỉnh 35 cm\/giờ · hiện -20 cm\/giờ · đang xuống/);
      await expect(line).toContainText('Cấp III');
      await expect(line).toContainText(`Trạm dòng cảnh báo ${code}: mực nước đạt báo động cấp III`);
      await expect(line).toContainText(/đỉnh 0,75 m · hiện 0,20 m · đang xuống · từ \d\d\/\d\d\/\d{4} \d\d:\d\d/);

      await page.getByTestId('lang-switch').click();
      await expect(line).toContainText(`Trạm dòng cảnh báo ${code}: water level at alarm level III`);
      await expect(line).toContainText(/peak 0\.75 m · now 0\.20 m · falling · since \d\d\/\d\d\/\d{4} \d\d:\d\d/);
      await expect(line).not.toContainText('mực nước');
      await expect(lines.last()).toContainText(/river rising fast\s*peak 35 cm\/h · now -20 cm\/h · falling/);
      await page.getByTestId('lang-switch').click();
      await expect(line).toContainText('đang xuống');
    } finally {
      await page.request.delete(`/api/station/${id}`, { headers: await authHeaders(page) });
    }
  });
});

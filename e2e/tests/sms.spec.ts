import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  createWaterStation,
  deleteStation,
  dialogOpened,
  pushReading,
  pushWaterLevel,
  randomWaterCode,
  startSignedIn,
} from './helpers';

async function openSmsPage(page: Page): Promise<void> {
  await page.goto('/system/sms');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý tin nhắn SMS' })).toBeVisible();
}

const cleanups: (() => Promise<void>)[] = [];

test.describe('SMS messages', () => {
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  });

  test('a flood template edited in its dialog is saved', async ({ page }) => {
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await openSmsPage(page);

    const row = page.getByTestId('sms-template-table').locator('tr', { hasText: 'Cảnh báo lũ' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Sửa' }).click();
    const modal = page.getByTestId('sms-template-modal');
    await expect(modal.getByText('Cập nhật mẫu tin nhắn')).toBeVisible();
    await expect(modal.getByText('%d cho cấp báo động', { exact: false })).toBeVisible();
    const field = page.locator('#sms-template-text');
    const original = await field.inputValue();
    expect(original).toContain('%.2f');
    // (A text without %.2f or %f is refused on the spot and nothing is sent: template-form-modal.test.tsx; the
    // server refuses it too: alerts.test.ts › "…refuses one without %s and %f/%.2f".)

    // The SMS as it will be sent (#24): the example with the longest station name fits one GSM-7 segment.
    await expect(modal.getByTestId('sms-template-example-facts')).toHaveText(/^GSM-7 · \d+\/160 ký tự · 1 tin$/);
    // A small change that keeps it one SMS (a longer one is refused: template-form-modal.test.tsx).
    const edited = original.replace(/^CANH BAO LU( \d+)*:/, `CANH BAO LU ${100 + Math.floor(Math.random() * 900)}:`);
    expect(edited).not.toBe(original);
    await field.fill(edited);
    await page.getByTestId('sms-template-submit').click();
    await expect(page.getByText('Cập nhật tin nhắn thành công')).toBeVisible();
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('sms-template-table').locator('tr', { hasText: 'Cảnh báo lũ' })).toContainText(
      edited,
    );
  });

  test('a reading above level II texts the recipients and raises the banner', async ({ page }) => {
    const suffix = String(Math.floor(Math.random() * 1_000_000));
    const recipient = `Người nhận thử ${suffix}`;
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await openSmsPage(page);

    // (1) A recipient with a phone number, through the form.
    await page.getByTestId('sms-recipient-add').click();
    const modal = page.getByTestId('recipient-modal');
    await expect(modal.getByText('Thêm người nhận')).toBeVisible();
    await dialogOpened(modal);
    await page.locator('#recipient-name').fill(recipient);
    await page.locator('#recipient-description').fill('Cán bộ trực ban thử nghiệm');
    await page.locator('#recipient-phone').fill('0912345678');
    await page.getByTestId('recipient-submit').click();
    await expect(page.getByText('Thêm người nhận thành công')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('sms-recipient-table').locator('tr', { hasText: recipient })).toBeVisible();

    // (2) A water station with levels 30 / 50 / 70 cm, 61 cm a minute ago and 62 cm now: Cấp II, held by two
    // readings, so it is told (#22).
    const code = randomWaterCode();
    const name = `Trạm cảnh báo thử ${code}`;
    const { id, pushKey } = await createWaterStation(page, { code, name, levels: [30, 50, 70] });
    // The other specs expect only their own water stations: this one goes away at the end.
    cleanups.push(async () => {
      await deleteStation(page.request, id, await authHeaders(page));
    });
    await pushReading(page.request, code, pushKey, 61, 1);
    await pushWaterLevel(page, code, pushKey, 62);

    // (3) The message goes out through the outbox: the history shows it delivered (live, else on reload).
    const sent = page.getByTestId('sms-history-table').locator('tr', { hasText: recipient });
    try {
      await expect(sent.filter({ hasText: 'THÀNH CÔNG' }).first()).toBeVisible({ timeout: 10_000 });
    } catch {
      await expect(async () => {
        await page.reload();
        await expect(sent.filter({ hasText: 'THÀNH CÔNG' }).first()).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
    }
    await expect(sent.first()).toContainText('0912345678');
    await expect(sent.first()).toContainText('ĐÃ XEM');

    // (4) The banner under the header names the station at Cấp II.
    await page.goto('/dashboard');
    const banner = page.getByTestId('alert-banner');
    await expect(banner).toBeVisible();
    // With other warnings open (earlier specs), the banner is collapsed to the most severe: open it.
    const more = banner.getByTestId('alert-banner-toggle');
    if (await more.count()) await more.click();
    const line = banner.getByTestId(`alert-${code}`);
    await expect(line).toContainText('Cấp II');
    await expect(line).toContainText('0,62 m');
    await expect(line.getByRole('link', { name: 'Xem bản đồ' })).toHaveAttribute('href', `/maps?station=${code}`);
  });
});

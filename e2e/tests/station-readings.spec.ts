import { expect, type Page, test } from '@playwright/test';
import {
  authHeaders,
  createWaterStation,
  deleteStation,
  dialogOpened,
  districtClock,
  pushReading,
  randomWaterCode,
  startSignedIn,
} from './helpers';

// Issue #22: a warning that rests on wrong readings is taken back by staff. Two readings above level II confirm a
// warning (SMS to the recipients, the public banner); staff open the station's readings from its row, mark the
// period faulty with a reason, the page says the warning was cancelled, and the banner no longer shows it.

/** The district's wall clock `minutesAgo` as the range dialog's pickers take it: DD/MM/YYYY HH:mm. */
function pickerTime(minutesAgo: number): string {
  const { date, hour, minute } = districtClock(new Date(Date.now() - minutesAgo * 60_000));
  return `${date} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

async function openCodes(page: Page): Promise<string[]> {
  const active = (await (await page.request.get('/api/alerts/active')).json()) as { stationCode: string }[];
  return active.map((a) => a.stationCode);
}

/**
 * The public warnings banner's line of the station on the dashboard, once the page has read the open warnings
 * (other specs' warnings may fold the banner: it is opened then).
 */
async function bannerLine(page: Page, code: string) {
  const read = page.waitForResponse((r) => r.url().includes('/api/alerts/active') && r.ok());
  await page.goto('/dashboard');
  await read;
  await expect(page.getByTestId('dashboard')).toBeVisible();
  const banner = page.getByTestId('alert-banner');
  const more = banner.getByTestId('alert-banner-toggle');
  if ((await more.count()) && (await more.getAttribute('aria-expanded')) === 'false') await more.click();
  return banner.getByTestId(`alert-${code}`);
}

/** Types a date-time into an antd picker of the dialog and confirms it. */
async function pick(page: Page, id: string, value: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const cleanups: (() => Promise<void>)[] = [];

test.describe('reviewing a station’s readings (issue #22)', () => {
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  });

  test('marking the readings a warning rests on faulty cancels the warning, on the page and on the public banner', async ({
    page,
  }) => {
    const suffix = String(Math.floor(Math.random() * 1_000_000));
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const headers = await authHeaders(page);

    // (1) A recipient for the warning's SMS, and a water station with levels 30 / 50 / 70 cm.
    const recipient = await page.request.post('/api/sms-user', {
      headers,
      data: { name: `Người nhận số liệu ${suffix}`, description: 'Cán bộ trực ban thử nghiệm', phone: '0912345678' },
    });
    expect(recipient.ok(), await recipient.text()).toBe(true);
    const recipientId = ((await recipient.json()) as { id: number }).id;
    cleanups.push(async () => {
      await page.request.delete(`/api/sms-user/${recipientId}`, { headers });
    });
    const code = randomWaterCode();
    const name = `Trạm hiệu chỉnh ${suffix}`;
    const { id, pushKey } = await createWaterStation(page, { code, name, levels: [30, 50, 70] });
    cleanups.push(async () => {
      await deleteStation(page.request, id, headers);
    });

    // (2) Two readings above level II five minutes apart: the second confirms the warning.
    await pushReading(page.request, code, pushKey, 55, 10);
    await pushReading(page.request, code, pushKey, 56, 5);
    await expect.poll(() => openCodes(page), { timeout: 20_000 }).toContain(code);
    const line = await bannerLine(page, code);
    await expect(line).toContainText('Cấp II');

    // (3) Staff open the station's readings from its row.
    await page.goto('/database/stations');
    await page.getByRole('textbox', { name: 'Tìm kiếm theo mã, tên trạm' }).fill(code);
    const row = page.getByTestId('station-table').locator('tr', { hasText: code });
    await row.getByTestId(`station-readings-${code}`).click();
    await expect(page).toHaveURL(new RegExp(`/database/station-readings\\?code=${code}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Số liệu trạm' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `${name} (${code})` })).toBeVisible();
    const table = page.getByTestId('review-table');
    await expect(table.locator('tr[data-row-key]')).toHaveCount(2);
    await expect(table.locator('tr[data-row-key]').first()).toContainText('0,56 m');
    await expect(table.locator('tr[data-row-key]').nth(1)).toContainText('0,55 m');
    await expect(table.getByText('Tốt')).toHaveCount(2);
    await expect(page.getByTestId('review-chart').locator('canvas')).toBeVisible();

    // (4) The whole period of both readings marked faulty, with a reason.
    await page.getByTestId('flag-range-open').click();
    const modal = page.getByTestId('flag-range-modal');
    await expect(modal.getByText('Đánh dấu sai cả khoảng thời gian').first()).toBeVisible();
    await dialogOpened(modal);
    await pick(page, 'flag-range-from', pickerTime(15));
    await pick(page, 'flag-range-to', pickerTime(0));
    await modal.locator('#flag-range-reason').fill('Cảm biến bị rác che, đã kiểm tra tại hiện trường');
    await page.getByTestId('flag-range-submit').click();
    await expect(page.getByText('Đã lưu hiệu chỉnh: 2 số liệu được đánh dấu sai')).toBeVisible();
    await expect(modal).toBeHidden();
    // The page says the warning was cancelled, and keeps saying it.
    const cancelled = page.getByTestId('cancelled-alerts');
    await expect(cancelled).toContainText('Đã huỷ 1 cảnh báo dựa trên số liệu này');
    await expect(table.getByText('Sai', { exact: true })).toHaveCount(2);
    await expect(page.getByTestId('corrections-table')).toContainText('Đánh dấu sai');
    await expect(page.getByTestId('corrections-table')).toContainText(
      'Cảm biến bị rác che, đã kiểm tra tại hiện trường',
    );
    await expect(cancelled).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('station-readings-cancelled.png'), fullPage: true });

    // (5) The warning is gone from the open warnings and from the public banner.
    expect(await openCodes(page)).not.toContain(code);
    await expect(await bannerLine(page, code)).toHaveCount(0);
  });
});

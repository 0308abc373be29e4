import { expect, type Page, test } from '@playwright/test';
import { authHeaders, createWaterStation, dialogOpened, pushReading, randomWaterCode, startSignedIn } from './helpers';

/** The CAP feed's message types of one station's warnings, newest first. */
async function capTypesOf(page: Page, code: string): Promise<string[]> {
  const feed = await (await page.request.get('/api/cap')).text();
  return [...feed.matchAll(/<entry>([\s\S]*?)<\/entry>/g)]
    .filter((m) => m[1]!.includes(code))
    .map((m) => /<category term="(\w+)"\/>/.exec(m[1]!)?.[1] ?? '');
}

async function openCodes(page: Page): Promise<string[]> {
  const active = (await (await page.request.get('/api/alerts/active')).json()) as { stationCode: string }[];
  return active.map((a) => a.stationCode);
}

test.describe('stopping and deleting a station (issue #18)', () => {
  test("'Ngừng hoạt động' cancels its warning and refuses pushes; the delete asks for the code and keeps CAP", async ({
    page,
  }) => {
    const code = randomWaterCode();
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const { pushKey } = await createWaterStation(page, { code, name: `Trạm thử ${code}`, levels: [150, 200, 250] });
    await pushReading(page.request, code, pushKey, 259, 2);
    await pushReading(page.request, code, pushKey, 260, 1); // level III held by two readings: a warning opens
    await expect.poll(() => openCodes(page)).toContain(code);
    await expect.poll(() => capTypesOf(page, code)).toEqual(['Alert']);

    await page.goto('/database/stations');
    await expect(page.getByRole('heading', { level: 1, name: 'Trạm đo' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Tìm kiếm theo mã, tên trạm' }).fill(code);
    const row = page.getByTestId('station-table').locator('tr', { hasText: code });
    await expect(row).toBeVisible();

    // (1) Stop it: it asks first, then shows the station as stopped.
    await row.getByTestId(`station-status-${code}`).click();
    await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`Ngừng hoạt động trạm ${code}?`);
    await page.getByTestId('station-deactivate-ok').click();
    await expect(page.getByText(`Đã ngừng hoạt động trạm ${code}`)).toBeVisible();
    await expect(row.getByTestId('station-inactive')).toHaveText('Ngừng hoạt động');
    // Its warning is cancelled on the CAP feed and the logger is told why nothing is stored.
    expect(await openCodes(page)).not.toContain(code);
    expect(await capTypesOf(page, code)).toEqual(['Cancel', 'Alert']);
    // (The push refused with 409 while it is stopped: station-lifecycle.routes.test.ts.)

    // (2) Delete it: the dialog counts the readings and deletes only once the code is typed again.
    await row.getByTestId(`station-delete-${code}`).click();
    const dialog = page.getByTestId('station-delete-modal');
    await expect(dialog.getByText(`Xoá trạm ${code} – Trạm thử ${code}?`)).toBeVisible();
    await expect(dialog.getByTestId('station-delete-count')).toHaveText(
      'Thao tác này xoá vĩnh viễn trạm và 2 số liệu đo của trạm, không thể hoàn tác. Các tin cảnh báo CAP đã phát hành vẫn được giữ.',
    );
    const ok = dialog.getByTestId('station-delete-ok');
    await expect(ok).toBeDisabled();
    // (Another code leaves it disabled: station-delete-modal.test.tsx.)
    await dialog.getByLabel(`Nhập mã trạm ${code} để xác nhận`).fill(code.toLowerCase());
    await expect(ok).toBeEnabled();
    await ok.click();
    await expect(page.getByText('Xoá trạm thành công!')).toBeVisible();
    await expect(row).toHaveCount(0);
    // The warnings it published stay in the feed; its readings are gone.
    expect(await capTypesOf(page, code)).toEqual(['Cancel', 'Alert']);
    expect((await page.request.get(`/api/open/readings?station=${code}`)).status()).toBe(404);
    const list = await page.request.get(`/api/station?keyword=${code}`, { headers: await authHeaders(page) });
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
  });
});

test.describe('Web Parameters (issue #18)', () => {
  test('refuses an inverted pair on the named fields, in metres for water, and saves nothing', async ({ page }) => {
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const before = await (await page.request.get('/api/web-parameters')).json();
    await page.goto('/database/configurations');
    await page.getByTestId('config-params-2').click();
    const modal = page.getByTestId('param-modal');
    await expect(modal.getByText('Tham số hiển thị')).toBeVisible();
    // Filled before the dialog has opened, a field loses its text to the first one (which then takes the focus).
    await dialogOpened(modal);
    await expect(modal.getByText('Mực nước cao – Cấp III mặc định (m)')).toBeVisible();
    await expect(page.locator('#param-waterHigh')).toHaveValue((before.waterHigh / 100).toFixed(2).replace('.', ','));

    await page.locator('#param-rainHigh').fill(String(before.rainVeryHigh + 5));
    await page.locator('#param-rain24hLevel1').fill(String(before.rain24hLevel2 + 300));
    await page.getByTestId('param-submit').click();
    await expect(modal.getByText("'Mưa to' phải nhỏ hơn 'Mưa rất to'")).toBeVisible();
    await expect(modal.getByText("'Mưa rất to' phải lớn hơn 'Mưa to'")).toBeVisible();
    await expect(modal.getByText("'Mưa 24 giờ – Cấp I' phải nhỏ hơn 'Mưa 24 giờ – Cấp II'")).toBeVisible();
    await expect(page.getByText('Cập nhật thành công')).toHaveCount(0);
    expect(await (await page.request.get('/api/web-parameters')).json()).toEqual(before);

    // Putting the pair back in order clears both fields' messages.
    await page.locator('#param-rainHigh').fill(String(before.rainHigh));
    await expect(modal.getByText("'Mưa to' phải nhỏ hơn 'Mưa rất to'")).toHaveCount(0);
    await expect(modal.getByText("'Mưa rất to' phải lớn hơn 'Mưa to'")).toHaveCount(0);
  });
});

import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { authHeaders, chooseSelectOption, dialogOpened, districtClock, startSignedIn } from './helpers';

test.describe('stations', () => {
  test('a water station: levels typed in metres are stored in cm, a pushed reading shows Cấp II and exports', async ({
    page,
  }) => {
    const code = `F01${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
    const name = `Trạm thử ${code}`;
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/database/stations');
    await expect(page.getByRole('heading', { level: 1, name: 'Trạm đo' })).toBeVisible();

    // (1) Create it with levels 1.5 / 2 / 2,5 m.
    await page.getByTestId('station-add').click();
    const modal = page.getByTestId('station-modal');
    await expect(modal.getByText('Thêm trạm')).toBeVisible();
    await dialogOpened(modal);
    await expect(page.locator('#station-level1')).toHaveCount(0);
    await page.locator('#station-code').fill(code);
    await expect(page.locator('#station-level1')).toBeVisible();
    await page.locator('#station-name').fill(name);
    await page.locator('#station-description').fill('Trạm đo thử nghiệm');
    await page.locator('#station-lat').fill('21.27');
    await page.locator('#station-long').fill('107.29');
    await page.locator('#station-level1').fill('1.5');
    await page.locator('#station-level2').fill('2');
    await page.locator('#station-level3').fill('2,5');
    await page.getByTestId('station-submit').click();
    await expect(page.getByText('Tạo trạm thành công')).toBeVisible();
    await expect(modal).toBeHidden();

    const headers = await authHeaders(page);
    const list = await page.request.get(`/api/station?keyword=${code}`, { headers });
    expect(list.ok()).toBe(true);
    const id = ((await list.json()) as { items: { id: number; code: string }[] }).items.find(
      (s) => s.code === code,
    )?.id;
    expect(id).toBeDefined();
    const stored = await page.request.get(`/api/station/${id}`, { headers });
    expect(await stored.json()).toMatchObject({ warningLevel1: 150, warningLevel2: 200, warningLevel3: 250 });

    // (2) Push a reading with the key shown in the edit modal: the table turns to 'Cấp II'.
    // The list is sorted by code and other specs add stations to the same database, so the new row may be on
    // a later page: find it the way staff would, by searching for its code.
    const search = page.getByRole('textbox', { name: 'Tìm kiếm theo mã, tên trạm' });
    await search.fill(code);
    const row = page.getByTestId('station-table').locator('tr', { hasText: code });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Sửa' }).click();
    await expect(modal.getByText('Cập nhật trạm')).toBeVisible();
    await expect(page.locator('#station-level1')).toHaveValue('1,50');
    const keyInput = page.locator('#station-push-key');
    await expect(keyInput).not.toHaveValue('');
    const key = await keyInput.inputValue();
    await modal.getByRole('button', { name: 'Huỷ' }).click();
    await expect(modal).toBeHidden();

    const { date, hour, minute } = districtClock();
    const push = await page.request.get('/api/receive-water-level', {
      params: { stationCode: code, date, hour: String(hour), minute: String(minute), value: '210', key },
    });
    expect(push.ok()).toBe(true);
    try {
      await expect(row.getByText('Cấp II')).toBeVisible({ timeout: 8_000 }); // live, through the event stream
    } catch {
      await page.reload();
      await search.fill(code);
      await expect(row.getByText('Cấp II')).toBeVisible();
    }
    await expect(row.getByText('2,10 m')).toBeVisible();

    // (3) The water chart of that station exports the value to Excel.
    await page.goto('/analyze/rain');
    await expect(page.getByRole('heading', { level: 1, name: 'Phân tích mưa' })).toBeVisible();
    await page.getByRole('tab', { name: 'Dữ liệu mực nước' }).click();
    const select = page.getByTestId('station-select');
    await expect(select).toBeVisible();
    if ((await select.getByText(code).count()) === 0) {
      // Searched for, as the list of every station may not render this one's option.
      await chooseSelectOption(page, select, `${name} (${code})`, { search: true });
      await page.keyboard.press('Escape');
    }
    await expect(select.getByText(code)).toBeVisible();
    // The water view compares several stations: keep only this one, so the export is its file alone.
    const others = select.locator('.ant-select-selection-item').filter({ hasNotText: code });
    while ((await others.count()) > 0) {
      await others.first().locator('.ant-select-selection-item-remove').click();
    }
    await expect(select.locator('.ant-select-selection-item')).toHaveCount(1);
    const exportButton = page.getByTestId('export-excel');
    await expect(exportButton).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`so-lieu-${code}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r[0] === 'STT');
    expect(rows[header]).toEqual(['STT', 'Thời gian (giờ)', 'Mực nước (m)']);
    expect(rows.slice(header + 1).some((r) => r[2] === 2.1)).toBe(true);
  });
});

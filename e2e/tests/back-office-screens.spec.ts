import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN } from '../fixtures';
import { chooseSelectOption, deleteStation, districtClock, pushReading, signedInApi, startSignedIn } from './helpers';

// Issue #18 items 12, 13, 14 and 23: the back-office screens at a common office laptop's width (1366 px) and
// on a phone (390 px): the statistics tables, the list tables' key columns, the water comparison chart's
// warning levels, the form dialogs' focus, one <main>, and the analysis map's panels.

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** Levels (cm) above every reading: their lines used to fall outside the chart's axis. */
const LOW = { code: `F01${suffix}`, name: `Thuỷ văn thấp ${suffix}`, levels: [150, 250, 350], values: [20, 40, 60] };
const HIGH = {
  code: `F01${String((Number(suffix) + 1) % 1_000_000).padStart(6, '0')}`,
  name: `Thuỷ văn cao ${suffix}`,
  levels: [80, 120, 160],
};
const NOTE = 'Dữ liệu minh hoạ: số liệu do hệ thống tạo ra để trình diễn, không phải số liệu quan trắc thực tế.';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let api: APIRequestContext;
const cleanups: (() => Promise<unknown>)[] = [];

/** A statistics workbook as the district keeps it: eleven columns, a note in the last row's first cell. */
async function statisticsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const year of [2008, 2020]) {
    const ws = wb.addWorksheet(`Năm ${year} ${suffix}`);
    ws.addRow([
      'Mã trạm',
      'Tên trạm',
      'Mực nước lớn nhất (m)',
      'Ngày xuất hiện đỉnh',
      'Giờ xuất hiện đỉnh',
      'Báo động I (m)',
      'Báo động II (m)',
      'Báo động III (m)',
      'Số giờ trên BĐ I',
      'Số giờ trên BĐ II',
      'Lượng mưa (mm)',
    ]);
    ws.addRow(['F01021', 'Trạm thuỷ văn Thanh Lâm', 3.3, '08/08/2008', '02:00', 1.5, 2, 2.5, 44, 34, 120]);
    ws.addRow(['F01022', 'Trạm thuỷ văn Thanh Sơn', 3.11, '08/08/2008', '05:00', 1.8, 2.4, 3, 32, 22, 88.25]);
    ws.addRow([NOTE]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  api = await signedInApi(browser, baseURL, ADMIN);
  for (const s of [LOW, HIGH]) {
    const response = await api.post('/api/station', {
      data: {
        code: s.code,
        name: s.name,
        description: `Trạm thử màn hình quản trị, đặt ở cầu treo thôn Khe Lạnh xã Thanh Sơn ${suffix}`,
        lat: 21.27,
        long: 107.29,
        warningLevel1: s.levels[0],
        warningLevel2: s.levels[1],
        warningLevel3: s.levels[2],
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const { id, pushKey } = (await response.json()) as { id: number; pushKey: string };
    cleanups.push(() => deleteStation(api, id));
    const values = s === LOW ? LOW.values : [100, 180, 120];
    for (const [i, v] of values.entries()) await pushReading(api, s.code, pushKey, v, 90 - i * 30);
  }
  const workbook = await api.post('/api/geojson', {
    multipart: {
      type: 'xlsx',
      file: {
        name: `thong-ke-man-hinh-${suffix}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await statisticsWorkbook(),
      },
    },
  });
  expect(workbook.ok(), await workbook.text()).toBe(true);
  const { id: workbookId } = (await workbook.json()) as { id: number };
  cleanups.push(() => api.delete(`/api/geojson/${workbookId}`));
  const damage = await api.post('/api/damage', {
    data: {
      type: 'ASSET',
      // Today: the newest damage, first in its table whatever other specs left there.
      date: districtClock().date,
      data: {
        traffic: `6 cầu tràn, 3 km đường liên xã hư hỏng nặng ${suffix}`,
        construction: '18 nhà tốc mái, 2 nhà sập hoàn toàn',
        agriculture: '36 ha lúa và hoa màu ngập úng',
        irrigation: '3 đập tạm bị cuốn trôi',
        electricity: '2,4 km đường dây hạ thế đổ',
        total: '4,2 tỷ đồng',
      },
    },
  });
  expect(damage.ok(), await damage.text()).toBe(true);
  const { id: damageId } = (await damage.json()) as { id: number };
  cleanups.push(() => api.delete(`/api/damage/${damageId}`));
});

test.afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  await api?.dispose();
});

/** Every column of the table shows inside its card: nothing is left to scroll to sideways. */
async function expectFitsItsCard(table: Locator): Promise<void> {
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const { content, box } = await table.evaluate((el) => {
    const scroller = el.querySelector<HTMLElement>('.ant-table-content, .ant-table-body')!;
    return { content: scroller.scrollWidth, box: scroller.clientWidth };
  });
  expect(content).toBeLessThanOrEqual(box + 1);
}

/** Signs in on a page of this width and opens `path`. */
async function openAs(page: Page, path: string): Promise<void> {
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto(path);
}

test.describe('at 1366 px', () => {
  test.use({ viewport: LAPTOP });

  test('the statistics sheets fit their cards, with fixed decimals and the note under the table (item 12)', async ({
    page,
  }) => {
    await openAs(page, '/analyze/report-data');
    const sheet = page.getByTestId('report-sheet-1');
    await expect(sheet.getByRole('heading', { level: 2, name: `Năm 2008 ${suffix}` })).toBeVisible();
    const rows = sheet.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('td')).toHaveText([
      'F01021',
      'Trạm thuỷ văn Thanh Lâm',
      '3,30',
      '08/08/2008',
      '02:00',
      '1,50',
      '2,00',
      '2,50',
      '44',
      '34',
      '120,0',
    ]);
    await expect(rows.nth(1).locator('td').nth(2)).toHaveText('3,11');
    await expect(sheet.getByTestId('report-note')).toHaveText(NOTE);
    await expect(sheet.locator('table')).not.toContainText('Dữ liệu minh hoạ');
    await expectFitsItsCard(sheet);
    const [table, card] = await Promise.all([sheet.locator('table').boundingBox(), sheet.boundingBox()]);
    expect(table!.x + table!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await page.screenshot({ path: test.info().outputPath('report-data-1366.png'), fullPage: true });
  });

  test("the stations' and damages' key columns show without scrolling (item 13)", async ({ page }) => {
    await openAs(page, '/database/stations');
    await page.getByTestId('station-search').fill(suffix);
    const stations = page.locator('.data-table').first();
    await expect(stations.getByText(LOW.name)).toBeVisible();
    await expectFitsItsCard(stations);
    for (const title of ['Người tạo', 'Thời gian tạo']) {
      await expect(stations.getByRole('columnheader', { name: title })).toBeInViewport();
    }
    // The long description is cut with an ellipsis; the whole text is in its title.
    const description = stations.locator('.cell-ellipsis', { hasText: 'Trạm thử màn hình' }).first();
    await expect(description).toHaveAttribute('title', new RegExp(`Khe Lạnh xã Thanh Sơn ${suffix}$`));

    await page.goto('/analyze/flood');
    const damages = page.getByTestId('damage-asset-card');
    await expect(damages.getByText(`3 km đường liên xã hư hỏng nặng ${suffix}`)).toBeVisible();
    await expectFitsItsCard(damages);
    for (const title of ['Điện', 'Tổng thiệt hại']) {
      await expect(damages.getByRole('columnheader', { name: title })).toBeInViewport();
    }
  });

  test("the water comparison names each station's levels (item 14)", async ({ page }) => {
    await openAs(page, '/analyze/rain');
    await page.getByRole('tab', { name: 'Dữ liệu mực nước' }).click();
    const select = page.getByTestId('station-select');
    await expect(select).toBeVisible();
    for (const s of [LOW, HIGH]) {
      await chooseSelectOption(page, select, `${s.name} (${s.code})`, { search: true });
      await page.keyboard.press('Escape');
    }
    const others = select
      .locator('.ant-select-selection-item')
      .filter({ hasNotText: LOW.code })
      .filter({ hasNotText: HIGH.code });
    while ((await others.count()) > 0) await others.first().locator('.ant-select-selection-item-remove').click();
    await expect(select.locator('.ant-select-selection-item')).toHaveCount(2);
    const chart = page.getByTestId('range-chart').getByRole('img');
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`Cấp III – ${LOW.name}: 3,50 m`));
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`Cấp I – ${HIGH.name}: 0,80 m`));
    await page.getByTestId('range-chart').screenshot({ path: test.info().outputPath('comparison-1366.png') });
  });

  test('a form dialog opens with its first field focused; one main; the analysis map stays visible (item 23)', async ({
    page,
  }) => {
    await openAs(page, '/database/stations');
    await expect(page.locator('main')).toHaveCount(1);
    await page.getByTestId('station-add').click();
    await expect(page.getByLabel('Mã trạm')).toBeFocused();

    await page.goto('/analyze/flood');
    await expect(page.locator('main')).toHaveCount(1);
    const map = page.getByTestId('analysis-map');
    await map.scrollIntoViewIfNeeded();
    const panel = page.getByTestId('analysis-layers');
    await expect(panel).toBeVisible();
    const legend = page.getByTestId('analysis-legend');
    await expect(legend.getByRole('button', { name: 'Chú giải' })).toHaveAttribute('aria-expanded', 'false');
    const [m, p, l] = await Promise.all([map.boundingBox(), panel.boundingBox(), legend.boundingBox()]);
    const covered = (p!.width * p!.height + l!.width * l!.height) / (m!.width * m!.height);
    expect(covered).toBeLessThan(0.2);
    // Both still open and close.
    await legend.getByRole('button', { name: 'Chú giải' }).click();
    await expect(page.getByTestId('analysis-legend-rows')).toBeVisible();
    await page.getByTestId('analysis-layers-toggle').click();
    await expect(panel).toBeHidden();
    await map.screenshot({ path: test.info().outputPath('analysis-map-1366.png') });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('stations show code, name and status; dialogs focus their first field; one main (items 13, 23)', async ({
    page,
  }) => {
    await openAs(page, '/database/stations');
    await expect(page.locator('main')).toHaveCount(1);
    await page.getByTestId('station-search').fill(suffix);
    const table = page.locator('.data-table').first();
    const row = table.locator('tr', { hasText: LOW.code });
    await expect(row).toBeVisible();
    await expectFitsItsCard(table);
    for (const name of ['Mã trạm', 'Tên trạm', 'Trạng thái', 'Thao tác']) {
      await expect(table.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 });
    }
    await expect(row.getByText(LOW.name)).toBeInViewport({ ratio: 1 });
    await page.getByTestId('station-add').click();
    await expect(page.getByLabel('Mã trạm')).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('stations-390.png'), fullPage: true });
  });

  test('the statistics note sits under the table (item 12)', async ({ page }) => {
    await openAs(page, '/analyze/report-data');
    const sheet = page.getByTestId('report-sheet-1');
    await expect(sheet.getByTestId('report-note')).toHaveText(NOTE);
    const [note, card] = await Promise.all([sheet.getByTestId('report-note').boundingBox(), sheet.boundingBox()]);
    expect(note!.x + note!.width).toBeLessThanOrEqual(card!.x + card!.width);
  });
});

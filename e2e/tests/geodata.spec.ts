import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { authHeaders, chooseSelectOption, dialogOpened, startSignedIn } from './helpers';

interface ListedItem {
  id: number;
  name: string;
  type: string;
  parentId: number | null;
  time: string | null;
  url: string | null;
}

/** A small FeatureCollection in the district (WGS84), with the water level as the feature's value. */
function floodGeoJson(longitude = 107.27): Buffer {
  const ring = [
    [longitude, 21.27],
    [longitude + 0.01, 21.27],
    [longitude + 0.01, 21.28],
    [longitude, 21.28],
    [longitude, 21.27],
  ];
  return Buffer.from(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { value: 1.5 }, geometry: { type: 'Polygon', coordinates: [ring] } }],
    }),
  );
}

/** A real PNG (a blue-green gradient), built by hand: the server checks images by their bytes. */
function gradientPng(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([20, 80 + Math.round((x / width) * 150), 120 + y], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A statistics workbook with the two sheets the statistics page shows. */
async function statisticsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const s2008 = wb.addWorksheet('Thống kê mực nước lũ năm 2008');
  s2008.addRow(['Trạm', 'Ngày', 'Mực nước đỉnh lũ (m)']);
  s2008.addRow(['Ba Chẽ', '09/10/2008', 3.85]);
  s2008.addRow(['Thanh Lâm', '09/10/2008', 2.4]);
  const s2020 = wb.addWorksheet('Thống kê mực nước lũ năm 2020');
  s2020.addRow(['Trạm', 'Ngày', 'Mực nước đỉnh lũ (m)']);
  s2020.addRow(['Ba Chẽ', '18/10/2020', 2.95]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads through the 'Thêm tệp dữ liệu' dialog of the current folder. */
async function uploadThroughDialog(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  type: string,
  time?: string,
): Promise<void> {
  await page.getByTestId('file-add').click();
  const modal = page.getByTestId('upload-modal');
  await expect(modal).toBeVisible();
  // Typed, as the list is virtual and shows only the first options.
  await chooseSelectOption(page, page.getByTestId('geodata-type'), type, { search: true });
  if (time) {
    const input = page.locator('#geodata-time');
    await input.click();
    await input.fill(time);
    await input.press('Enter');
    await expect(input).toHaveValue(time);
  }
  await modal.locator('input[type="file"]').setInputFiles(file);
  await page.getByTestId('upload-submit').click();
  // The dialog closes only on success; then the toast (two uploads in a row: the earlier one may still show).
  await expect(modal).toBeHidden();
  await expect(page.getByText('Tải lên tệp thành công').last()).toBeVisible();
}

test.describe('geodata files', () => {
  test('a folder, a flood GeoJSON uploaded into it with its time, listed by type, downloaded and deleted', async ({
    page,
  }) => {
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/database/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Quản lý tệp dữ liệu' })).toBeVisible();
    await expect(page.getByTestId('geodata-back')).toHaveCount(0);

    // (1) A new folder, then into it.
    const folderName = `Lũ tháng 11 ${Date.now()}`;
    await page.getByTestId('folder-add').click();
    await dialogOpened(page.getByTestId('folder-modal'));
    // (An empty name is refused: files-page.test.tsx › "creates a folder …; the name is required".)
    await page.locator('#folder-name').fill(folderName);
    await page.getByTestId('folder-submit').click();
    await expect(page.getByText('Tạo thư mục thành công')).toBeVisible();
    const table = page.getByTestId('geodata-table');
    await table.getByRole('link', { name: folderName }).click();
    await expect(page).toHaveURL(/\/database\/files\?parentId=\d+$/);
    const folderId = Number(new URL(page.url()).searchParams.get('parentId'));
    await expect(page.getByTestId('geodata-folder-name')).toHaveText(folderName);
    await expect(page.getByTestId('geodata-back')).toBeVisible();
    await expect(table.getByText('Không có bản ghi nào')).toBeVisible();

    // (2) A GeoJSON outside WGS84 is refused under the file field; the dialog keeps its values.
    await page.getByTestId('file-add').click();
    const modal = page.getByTestId('upload-modal');
    await chooseSelectOption(page, page.getByTestId('geodata-type'), 'Ngập lụt hiện trạng', { search: true });
    const time = page.locator('#geodata-time');
    await time.click();
    await time.fill('22/11/2026 07:00');
    await time.press('Enter');
    await expect(time).toHaveValue('22/11/2026 07:00');
    const input = modal.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'sai-he-toa-do.geojson',
      mimeType: 'application/geo+json',
      buffer: floodGeoJson(500),
    });
    await page.getByTestId('upload-submit').click();
    await expect(modal.getByText(/Kinh độ 500/)).toBeVisible();
    await expect(modal.getByText('Ngập lụt hiện trạng')).toBeVisible();
    await expect(time).toHaveValue('22/11/2026 07:00');

    // (3) The right file goes in, with a progress bar, and shows with its badge and time.
    const bytes = floodGeoJson();
    await input.setInputFiles({ name: 'ngap-hien-trang-e2e.geojson', mimeType: 'application/geo+json', buffer: bytes });
    await page.getByTestId('upload-submit').click();
    await expect(page.getByText('Tải lên tệp thành công').last()).toBeVisible();
    await expect(modal).toBeHidden();
    const row = table.locator('tr', { hasText: 'ngap-hien-trang-e2e.geojson' });
    await expect(row).toBeVisible();
    await expect(row.getByText('Ngập lụt hiện trạng')).toBeVisible();
    await expect(row.getByText('22/11/2026 07:00')).toBeVisible();

    // (4) The map's list of that type has it, at 07:00 district time = 00:00 UTC.
    const listed = await page.request.get('/api/geojson?type=CURRENT_HIGH&pageSize=100', {
      headers: await authHeaders(page),
    });
    expect(listed.ok()).toBe(true);
    const items = ((await listed.json()) as { items: ListedItem[] }).items;
    const stored = items.find((i) => i.name === 'ngap-hien-trang-e2e.geojson');
    expect(stored).toMatchObject({ type: 'CURRENT_HIGH', parentId: folderId });
    expect(new Date(stored!.time!).toISOString()).toBe('2026-11-22T00:00:00.000Z');

    // (5) Download: the same bytes under the original name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Tải xuống' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ngap-hien-trang-e2e.geojson');
    expect((await readFile(await download.path())).equals(bytes)).toBe(true);

    // (6) Delete it, then back to the root where the folder is.
    await row.getByRole('button', { name: 'Xoá' }).click();
    await page.getByTestId('confirm-delete-ok').click();
    await expect(page.getByText('Xoá tệp thành công!')).toBeVisible();
    await expect(row).toHaveCount(0);
    const after = await page.request.get('/api/geojson?type=CURRENT_HIGH&pageSize=100');
    expect(((await after.json()) as { items: ListedItem[] }).items.some((i) => i.id === stored!.id)).toBe(false);
    await page.getByTestId('geodata-back').click();
    await expect(page).toHaveURL(/\/database\/files$/);
    await expect(table.getByRole('link', { name: folderName })).toBeVisible();
  });

  test('the statistics page shows both sheets of an uploaded workbook; the gallery shows an uploaded image', async ({
    page,
  }) => {
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.goto('/database/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Quản lý tệp dữ liệu' })).toBeVisible();

    // A name of this run alone: a retry must not find the workbook of the failed try.
    const workbookName = `thong-ke-lu-e2e-${Date.now().toString(36)}.xlsx`;
    await uploadThroughDialog(
      page,
      {
        name: workbookName,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await statisticsWorkbook(),
      },
      'Bảng thống kê',
    );
    await uploadThroughDialog(
      page,
      { name: 'anh-ve-tinh-e2e.png', mimeType: 'image/png', buffer: gradientPng() },
      'Ảnh viễn thám',
    );
    const table = page.getByTestId('geodata-table');
    await expect(table.locator('tr', { hasText: workbookName }).getByText('Bảng thống kê')).toBeVisible();

    await page.goto('/analyze/report-data');
    await expect(page.getByRole('heading', { level: 1, name: 'Số liệu thống kê' })).toBeVisible();
    const first = page.getByTestId('report-sheet-1');
    const second = page.getByTestId('report-sheet-2');
    await expect(first.getByRole('heading', { level: 2, name: 'Thống kê mực nước lũ năm 2008' })).toBeVisible();
    await expect(second.getByRole('heading', { level: 2, name: 'Thống kê mực nước lũ năm 2020' })).toBeVisible();
    await expect(first.getByRole('cell', { name: '3,85' })).toBeVisible();
    await expect(first.getByRole('cell', { name: 'Thanh Lâm' })).toBeVisible();
    await expect(second.getByRole('cell', { name: '2,95' })).toBeVisible();
    await expect(page.getByText(workbookName)).toBeVisible();
    await expect(page.getByTestId('report-manage-files')).toHaveAttribute('href', '/database/files');

    await page.goto('/analyze/sensing-image');
    await expect(page.getByRole('heading', { level: 1, name: 'Ảnh viễn thám' })).toBeVisible();
    const image = page.getByRole('img', { name: 'Hình ảnh 1' });
    await expect(page.getByRole('heading', { level: 2, name: 'Hình ảnh 1' })).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  });
  test('files as staff receive them (#26 point 5): a VN-2000 shapefile lands in WGS84; a bow-tie is refused, then repaired', async ({
    page,
  }) => {
    await startSignedIn(page);
    await page.goto('/database/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Quản lý tệp dữ liệu' })).toBeVisible();

    // (1) A zipped shapefile in VN-2000 / TM-3 107°45' (made with GDAL: server/src/features/geodata/
    // geo-upload.routes.test.ts says how), the system read from its .prj.
    const name = `xa-vn2000-tm3-${Date.now()}.zip`;
    const zip = await readFile(
      new URL('../../server/src/features/geodata/test-files/xa-vn2000-tm3.zip', import.meta.url),
    );
    await uploadThroughDialog(page, { name, mimeType: 'application/zip', buffer: zip }, 'Dữ liệu khác');
    const listed = await page.request.get('/api/geojson?type=OTHER&pageSize=100', { headers: await authHeaders(page) });
    const item = ((await listed.json()) as { items: ListedItem[] }).items.find((i) => i.name === name)!;
    const stored = (await (await page.request.get(item.url!)).json()) as {
      features: { properties: { ten_xa: string }; geometry: { coordinates: number[][][] } }[];
    };
    expect(stored.features.map((f) => f.properties.ten_xa)).toEqual(['Xã Ba Chẽ', 'Xã Kỳ Thượng', 'Xã Lương Minh']);
    // Xã Ba Chẽ's south-west corner in WGS84 is (107.2, 21.22): within 2 m (1e-5° is ~1 m).
    const corners = stored.features[0]!.geometry.coordinates[0]!;
    expect(corners.some(([x, y]) => Math.abs(x! - 107.2) < 1.5e-5 && Math.abs(y! - 21.22) < 1.5e-5)).toBe(true);

    // (2) A bow-tie area: refused under the repair box, naming the feature; kept in the dialog; repaired when ticked.
    const bowTie = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { ten_xa: 'Xã Lỗi thử' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [107.2, 21.2],
                [107.3, 21.3],
                [107.3, 21.2],
                [107.2, 21.3],
                [107.2, 21.2],
              ],
            ],
          },
        },
      ],
    };
    await page.getByTestId('file-add').click();
    const modal = page.getByTestId('upload-modal');
    await chooseSelectOption(page, page.getByTestId('geodata-type'), 'Dữ liệu khác', { search: true });
    await expect(page.getByTestId('geodata-crs')).toContainText('Tự nhận biết (theo tệp)');
    await modal.locator('input[type="file"]').setInputFiles({
      name: `no-${Date.now()}.geojson`,
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(bowTie)),
    });
    await page.getByTestId('upload-submit').click();
    await expect(modal.getByText(/Xã Lỗi thử: các cạnh của ranh giới cắt nhau/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('bow-tie-refused.png') });
    await page.getByTestId('geodata-repair').check();
    await page.getByTestId('upload-submit').click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Tải lên tệp thành công').last()).toBeVisible();
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { districtClock, openMapTools, signedInApi } from './helpers';

// The map's print/export tool and place search (issue #8) against a real server. No external network here:
// every tile is a one-colour PNG, served with CORS (or without, to see tiles left out of an export).

const TILE_RGB = [96, 160, 96] as const;

/** A 1×1 PNG of one colour (Leaflet stretches it over the 256 px tile). */
function solidPng([r, g, b]: readonly number[]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, r!, g!, b!]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const TILE = solidPng(TILE_RGB);

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** A rain station in the first view: its reading is the newest, so it sets the data time of the export. */
const RAIN = { code: `F00${suffix}`, name: `Mưa xuất bản đồ ${suffix}`, lat: 21.3, long: 107.25 };
const READ_AT = districtClock(new Date(Date.now() - 3 * 60_000));
const pad = (n: number) => String(n).padStart(2, '0');

const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';

let api: APIRequestContext;

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  const created = await api.post('/api/station', {
    data: { code: RAIN.code, name: RAIN.name, description: `Trạm thử xuất ${suffix}`, lat: RAIN.lat, long: RAIN.long },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { pushKey } = (await created.json()) as { pushKey: string };
  const pushed = await api.get('/api/receive-rain', {
    params: {
      stationCode: RAIN.code,
      date: READ_AT.date,
      hour: String(READ_AT.hour),
      minute: String(READ_AT.minute),
      value: '7.5',
      key: pushKey,
    },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);

  // The commune boundaries that every real start seeds (geodata.seed.ts); the e2e server starts without them.
  const known = await api.get('/api/search', { params: { q: 'Xã Đồn Đạc', limit: '1' } });
  const items = ((await known.json()) as { items: { name: string }[] }).items;
  if (!items.some((i) => i.name === 'Xã Đồn Đạc')) {
    const communes = await readFile(fileURLToPath(new URL(COMMUNES, import.meta.url)));
    const uploaded = await api.post('/api/geojson', {
      multipart: {
        type: 'REGION',
        file: { name: 'Ranh giới xã huyện Ba Chẽ.geojson', mimeType: 'application/geo+json', buffer: communes },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }
});

test.afterAll(async () => {
  await api?.dispose();
});

/** Opens the map with every outside request answered by the tile; returns the zooms of the tiles asked for. */
async function openMap(page: Page, { cors = true } = {}): Promise<number[]> {
  const zooms: number[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
    const z = /\/tile\/(\d+)\//.exec(route.request().url());
    if (z) zooms.push(Number(z[1]));
    return route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: TILE,
      // Playwright adds a CORS header to fulfilled CORS requests unless one is given: another origin refuses.
      headers: { 'access-control-allow-origin': cors ? '*' : 'https://elsewhere.example' },
    });
  });
  await page.goto('/maps');
  await expect(page.getByTestId(`station-marker-${RAIN.code}`)).toHaveText('7,5');
  return zooms;
}

async function openExportMenu(page: Page) {
  await openMapTools(page);
  await page.getByTestId('map-export').click();
  const menu = page.getByRole('menu', { name: 'In và xuất bản đồ' });
  await expect(menu).toBeVisible();
  return menu;
}

/** Draws a PNG in the page and counts its pixels: how many have the tile's colour, the title's red, and how many colours. */
async function pixelsOf(page: Page, png: Buffer) {
  return page.evaluate(
    async ({ b64, tile }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const near = (i: number, [r, g, b]: readonly number[]) =>
        Math.abs(data[i]! - r!) < 4 && Math.abs(data[i + 1]! - g!) < 4 && Math.abs(data[i + 2]! - b!) < 4;
      let tilePixels = 0;
      let red = 0;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4) {
        if (near(i, tile)) tilePixels++;
        if (near(i, [0xb7, 0x1c, 0x1c])) red++;
        if (colours.size < 5000) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      return { total: data.length / 4, tilePixels, red, colours: colours.size };
    },
    { b64: png.toString('base64'), tile: TILE_RGB },
  );
}

/**
 * The data time the export is named by: the newest reading of the rain stations the map shows (other
 * specs push readings too, so it is not necessarily this spec's own).
 */
async function newestRain(page: Page): Promise<{ stamp: string; label: string }> {
  const rows = (await (await page.request.get('/api/water?type=CURRENT_RAIN')).json()) as {
    observedAt: string | null;
  }[];
  const newest = Math.max(...rows.map((r) => (r.observedAt ? Date.parse(r.observedAt) : 0)));
  const at = districtClock(new Date(newest));
  return {
    stamp: `${at.date.split('/').reverse().join('')}-${pad(at.hour)}${pad(at.minute)}`,
    label: `${at.date} ${pad(at.hour)}:${pad(at.minute)}`,
  };
}

test.describe('map print and export', () => {
  test('PNG: the view with its tiles and markers, the title, legend and data time; named by the data time', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await openMap(page);
    const menu = await openExportMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['In bản đồ', 'Xuất ảnh PNG', 'Xuất PDF']);
    await page.screenshot({ path: test.info().outputPath('menu-desktop.png') });
    // Escape closes the menu and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('map-export')).toBeFocused();

    await openExportMenu(page);
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Xuất ảnh PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`canh-bao-lu-${(await newestRain(page)).stamp}.png`);
    const png = await readFile((await file.path())!);
    await writeFile(test.info().outputPath('exported.png'), png);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    // The map (1366 px wide) plus the legend column and margins.
    expect(width).toBeGreaterThan(1366);
    expect(height).toBeGreaterThan(500);
    const pixels = await pixelsOf(page, png);
    expect(pixels.tilePixels / pixels.total).toBeGreaterThan(0.05);
    expect(pixels.red).toBeGreaterThan(50);
    expect(pixels.colours).toBeGreaterThan(100);
    await expect(page.getByTestId('map-export')).toBeEnabled();
    await expect(page.getByTestId('map-export-status')).toHaveText('');
  });

  test('PDF: one A4 landscape page; tiles that cannot be read are left out with a warning', async ({ page }) => {
    await openMap(page, { cors: false });
    await openExportMenu(page);
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Xuất PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`canh-bao-lu-${(await newestRain(page)).stamp}.pdf`);
    const bytes = await readFile((await file.path())!);
    await writeFile(test.info().outputPath('exported.pdf'), bytes);
    const pdf = bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!;
    const [w, h] = [Number(box[3]) - Number(box[1]), Number(box[4]) - Number(box[2])];
    expect(w).toBeGreaterThan(h);
    expect(Math.round(w)).toBe(842);
    expect(pdf).toContain('/DCTDecode');
    // The title 'Cảnh báo lũ' in the document's properties (UTF-16).
    expect(pdf).toContain('/Title <FEFF00431EA3006E0068');
    await expect(page.getByText('Một số ô ảnh nền không tải được nên không có trong bản xuất')).toBeVisible();
  });

  test('print: a landscape page with the title, the legend and the data time, then window.print()', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.setViewportSize({ width: 1366, height: 800 });
    await openMap(page);
    await openExportMenu(page);
    await page.getByRole('menuitem', { name: 'In bản đồ' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(page.locator('html')).toHaveClass(/map-printing/);
    const header = page.getByTestId('map-print-header');
    await expect(header).toContainText('Cảnh báo lũ');
    await expect(header).toContainText(`Dữ liệu lúc ${(await newestRain(page)).label}`);
    const pageRule = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((s) => [...s.cssRules])
        .some((r) => r instanceof CSSPageRule && /landscape/.test(r.cssText)),
    );
    expect(pageRule).toBe(true);
    await page.screenshot({ path: test.info().outputPath('print-preview.png') });

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.map-toolbar').first()).toBeHidden();
    await expect(page.getByTestId('map-search')).toBeHidden();
    await expect(page.locator('.map-print-legend')).toContainText('Chú giải');
    await expect(page.getByTestId('map-print-close')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('print-media.png') });

    // Back on screen: the print view closes with its button.
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId('map-print-close').click();
    await expect(page.locator('html')).not.toHaveClass(/map-printing/);
    await expect(page.getByTestId('map-search')).toBeVisible();

    // The browser's own print (here: Chromium's PDF, in print media) gets the same landscape page, one sheet.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(test.info().outputPath('print.pdf'), pdf);
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text)!;
    expect(Number(box[3])).toBeGreaterThan(Number(box[4]));
    await expect(page.locator('html')).not.toHaveClass(/map-printing/);
    await expect(page.getByTestId('map-search')).toBeVisible();
  });
});

test.describe('place search', () => {
  test("'dong dac' without accents finds 'Xã Đồn Đạc'; choosing it flies there and marks it", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const zooms = await openMap(page);
    const box = page.getByRole('combobox', { name: 'Tìm địa điểm' });
    await expect(box).toHaveAttribute('placeholder', 'Tìm địa điểm');

    await box.fill('khong co noi nay');
    await expect(page.getByTestId('map-search-status')).toHaveText('Không tìm thấy địa điểm');

    await box.fill('dong dac');
    const option = page.getByRole('option', { name: /Xã Đồn Đạc/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText('Xã, thị trấn');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: test.info().outputPath('search-desktop.png') });
    expect(Math.max(...zooms)).toBe(11);

    // Arrow keys then Enter choose it.
    const options = page.getByRole('option');
    const index = (await options.allTextContents()).findIndex((t) => t.startsWith('Xã Đồn Đạc'));
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(box).toHaveValue('Xã Đồn Đạc');
    await expect(page.locator('.map-search-pin span')).toBeVisible();
    await expect(page.locator('.map-search-popup')).toContainText('Xã Đồn Đạc');
    // The map zoomed in to the commune (tiles of a deeper zoom were asked for).
    await expect.poll(() => Math.max(...zooms)).toBeGreaterThan(11);
    const map = (await page.locator('.flood-map-canvas').boundingBox())!;
    const pin = (await page.locator('.map-search-pin span').boundingBox())!;
    expect(pin.x).toBeGreaterThan(map.x);
    expect(pin.x).toBeLessThan(map.x + map.width);
    expect(pin.y).toBeGreaterThan(map.y);
    expect(pin.y).toBeLessThan(map.y + map.height);
    await page.screenshot({ path: test.info().outputPath('search-chosen.png') });

    // 'Làm mới bản đồ' empties the box and takes the mark away.
    await page.getByTestId('map-refresh').click();
    await expect(box).toHaveValue('');
    await expect(page.locator('.map-search-pin')).toHaveCount(0);
  });

  test('phones (390 px): the box is a row under the tools and layers buttons; the export menu opens', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openMap(page);
    const search = (await page.getByTestId('map-search').boundingBox())!;
    const tools = (await page.getByTestId('map-tools-toggle').boundingBox())!;
    const layers = (await page.getByTestId('map-layers-toggle').boundingBox())!;
    expect(search.y).toBeGreaterThanOrEqual(Math.max(tools.y + tools.height, layers.y + layers.height));
    expect(search.x).toBeGreaterThanOrEqual(0);
    expect(search.x + search.width).toBeLessThanOrEqual(390);
    expect(search.width).toBeGreaterThanOrEqual(300);
    expect(search.height).toBeGreaterThanOrEqual(40);

    await page.getByRole('combobox', { name: 'Tìm địa điểm' }).fill('dong dac');
    await expect(page.getByRole('option', { name: /Xã Đồn Đạc/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('search-phone.png') });
    await page.getByRole('option', { name: /Xã Đồn Đạc/ }).click();
    await expect(page.locator('.map-search-popup')).toContainText('Xã Đồn Đạc');
    await page.screenshot({ path: test.info().outputPath('search-phone-chosen.png') });

    await openExportMenu(page);
    await page.screenshot({ path: test.info().outputPath('menu-phone.png') });
    // A tap outside closes it.
    await page.mouse.click(250, 600);
    await expect(page.getByRole('menu')).toBeHidden();
  });
});

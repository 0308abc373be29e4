import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import {
  authHeaders,
  createWaterStation,
  districtClock,
  hoverUntilShown,
  pushWaterLevel,
  randomWaterCode,
  startSignedIn,
} from './helpers';

// Issue #10 items 4 and 6: the analysis flood map (back-office §2.13) on the thematic map page /analyze/report —
// a flood event and a flood scenario by time, one at a time, drawn with the water bands; the map exported as
// PDF; and the 'Báo cáo' reports (monthly water, yearly rain) with their Excel files.
// Screenshots for a person to look at: E2E_SHOTS=/tmp/am-shots npx playwright test tests/analyze-map-report.spec.ts

/** A 1×1 PNG of one colour: every base-map tile (no outside network here). */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const SHOTS = process.env.E2E_SHOTS;
const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';
const CENTRE = { lat: 21.274446, long: 107.267796 };
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');

/** The fill colours of the two depths (§9 water bands): 1.2 m is above 1 m, 2.7 m above 2.5 m. */
const EVENT_RGB = [0xc6, 0xdb, 0xef] as const;
const SCENARIO_RGB = [0x42, 0x92, 0xc6] as const;

function square(west: number, south: number, size: number, value: number) {
  const ring = [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ];
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { value }, geometry: { type: 'Polygon', coordinates: [ring] } }],
  };
}
/** The event and the scenario overlap a little: whichever is drawn, the other's place is in view. */
const EVENT = square(CENTRE.long - 0.02, CENTRE.lat - 0.02, 0.03, 1.2);
const SCENARIO = square(CENTRE.long - 0.005, CENTRE.lat - 0.005, 0.03, 2.7);

let api: APIRequestContext;
const ids = { event: 0, scenario: 0 };
const WATER = { code: randomWaterCode(), name: `Mực nước báo cáo ${suffix}` };
const RAIN = { code: `F00${suffix}`, name: `Mưa báo cáo ${suffix}` };

async function upload(type: string, name: string, body: unknown, time?: string): Promise<number> {
  const response = await api.post('/api/geojson', {
    multipart: {
      type,
      ...(time ? { time } : {}),
      file: { name, mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(body)) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  api = await request.newContext({ baseURL, extraHTTPHeaders: await authHeaders(page) });

  // The commune boundaries every real start seeds (the e2e server starts without them): the analysis needs them.
  const known = await api.get('/api/search', { params: { q: 'Xã Đồn Đạc', limit: '1' } });
  if (!((await known.json()) as { items: { name: string }[] }).items.some((i) => i.name === 'Xã Đồn Đạc')) {
    const communes = await readFile(fileURLToPath(new URL(COMMUNES, import.meta.url)));
    const uploaded = await api.post('/api/geojson', {
      multipart: {
        type: 'REGION',
        file: { name: 'Ranh giới xã huyện Ba Chẽ.geojson', mimeType: 'application/geo+json', buffer: communes },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }

  ids.event = await upload('CURRENT_HIGH', `tran-lu-${suffix}.geojson`, EVENT, '2023-06-10T03:00:00Z');
  ids.scenario = await upload('SCRIPT_FLOOD', `kich-ban-lu-${suffix}.geojson`, SCENARIO, '2023-06-11T03:00:00Z');

  // A water station with a reading now (this month's report) and a rain station with rain now (this year's).
  const water = await createWaterStation(page, { code: WATER.code, name: WATER.name, levels: [1, 2, 3] });
  await pushWaterLevel(page, WATER.code, water.pushKey, 123);
  const rain = await api.post('/api/station', {
    data: { code: RAIN.code, name: RAIN.name, description: 'Trạm thử báo cáo', lat: 21.3, long: 107.25 },
  });
  expect(rain.ok(), await rain.text()).toBe(true);
  const now = districtClock();
  const pushed = await api.get('/api/receive-rain', {
    params: {
      stationCode: RAIN.code,
      date: now.date,
      hour: String(now.hour),
      minute: String(now.minute),
      value: '7.5',
      key: ((await rain.json()) as { pushKey: string }).pushKey,
    },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
  await context.close();
});

test.afterAll(async () => {
  await api?.dispose();
});

async function openReportPage(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: TILE,
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/analyze/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Bản đồ chuyên đề' })).toBeVisible();
  await expect(page.getByTestId('analysis-map').locator('.leaflet-container')).toBeVisible();
}

/** Pixels of the map's data canvas near each flood colour (the canvas holds only the chosen flood layer). */
async function floodPixels(page: Page): Promise<{ event: number; scenario: number }> {
  return page.evaluate(
    ({ event, scenario }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        '[data-testid="analysis-map"] .leaflet-data-pane canvas',
      );
      if (!canvas) return { event: 0, scenario: 0 };
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      const near = (i: number, rgb: readonly number[]) =>
        data[i + 3]! > 100 && rgb.every((c, k) => Math.abs(data[i + k]! - c) < 6);
      let e = 0;
      let s = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (near(i, event)) e++;
        else if (near(i, scenario)) s++;
      }
      return { event: e, scenario: s };
    },
    { event: EVENT_RGB, scenario: SCENARIO_RGB },
  );
}

/** 'Bản đồ phân tích lũ' as a PDF text string (UTF-16BE hex), as the export writes the title. */
function pdfHex(text: string): string {
  return [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');
}

test.describe('analysis flood map and thematic reports', () => {
  test('a flood event, then a scenario that clears it, drawn with the water bands; the map as a PDF', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openReportPage(page);
    const map = page.getByTestId('analysis-map');
    const events = page.getByLabel('Trận lũ theo thời gian');
    const scenarios = page.getByLabel('Kịch bản lũ theo thời gian');
    await expect(events.locator(`option[value="${ids.event}"]`)).toHaveText(
      `10/06/2023 10:00 – tran-lu-${suffix}.geojson`,
    );

    // (1) The flood event: its file is loaded and drawn in its depth's colour; its per-commune analysis below.
    await events.selectOption(String(ids.event));
    await expect(map).toHaveAttribute('data-chosen', /\/api\/geojson\//);
    await expect.poll(async () => (await floodPixels(page)).event).toBeGreaterThan(500);
    expect((await floodPixels(page)).scenario).toBe(0);
    const box = (await map.locator('.leaflet-container').boundingBox())!;
    const tooltip = page.locator('.map-data-tooltip');
    await hoverUntilShown(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, tooltip);
    await expect(tooltip).toHaveText('Mực nước: 1,20 m');
    await expect(page.getByTestId('commune-analysis-chart')).toBeVisible();
    await page.getByTestId('commune-analysis-table').locator('summary').click();
    await expect(page.getByTestId('commune-analysis-table').getByRole('rowheader', { name: 'Tổng' })).toBeVisible();
    if (SHOTS) {
      await page.getByTestId('analysis-map-section').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/analysis-map-event-1280.png` });
      await page.getByTestId('commune-analysis').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/analysis-commune-1280.png` });
    }

    // (2) The scenario clears the event: the event menu is empty again and only the scenario's colour is drawn.
    await scenarios.selectOption(String(ids.scenario));
    await expect(events).toHaveValue('');
    await expect(scenarios).toHaveValue(String(ids.scenario));
    await expect.poll(async () => (await floodPixels(page)).scenario).toBeGreaterThan(500);
    await expect.poll(async () => (await floodPixels(page)).event).toBe(0);
    // ... and choosing the event again clears the scenario.
    await events.selectOption(String(ids.event));
    await expect(scenarios).toHaveValue('');
    await expect.poll(async () => (await floodPixels(page)).scenario).toBe(0);
    await expect.poll(async () => (await floodPixels(page)).event).toBeGreaterThan(500);

    // (3) The map as a PDF: one A4 landscape page holding the drawn sheet as a JPEG, titled 'Bản đồ phân tích lũ'.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ban-do-phan-tich-lu-\d{8}-\d{4}\.pdf$/);
    const bytes = await readFile((await file.path())!);
    await writeFile(test.info().outputPath('analysis-map.pdf'), bytes);
    const pdf = bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const media = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!;
    expect(Math.round(Number(media[3]) - Number(media[1]))).toBe(842);
    expect(Math.round(Number(media[4]) - Number(media[2]))).toBe(595);
    expect(pdf).toContain('/DCTDecode');
    expect(pdf).toContain(`/Title <FEFF${pdfHex('Bản đồ phân tích lũ')}>`);
    // The image is the map at 2 device pixels per CSS pixel, with the legend beside it: wider than the map itself.
    const image = /\/Width (\d+) \/Height (\d+)/.exec(pdf)!;
    expect(Number(image[1])).toBeGreaterThan(2 * box.width);
    expect(Number(image[2])).toBeGreaterThan(2 * box.height);
    expect(bytes.length).toBeGreaterThan(30_000);
    expect(bytes.length).toBeLessThan(8_000_000);
    // The JPEG inside is whole: its start and end markers.
    const start = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const end = bytes.indexOf(Buffer.from('\nendstream'), start);
    expect(start).toBeGreaterThan(0);
    expect(bytes.subarray(end - 2, end)).toEqual(Buffer.from([0xff, 0xd9]));
    await expect(page.getByTestId('analysis-export-status')).toHaveText('');
  });

  test("'Báo cáo': the month's water in metres and the year's rain by month, each with its Excel file", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openReportPage(page);
    await page.getByRole('button', { name: 'Báo cáo', exact: true }).click();
    const modal = page.getByTestId('report-modal');
    await expect(modal).toBeVisible();
    const month = districtClock().date.slice(3);

    // (a) This month's water: the chart, and the table with the station's mean (123 cm = 1,23 m).
    await expect(modal.getByRole('heading', { name: `Mực nước trung bình ngày tháng ${month} (m)` })).toBeVisible();
    await expect(modal.getByTestId('water-report-chart')).toBeVisible();
    await modal.getByTestId('water-report-table').locator('summary').click();
    await expect(modal.getByRole('columnheader', { name: `${WATER.name} (${WATER.code})` })).toBeVisible();
    await expect(modal.getByTestId(`water-report-average-${WATER.code}`)).toHaveText('1,23');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-water-1280.png` });
    const waterFile = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Xuất Excel' }).click();
    const water = await waterFile;
    expect(water.suggestedFilename()).toBe(`bao-cao-muc-nuoc-${month.replace('/', '-')}.xlsx`);
    const waterBytes = await readFile((await water.path())!);
    expect(waterBytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    // (b) This year's rain by month: the station's row holds this month's 7,5 mm and the year's total.
    await modal.getByRole('tab', { name: 'Lượng mưa theo năm' }).click();
    const year = month.slice(3);
    await expect(modal.getByRole('heading', { name: `Tổng lượng mưa theo tháng năm ${year} (mm)` })).toBeVisible();
    await expect(modal.getByTestId('rain-report-chart')).toBeVisible();
    await modal.getByTestId('rain-report-table').locator('summary').click();
    const row = modal.getByTestId(`rain-report-row-${RAIN.code}`);
    const cells = row.locator('td');
    await expect(cells).toHaveCount(13);
    await expect(cells.nth(Number(month.slice(0, 2)) - 1)).toHaveText('7,5');
    await expect(cells.nth(12)).toHaveText('7,5');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-rain-1280.png` });
    const rainFile = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'Xuất Excel' }).click();
    const rain = await rainFile;
    expect(rain.suggestedFilename()).toBe(`bao-cao-mua-${year}.xlsx`);
    expect((await readFile((await rain.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test('on a phone: the map 420 px high, its panels closed, the report full width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openReportPage(page);
    const frame = page.locator('.analysis-map-frame');
    expect((await frame.boundingBox())!.height).toBe(420);
    await expect(page.getByTestId('analysis-layers')).toBeHidden();
    await page.getByTestId('analysis-layers-toggle').click();
    await page.getByLabel('Kịch bản lũ theo thời gian').selectOption(String(ids.scenario));
    await expect.poll(async () => (await floodPixels(page)).scenario).toBeGreaterThan(100);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/analysis-map-390.png`, fullPage: true });
    await page.getByTestId('analysis-layers-toggle').click();
    await expect(page.getByTestId('analysis-layers')).toBeHidden();
    if (SHOTS) {
      await frame.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SHOTS}/analysis-map-390-closed.png` });
    }
    await page.getByRole('button', { name: 'Báo cáo', exact: true }).click();
    await expect(page.getByTestId('report-modal')).toBeVisible();
    await expect(page.getByTestId(`water-report-chart`)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-390.png` });
  });
});

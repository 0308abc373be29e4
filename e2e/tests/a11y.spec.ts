import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import {
  checkPages,
  createNews,
  dialogSettled,
  expectAccessible,
  expectChartAlternatives,
  openLoginModal,
  type PublicPage,
  scrollThrough,
  settled,
  visit,
} from './a11y-kit';
import { deleteStation, districtClock, hoverUntilShown, pushReading, signedInApi } from './helpers';

// Issue #11 item 5: no serious or critical axe violation on the public pages with readings, warnings and flood
// layers (dashboard, map, phone map), their dialogs and the flood analysis dialog, at desktop and phone widths; every
// chart on the public side carries a text alternative and a table of its figures. The news, documents and forms are
// checked by a11y-pages.spec.ts, in the other lane (their data is news only).

const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';
const CENTRE = { lat: 21.274446, long: 107.267796 };
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** On the map's first view, away from the centre where the flood is drawn. */
const RAIN = { code: `F00${suffix}A`, name: `Mưa tiếp cận ${suffix}`, lat: 21.33, long: 107.18 };
const WATER = { code: `F01${suffix}A`, name: `Thuỷ văn tiếp cận ${suffix}`, lat: 21.21, long: 107.36 };
const DOCUMENT = `Công văn tiếp cận ${suffix}`;
/** A minute of 2022 no other spec uses, and its label in the map's flood picker (district clock). */
const FLOOD_TIME = (() => {
  const at = new Date(Date.UTC(2022, Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 27), 1, 0));
  at.setUTCMinutes(Math.floor(Math.random() * 600));
  const c = districtClock(at);
  const [day, month, year] = c.date.split('/');
  const pad = (n: number) => String(n).padStart(2, '0');
  return { iso: at.toISOString(), label: `${day}/${month}/${year} ${pad(c.hour)}:${pad(c.minute)}` };
})();

let api: APIRequestContext;
const keys = new Map<string, string>();
const cleanups: (() => Promise<unknown>)[] = [];

async function createStation(s: { code: string; name: string; lat: number; long: number }, levels: number[] | null) {
  const response = await api.post('/api/station', {
    data: {
      ...s,
      description: `Trạm thử tiếp cận ${suffix}`,
      warningLevel1: levels?.[0] ?? null,
      warningLevel2: levels?.[1] ?? null,
      warningLevel3: levels?.[2] ?? null,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const created = (await response.json()) as { id: number; pushKey: string };
  keys.set(s.code, created.pushKey);
  cleanups.push(() => deleteStation(api, created.id));
}

async function push(code: string, value: number, minutesAgo: number) {
  await pushReading(api, code, keys.get(code)!, value, minutesAgo);
}

async function uploadGeojson(type: string, name: string, buffer: Buffer, time?: string): Promise<number> {
  const response = await api.post('/api/geojson', {
    multipart: { type, ...(time ? { time } : {}), file: { name, mimeType: 'application/geo+json', buffer } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  cleanups.push(() => api.delete(`/api/geojson/${id}`));
  return id;
}

function floodSquare() {
  const h = 0.03;
  const ring = [
    [CENTRE.long - h, CENTRE.lat - h / 2],
    [CENTRE.long + h, CENTRE.lat - h / 2],
    [CENTRE.long + h, CENTRE.lat + h / 2],
    [CENTRE.long - h, CENTRE.lat + h / 2],
    [CENTRE.long - h, CENTRE.lat - h / 2],
  ];
  const feature = { type: 'Feature', properties: { value: 1.2 }, geometry: { type: 'Polygon', coordinates: [ring] } };
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  api = await signedInApi(browser, baseURL, ADMIN);

  await createStation(RAIN, null);
  await createStation(WATER, [100, 150, 200]);
  for (const [i, m] of [90, 60, 30, 2].entries()) {
    await push(RAIN.code, 2 + i * 3.5, m);
    await push(WATER.code, 80 + i * 15, m);
  }
  // The dashboard's documents section.
  await createNews(api, cleanups, DOCUMENT, 'DOCUMENT');

  const communes = await readFile(fileURLToPath(new URL(COMMUNES, import.meta.url)));
  await uploadGeojson('REGION', `Ranh giới xã tiếp cận ${suffix}.geojson`, communes);
  const floodId = await uploadGeojson('CURRENT_HIGH', `ngap-tiep-can-${suffix}.geojson`, floodSquare(), FLOOD_TIME.iso);
  await expect
    .poll(async () => ((await (await api.get(`/api/flood-analysis/${floodId}`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('DONE');
});

test.afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await api?.dispose();
});

const PAGES: PublicPage[] = [
  {
    name: 'dashboard',
    phone: true,
    path: () => '/dashboard',
    ready: async (page) => {
      // The app's page, not the server's first view of it (#25), which it replaces.
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(page.getByTestId('dash-rain')).toContainText(RAIN.name);
      await scrollThrough(page);
      await expect(page.getByText(DOCUMENT).first()).toBeVisible();
    },
    dialogs: async (page, width) => {
      // The comparison chart is desktop only (spec §2).
      if (width === 'desktop') {
        const chart = page.getByTestId('dash-chart');
        await chart.scrollIntoViewIfNeeded();
        await expect(chart.locator('canvas').first()).toBeVisible();
        await expectChartAlternatives(chart);
        await expectAccessible(page, 'dashboard-chart-table');
      }
      await openLoginModal(page);
      await expectAccessible(page, `login-${width}`);
    },
  },
  {
    name: 'maps',
    phone: true,
    path: () => '/maps',
    ready: async (page) => {
      await expect(page.getByTestId(`station-marker-${RAIN.code}`)).toBeVisible();
    },
    dialogs: async (page, width) => {
      // On a phone the alert toasts cover part of the map: the clicks go to the controls themselves.
      await page.getByTestId('photo-tool').dispatchEvent('click');
      const photo = page.getByRole('dialog', { name: 'Đăng ảnh' });
      await expect(photo).toBeVisible();
      await dialogSettled(page);
      await expectAccessible(page, `photo-${width}`);
      await page.keyboard.press('Escape');
      await expect(photo).toBeHidden();

      await page.getByTestId(`station-marker-${RAIN.code}`).dispatchEvent('click');
      const station = page.getByTestId('station-modal');
      await expect(station).toHaveAttribute('data-station', RAIN.code);
      await expect(station.getByTestId('station-chart').locator('canvas').first()).toBeVisible();
      await dialogSettled(page);
      await expectChartAlternatives(station);
      await expectAccessible(page, `station-${width}`);
    },
  },
  {
    name: 'maps-mobile',
    phone: true,
    path: () => '/maps-mobile',
    ready: async (page) => {
      await expect(page.getByTestId(`station-marker-${RAIN.code}`)).toBeVisible();
    },
  },
];

checkPages(PAGES);

test('flood analysis dialog: charts with text alternatives and a table; no serious or critical violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, PAGES[1]!);
  const toggle = page.getByTestId('map-layers-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByTestId('layer-flood').selectOption({ label: FLOOD_TIME.label });
  await toggle.click();
  await expect(page.getByTestId('map-layers')).toBeHidden();
  const box = (await page.locator('.flood-map-canvas').boundingBox())!;
  const x = box.x + box.width / 2 - 5;
  const y = box.y + box.height / 2;
  await hoverUntilShown(page, { x, y }, page.getByRole('tooltip', { name: /Mực nước/ }));
  await page.mouse.click(x, y);
  const modal = page.getByTestId('flood-analysis-modal');
  await expect(modal.locator('[data-testid="flood-analysis-share-chart"] canvas').first()).toBeVisible();
  await settled(page);
  await expectChartAlternatives(modal);
  await expectAccessible(page, 'flood-analysis');
});

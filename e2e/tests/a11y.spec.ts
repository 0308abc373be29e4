import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { deleteStation, districtClock, hoverUntilShown, pushReading, signedInApi } from './helpers';

// Issue #11 item 5: axe-core (WCAG 2.0/2.1 A and AA rules) on every public page, the login modal and the public
// map's dialogs, at desktop and phone widths: no violation of impact serious or critical. Every chart on the
// public side carries a text alternative (an accessible name) and a table of its figures.
// Screenshots for a person to look at: E2E_SHOTS=/tmp/a11y-shots npx playwright test tests/a11y.spec.ts

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SHOTS = process.env.E2E_SHOTS;
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  hasTouch: true,
  isMobile: true,
};
const COMMUNES = '../../server/src/db/seed/geo/communes.geojson';
const CENTRE = { lat: 21.274446, long: 107.267796 };
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** On the map's first view, away from the centre where the flood is drawn. */
const RAIN = { code: `F00${suffix}A`, name: `Mưa tiếp cận ${suffix}`, lat: 21.33, long: 107.18 };
const WATER = { code: `F01${suffix}A`, name: `Thuỷ văn tiếp cận ${suffix}`, lat: 21.21, long: 107.36 };
const NEWS = `Cảnh báo mưa lớn tiếp cận ${suffix}`;
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
let newsId = 0;

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

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function createNews(name: string, type: 'WARNING' | 'DOCUMENT', files: string[]): Promise<number> {
  const response = await api.post('/api/news', {
    data: {
      name,
      type,
      files,
      status: 'PUBLISH',
      sapo: `Tóm tắt ${name}`,
      author: 'Ban chỉ huy PCTT huyện',
      content: `<p>Người dân vùng trũng <strong>chú ý</strong> sơ tán. <a href="/maps">Xem bản đồ</a></p>`,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  cleanups.push(() => api.delete(`/api/news/${id}`));
  return id;
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
  const file = await api.post('/api/files', {
    multipart: { file: { name: `cong-van_tiep-can-${suffix}.pdf`, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(file.ok(), await file.text()).toBe(true);
  const { url } = (await file.json()) as { url: string };
  newsId = await createNews(NEWS, 'WARNING', [url]);
  await createNews(DOCUMENT, 'DOCUMENT', [url]);

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

/**
 * Runs axe over the page as it is now and fails on any serious or critical violation, naming each rule, its
 * help text and the elements it found.
 */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.id} [${v.impact}] ${v.help} (${v.nodes.length})\n${v.nodes
          .slice(0, 8)
          .map(
            (n) =>
              `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`,
          )
          .join('\n')}`,
    )
    .join('\n');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${label.replace(/[^\w-]+/g, '_')}.png`), fullPage: true });
  expect
    .soft(
      bad.map((v) => v.id),
      `${label}: serious or critical axe violations\n${report}`,
    )
    .toEqual([]);
}

/** Every tile request leaves for the internet: answer it with a 1×1 PNG (there is no external network here). */
async function stubTiles(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
}

/** Scrolls through the page so that sections loaded near the viewport render, then back to the top. */
async function scrollThrough(page: Page) {
  for (const section of await page.locator('section').all()) await section.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until no loading spinner is left on the page. */
async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .page-loading, .chart-loading')).toHaveCount(0);
}

type Width = 'desktop' | 'phone';

interface PublicPage {
  name: string;
  path: () => string;
  /** Waits for the page's content (data created above, lazily loaded sections). */
  ready: (page: Page) => Promise<void>;
  /** Checked at phone width too (the pages whose layout differs on a phone; the others share theirs). */
  phone: boolean;
  /** Dialogs and charts reached from the page, each checked in turn after the page itself. */
  dialogs?: (page: Page, width: Width) => Promise<void>;
}

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
  {
    name: 'news',
    phone: true,
    path: () => '/news',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: NEWS }).first()).toBeVisible();
    },
  },
  {
    name: 'all-news',
    phone: false,
    path: () => '/all-news',
    ready: async (page) => {
      await expect(page.getByRole('tabpanel').getByRole('link', { name: NEWS })).toBeVisible();
    },
  },
  {
    name: 'news-detail',
    phone: true,
    path: () => `/news/${newsId}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: NEWS })).toBeVisible();
      await expect(page.getByTestId('news-views')).toHaveText(/^\d+$/);
    },
  },
  {
    name: 'document',
    phone: false,
    path: () => '/document',
    ready: async (page) => {
      await expect(page.getByText(DOCUMENT).first()).toBeVisible();
    },
  },
  {
    name: 'about',
    phone: false,
    path: () => '/about',
    ready: async (page) => {
      await expect(page.getByTestId('about-article')).toBeVisible();
    },
  },
  {
    name: 'feedback',
    phone: true,
    path: () => '/feedback',
    ready: async (page) => {
      await expect(page.getByTestId('feedback-send')).toBeVisible();
      // A field in error (checked before sending): its message and the field's error colours are checked too.
      for (const [field, value] of [
        ['name', 'Nguyễn Văn Kiểm'],
        ['email', 'khong-phai-email'],
        ['phone', '0912345678'],
        ['address', 'Thị trấn Ba Chẽ'],
        ['content', `Góp ý thử khả năng tiếp cận ${suffix}`],
      ]) {
        await page.getByTestId(`feedback-${field}`).fill(value!);
      }
      await page.getByTestId('feedback-send').click();
      await expect(page.getByTestId('feedback-email-error')).toBeVisible();
    },
  },
  {
    name: 'not-found',
    phone: false,
    path: () => '/trang-khong-co',
    ready: async (page) => {
      await expect(page.getByTestId('not-found-home')).toBeVisible();
    },
  },
];

async function visit(page: Page, p: PublicPage) {
  await stubTiles(page);
  await page.goto(p.path());
  await p.ready(page);
  await settled(page);
}

/** Waits until the open dialog's opening animation has finished (its colours are final for axe). */
async function dialogSettled(page: Page) {
  await expect(page.locator('.ant-modal-root [class*="-enter"], .ant-modal-root [class*="-appear"]')).toHaveCount(0);
  await settled(page);
}

async function openLoginModal(page: Page) {
  await page.getByTestId('header-login').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Tôi không phải là robot')).toBeVisible();
  await dialogSettled(page);
}

/** Each chart has an accessible name and, beside it, a table of its figures (opened, so that axe sees it). */
async function expectChartAlternatives(scope: Locator) {
  const charts = scope.locator('.chart-canvas');
  expect(await charts.count()).toBeGreaterThan(0);
  for (const chart of await charts.all()) {
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(chart).toHaveAccessibleName(/\S{3,}/);
  }
  const details = scope.locator('details:has(table)');
  expect(await details.count()).toBeGreaterThan(0);
  for (const toggle of await details.all()) {
    await toggle.locator('summary').click();
    const table = toggle.locator('table');
    await expect(table).toBeVisible();
    await expect(table.locator('caption')).toHaveText(/\S{3,}/);
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
  }
}

for (const [width, use] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', PHONE],
] as const) {
  test.describe(`public pages at ${width} width`, () => {
    test.use(use);

    for (const p of PAGES.filter((x) => width === 'desktop' || x.phone)) {
      test(`${p.name}${p.dialogs ? ' and its dialogs' : ''}: no serious or critical axe violation`, async ({
        page,
      }) => {
        await visit(page, p);
        await expectAccessible(page, `${p.name}-${width}`);
        await p.dialogs?.(page, width);
      });
    }
  });
}

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

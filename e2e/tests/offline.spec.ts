import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { deleteStation, openMapTools, pushReading, randomWaterCode, signedInApi } from './helpers';

// The portal offline (#25, point 2), in Chromium against a real server: after one visit the installed app shows
// the last readings, the warning and a route to an evacuation point with the network cut; a new version of the
// service worker takes over on the next visit. Service workers are blocked in the other specs (their page.route
// would not see what a worker fetches): allowed here.
test.use({ serviceWorkers: 'allow' });

const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
/** A road east along 21.25 that bends north-east to the school, as in map-route.spec.ts, and a point on it. */
const W = [107.2, 21.25];
const BEND = [107.25, 21.25];
const SCHOOL = { name: `Trường THCS Ba Chẽ ngoại tuyến ${suffix}`, lat: 21.26, lng: 107.33 };
const HALL = { name: `Nhà văn hoá thôn Làng Mới ${suffix}`, lat: 21.3, lng: 107.2 };
/** The phone: on the bent stretch, nearer the school by road. */
const HERE = { latitude: 21.258, longitude: 107.29 };
const BANNER = /^Dữ liệu lúc \d{2}:\d{2} \d{2}\/\d{2} — đang mất kết nối$/;

/** The service worker the server serves (the web's build). */
const BUILT_WORKER = fileURLToPath(new URL('../../web/dist/sw.js', import.meta.url));

let api: APIRequestContext;

async function upload(type: string, name: string, geojson: unknown) {
  const response = await api.post('/api/geojson', {
    multipart: {
      type,
      file: { name, mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(geojson)) },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  await upload('EVACUATION_ROAD', `duong-so-tan-ngoai-tuyen-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { ref: `ĐT 330 ${suffix}` },
        geometry: { type: 'LineString', coordinates: [W, BEND, [107.3, 21.26], [SCHOOL.lng, SCHOOL.lat]] },
      },
      {
        type: 'Feature',
        properties: { ref: `ĐH 12 ${suffix}` },
        geometry: { type: 'LineString', coordinates: [[107.2, 21.22], W, [HALL.lng, HALL.lat]] },
      },
    ],
  });
  await upload('EVACUATION_POINT', `diem-so-tan-ngoai-tuyen-${suffix}.geojson`, {
    type: 'FeatureCollection',
    features: [SCHOOL, HALL].map((p) => ({
      type: 'Feature',
      properties: { ten: p.name },
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
    })),
  });
});

test.afterAll(async () => {
  await api?.dispose();
});

/** A phone of the district: 390 px, touch, its position known; map tiles are 1×1 PNGs (no outside network). */
async function phone(browser: import('@playwright/test').Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: HERE,
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
  return context;
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** The version of the service worker controlling the page (it answers 'version' on a message port). */
function workerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('version', [channel.port2]);
      }),
  );
}

/** The names of the portal's caches, and the addresses each holds. */
function cachesOf(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    }
    return out;
  });
}

test.describe('the portal offline (#25, point 2)', () => {
  test('after one visit, with the network cut, the app shows the last readings, the warning and a route to an evacuation point', async ({
    browser,
  }) => {
    const code = randomWaterCode();
    const name = `Trạm ngoại tuyến ${code}`;
    const created = await api.post('/api/station', {
      data: {
        code,
        name,
        description: 'Trạm đo thử nghiệm',
        lat: 21.27,
        long: 107.29,
        warningLevel1: 30,
        warningLevel2: 50,
        warningLevel3: 70,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const station = (await created.json()) as { id: number; pushKey: string };
    const context = await phone(browser);
    try {
      // Báo động 2, held by two readings: a warning in force.
      await pushReading(api, code, station.pushKey, 61, 1);
      await pushReading(api, code, station.pushKey, 62);
      const roads = (await (await api.get('/api/geojson?type=EVACUATION_ROAD&pageSize=1')).json()) as {
        items: { url: string }[];
      };
      const roadsUrl = roads.items[0]!.url;

      // (1) One visit online: the dashboard, then the map. The worker installs and keeps what the pages need.
      const page = await context.newPage();
      await page.goto('/dashboard');
      await expect(page.getByTestId(`dash-value-${code}`)).toHaveText(/0,62/);
      await expect(page.getByTestId('alert-banner')).toContainText(name);
      await controlled(page);
      // Installable: Chromium finds nothing missing (the manifest, its icons, the service worker); a test's browser
      // context is incognito, which is the only thing it may say.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
      await expect
        .poll(
          async () =>
            Object.entries(await cachesOf(page))
              .filter(([n]) => n.startsWith('flood-data-'))
              .flatMap(([, urls]) => urls),
          {
            timeout: 30_000,
          },
        )
        .toEqual(expect.arrayContaining(['/api/water?type=CURRENT_HIGH', '/api/alerts/active', roadsUrl]));
      await page.goto('/maps-mobile');
      await expect(page.getByTestId('map-page')).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);

      // (2) The network is cut: the dashboard again, from the worker's copies, saying so.
      await context.setOffline(true);
      await page.goto('/dashboard');
      await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
      await expect(page.getByTestId(`dash-value-${code}`)).toHaveText(/0,62/);
      await expect(page.getByTestId(`dash-status-${code}`)).toBeVisible();
      await expect(page.getByTestId('alert-banner')).toContainText(name);

      // (3) The map offline: my position to the nearest evacuation point, routed on the phone from the kept roads.
      await page.goto('/maps-mobile');
      await expect(page.getByTestId('map-page')).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toHaveText(BANNER);
      await expect(page.getByTestId('alert-banner')).toContainText(name);
      await openMapTools(page);
      await page.getByTestId('map-route').click();
      await expect(page.getByTestId('route-panel')).toBeVisible();
      await page.getByTestId('route-my-location').click();
      await expect(page.getByTestId('route-start-marker')).toBeVisible();
      await page.getByTestId('route-nearest').click();
      await expect(page.getByTestId('route-target')).toHaveText(`Điểm sơ tán gần nhất: ${SCHOOL.name}`);
      await expect(page.locator('[data-testid="route-line"]')).toBeVisible();
      await expect(page.getByTestId('route-length')).toContainText('km');
      await expect(page.getByTestId('route-offline')).toHaveText(
        'Đang mất kết nối: tuyến được tính trên máy từ bản đồ đường sơ tán đã lưu.',
      );

      // (4) Back online: the banner goes once the readings come from the network again.
      await context.setOffline(false);
      await page.goto('/dashboard');
      await expect(page.getByTestId(`dash-value-${code}`)).toHaveText(/0,62/);
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    } finally {
      await context.close();
      await deleteStation(api, station.id);
    }
  });

  test('a new version of the service worker takes over on the next visit, and the old caches go', async ({
    browser,
  }) => {
    const context = await phone(browser);
    let restore = () => {};
    try {
      const page = await context.newPage();
      await page.goto('/dashboard');
      await controlled(page);
      const first = await workerVersion(page);
      expect(first).toMatch(/^[0-9a-f]{12}$/);
      await expect
        .poll(async () => Object.keys(await cachesOf(page)).sort())
        .toEqual([`flood-assets-${first}`, `flood-data-${first}`, `flood-pages-${first}`]);

      // The next release: the same worker with another version, put in place of the built one on the server's disk
      // (the browser fetches a worker's script itself: a route() of the test does not see that fetch).
      const built = readFileSync(BUILT_WORKER, 'utf8');
      expect(built).toContain(`const VERSION = '${first}';`);
      const next = 'e2e0next0ver';
      writeFileSync(BUILT_WORKER, built.replace(`const VERSION = '${first}';`, `const VERSION = '${next}';`));
      restore = () => writeFileSync(BUILT_WORKER, built);

      // The next visit: the browser finds the new worker, which takes over at once; the page offers a reload.
      await page.reload();
      await expect(page.getByTestId('update-banner')).toHaveText('Đã có phiên bản mới — Tải lại', { timeout: 30_000 });
      expect(await workerVersion(page)).toBe(next);
      // The old version's pages and reads are gone; its hashed files stay one version (a page still on it loads them).
      await expect
        .poll(async () => Object.keys(await cachesOf(page)).sort())
        .toEqual([`flood-assets-${first}`, `flood-assets-${next}`, `flood-data-${next}`, `flood-pages-${next}`].sort());
      const kept = await cachesOf(page);
      expect(kept[`flood-assets-${next}`]!.length).toBeGreaterThan(10);

      await page.getByRole('button', { name: 'Tải lại' }).click();
      await expect(page.getByTestId('update-banner')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Trạm đo mực nước' })).toBeVisible();
      expect(await workerVersion(page)).toBe(next);
    } finally {
      restore();
      await context.close();
    }
  });
});

import { expect, test } from '@playwright/test';
import { authHeaders, createWaterStation, deleteStation, pushReading, randomWaterCode, startSignedIn } from './helpers';

test.describe("the dashboard's first view (#25)", () => {
  test('with JavaScript off, /dashboard, /maps-mobile and /news show the latest readings and the warning in force', async ({
    browser,
    page,
  }) => {
    await startSignedIn(page);
    const code = randomWaterCode();
    const name = `Trạm xem trước ${code}`;
    const station = await createWaterStation(page, { code, name, levels: [30, 50, 70] });
    try {
      // Báo động 2, held by two readings: a warning in force.
      await pushReading(page.request, code, station.pushKey, 61, 1);
      await pushReading(page.request, code, station.pushKey, 62);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const visitor = await context.newPage();
      // The view is made at most every 5 s: reload until it has the new station.
      await expect(async () => {
        await visitor.goto('/dashboard');
        await expect(visitor.getByTestId('first-view')).toContainText(name, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const view = visitor.getByTestId('first-view');
      // The warning in force: the banner under the header, as the app draws it.
      await expect(visitor.locator('[data-first-view="banner"]')).toContainText(name);
      // The station's card, with the page's own markup: value, status, distance to the next level, its map link.
      const card = view.getByTestId(`dash-card-${code}`);
      await expect(card.getByTestId(`dash-value-${code}`)).toHaveText('0,62');
      await expect(card.getByTestId(`dash-status-${code}`)).toHaveText('Cấp II');
      await expect(card.getByTestId(`dash-context-${code}`)).toContainText('dưới BĐ3 0,08 m');
      await expect(card).toHaveAttribute('href', `/maps?station=${code}`);
      await expect(visitor.getByText('Số liệu mới nhất lúc tải trang', { exact: false })).toBeVisible();
      // The phone map too: its slim bar, the banner and the reading, before (here: without) the map.
      await visitor.goto('/maps-mobile');
      await expect(visitor.getByTestId('bare-bar')).toBeVisible();
      await expect(visitor.locator('[data-first-view="banner"]')).toContainText(name);
      const line = visitor.getByTestId(`first-view-${code}`);
      await expect(line).toContainText('0,62 m');
      await expect(line).toContainText('Cấp II');
      await expect(line).toContainText('dưới BĐ3 0,08 m');
      // The news page: its sections as the app draws them, and the banner.
      await visitor.goto('/news');
      await expect(visitor.getByRole('heading', { level: 1, name: 'Tin tức' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: 'Tin cảnh báo' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 2, name: 'Tin hoạt động' })).toBeVisible();
      await expect(visitor.locator('[data-first-view="banner"]')).toContainText(name);
      await context.close();
    } finally {
      await deleteStation(page.request, station.id, await authHeaders(page));
    }
  });

  test('the app takes over without moving what the visitor reads', async ({ browser }) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      // The boot script held back: the page as the server sent it.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/app-boot.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await expect(page.getByTestId('first-view')).toBeVisible();
      // Measured as the visitor reads it: with the page's style sheets applied (not the bare HTML before they arrive).
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet !== null),
      );
      const boxes = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('main .dash-heading, main [data-testid^="dash-card-"], main .dash-hint')]
            .map((e) => {
              const r = e.getBoundingClientRect();
              return `${(e as HTMLElement).dataset.testid ?? e.textContent} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
            })
            .filter((_, i) => i < 12),
        );
      const before = await boxes();
      expect(before.length).toBeGreaterThan(3);
      release();
      // The app's page (its own test id), its readings in: the same boxes in the same places.
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(page.getByTestId('first-view')).toHaveCount(0);
      // The sections the first view does not draw (the chart, the documents) come after: below what it drew.
      expect((await boxes()).slice(0, before.length)).toEqual(before);
      await context.close();
    }
  });
  test('the app starts in steps and renders the page once: no spinner, the first view not rebuilt again and again', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { firstViewCopies: number; spinners: number };
      w.firstViewCopies = 0;
      w.spinners = 0;
      // Every time React puts the server's first view in again (a fallback mounted anew).
      const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
      Object.defineProperty(Element.prototype, 'innerHTML', {
        configurable: true,
        get: inner?.get,
        set(value: string) {
          if (String(value).includes('data-first-view="main"')) w.firstViewCopies += 1;
          inner?.set?.call(this, value);
        },
      });
      // Every spinner the page shows while it starts.
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element && (n.matches('.page-loading') || n.querySelector('.page-loading')))
              w.spinners += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('first-view')).toHaveCount(0);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { firstViewCopies: number; spinners: number };
      return { firstViewCopies: w.firstViewCopies, spinners: w.spinners };
    });
    // The page's module is loaded before the first render: no Suspense fallback first, and no fallback mounted again
    // and again while React holds its content back (80 copies in 300 ms before, #25 point 3).
    expect(seen.spinners).toBe(0);
    expect(seen.firstViewCopies).toBeLessThanOrEqual(1);
  });
});

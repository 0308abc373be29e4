import { expect, test } from '@playwright/test';

// #25, point 3: a visitor saving data (Save-Data, or a 2G/3G connection) gets no map preview and no pictures until
// asked. The browser's signal is navigator.connection; here it is set before the page's scripts run.
test.describe('saving data (#25)', () => {
  test('the dashboard holds its map back and the news their pictures until the visitor asks', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
    });
    const page = await context.newPage();
    const geodata: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/geojson')) geodata.push(r.url());
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    const section = page.getByTestId('dash-map-section');
    await section.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('show-map')).toBeVisible();
    await expect(section).toContainText('Đang tiết kiệm dữ liệu');
    await expect(page.getByTestId('dash-map-preview')).toHaveCount(0);
    expect(geodata).toEqual([]);
    await page.getByTestId('show-map').click();
    await expect(page.getByTestId('dash-map-preview')).toBeVisible();
    await expect.poll(() => geodata.length).toBeGreaterThan(0);

    // Asked once: the rest of the visit shows pictures (the news page has no notice any more).
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('data-saver-notice')).toHaveCount(0);
    await context.close();
  });

  test('the news page says pictures wait and loads them when asked', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '2g' } });
    });
    const page = await context.newPage();
    await page.goto('/news');
    await expect(page.getByTestId('data-saver-notice')).toContainText('Đang tiết kiệm dữ liệu');
    for (const img of await page.locator('img.news-card-image').all()) {
      expect(await img.getAttribute('src')).toMatch(/^data:/);
    }
    await page.getByTestId('show-pictures').click();
    await expect(page.getByTestId('data-saver-notice')).toHaveCount(0);
    await context.close();
  });
});

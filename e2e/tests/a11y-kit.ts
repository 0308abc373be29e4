import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

// What the accessibility specs share (issue #11 item 5): axe-core (WCAG 2.0/2.1 A and AA rules) on a page as it is,
// the two widths, waiting for a page and its dialogs to settle. a11y.spec.ts checks the pages with readings, warnings
// and flood layers (the `alarms` lane); a11y-pages.spec.ts the news, documents and forms (the `office` lane).
// Screenshots for a person to look at: E2E_SHOTS=/tmp/a11y-shots npx playwright test tests/a11y

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SHOTS = process.env.E2E_SHOTS;
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48eY9AAWDAsRbmw5iAAAAAElFTkSuQmCC',
  'base64',
);
export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  hasTouch: true,
  isMobile: true,
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A published news item (warning or directive document) with a PDF attached; its deletion is pushed to `cleanups`. */
export async function createNews(
  api: APIRequestContext,
  cleanups: (() => Promise<unknown>)[],
  name: string,
  type: 'WARNING' | 'DOCUMENT',
): Promise<number> {
  const file = await api.post('/api/files', {
    multipart: { file: { name: `cong-van_tiep-can-${Date.now()}.pdf`, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(file.ok(), await file.text()).toBe(true);
  const { url } = (await file.json()) as { url: string };
  const response = await api.post('/api/news', {
    data: {
      name,
      type,
      files: [url],
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

/**
 * Runs axe over the page as it is now and fails on any serious or critical violation, naming each rule, its
 * help text and the elements it found.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
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
export async function stubTiles(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
}

/** Scrolls through the page so that sections loaded near the viewport render, then back to the top. */
export async function scrollThrough(page: Page) {
  for (const section of await page.locator('section').all()) await section.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until no loading spinner is left on the page. */
export async function settled(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .page-loading, .chart-loading')).toHaveCount(0);
}

export type Width = 'desktop' | 'phone';

export interface PublicPage {
  name: string;
  path: () => string;
  /** Waits for the page's content (data created above, lazily loaded sections). */
  ready: (page: Page) => Promise<void>;
  /** Checked at phone width too (the pages whose layout differs on a phone; the others share theirs). */
  phone: boolean;
  /** Dialogs and charts reached from the page, each checked in turn after the page itself. */
  dialogs?: (page: Page, width: Width) => Promise<void>;
}

export async function visit(page: Page, p: PublicPage) {
  await stubTiles(page);
  await page.goto(p.path());
  await p.ready(page);
  await settled(page);
}

/** Waits until the open dialog's opening animation has finished (its colours are final for axe). */
export async function dialogSettled(page: Page) {
  await expect(page.locator('.ant-modal-root [class*="-enter"], .ant-modal-root [class*="-appear"]')).toHaveCount(0);
  await settled(page);
}

export async function openLoginModal(page: Page) {
  await page.getByTestId('header-login').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Tôi không phải là robot')).toBeVisible();
  await dialogSettled(page);
}

/** Each chart has an accessible name and, beside it, a table of its figures (opened, so that axe sees it). */
export async function expectChartAlternatives(scope: Locator) {
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

/** One test per page at desktop width, and per page marked `phone` at phone width: no serious or critical violation. */
export function checkPages(pages: PublicPage[]) {
  for (const [width, use] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    ['phone', PHONE],
  ] as const) {
    test.describe(`public pages at ${width} width`, () => {
      test.use(use);

      for (const p of pages.filter((x) => width === 'desktop' || x.phone)) {
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
}

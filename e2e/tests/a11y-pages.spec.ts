import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { checkPages, createNews, type PublicPage } from './a11y-kit';
import { signedInApi } from './helpers';

// Issue #11 item 5: no serious or critical axe violation on the public pages of news, documents and forms, at
// desktop width and (where their layout differs) phone width. Their data is news only, so they run in the `office`
// lane; the pages with readings and flood layers are a11y.spec.ts's.

const suffix = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
const NEWS = `Cảnh báo mưa lớn tiếp cận ${suffix}`;
const DOCUMENT = `Công văn tiếp cận ${suffix}`;

let api: APIRequestContext;
const cleanups: (() => Promise<unknown>)[] = [];
let newsId = 0;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  api = await signedInApi(browser, baseURL, ADMIN);
  newsId = await createNews(api, cleanups, NEWS, 'WARNING');
  await createNews(api, cleanups, DOCUMENT, 'DOCUMENT');
});

test.afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await api?.dispose();
});

const PAGES: PublicPage[] = [
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

checkPages(PAGES);

import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { signedInApi } from './helpers';

// The public news pages (public-portal §2): /news, /all-news, /news/{id}, /document, /about, as a visitor,
// with data an administrator creates through the API. Other specs share the database: names carry a suffix
// and assertions look only at these rows.

const SUFFIX = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n% ${SUFFIX}\n`);
const ATTACHMENT_NAME = 'bao-cao_mua-lu.pdf';

interface NewsBody {
  name: string;
  type: 'NORMAL' | 'WARNING' | 'DOCUMENT' | 'GIOI_THIEU';
  status?: 'DRAFT' | 'PUBLISH';
  date?: string;
  sapo?: string | null;
  author?: string | null;
  content?: string;
  files?: string[];
}

let api: APIRequestContext;
const created: number[] = [];
let aboutBefore: (NewsBody & { id: number }) | null = null;
let aboutId: number | null = null;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const names = {
  warning: `Cảnh báo lũ sông Ba Chẽ ${SUFFIX}`,
  normal: `Diễn tập phòng chống lụt bão ${SUFFIX}`,
  draft: `Bản nháp cảnh báo ${SUFFIX}`,
  future: `Cảnh báo hẹn giờ ngày mai ${SUFFIX}`,
  document: `Quyết định ứng phó lũ ${SUFFIX}`,
};
let pdfUrl = '';
const ids: Record<keyof typeof names, number> = { warning: 0, normal: 0, draft: 0, future: 0, document: 0 };

async function createNews(body: NewsBody): Promise<number> {
  const response = await api.post('/api/news', {
    data: { status: 'PUBLISH', content: `<p>${body.name}</p>`, ...body },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  created.push(id);
  return id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  api = await signedInApi(browser, baseURL, ADMIN);

  const upload = await api.post('/api/files', {
    multipart: { file: { name: ATTACHMENT_NAME, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  pdfUrl = ((await upload.json()) as { url: string }).url;

  ids.warning = await createNews({
    name: names.warning,
    type: 'WARNING',
    date: minutesAgo(1),
    sapo: `Mực nước dâng nhanh ${SUFFIX}`,
    author: 'Ban chỉ huy PCTT huyện',
    content: `<p>Người dân vùng trũng <strong>chú ý</strong> sơ tán ${SUFFIX}.</p>`,
    files: [pdfUrl],
  });
  ids.normal = await createNews({ name: names.normal, type: 'NORMAL', date: minutesAgo(2) });
  ids.draft = await createNews({ name: names.draft, type: 'WARNING', status: 'DRAFT' });
  ids.future = await createNews({
    name: names.future,
    type: 'WARNING',
    date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  ids.document = await createNews({
    name: names.document,
    type: 'DOCUMENT',
    date: minutesAgo(1),
    sapo: `Chỉ đạo ứng phó ${SUFFIX}`,
    files: [pdfUrl],
  });
});

test.afterAll(async () => {
  for (const id of created) await api.delete(`/api/news/${id}`).catch(() => {});
  if (aboutBefore && aboutId) {
    const { id: _id, ...body } = aboutBefore;
    await api.put(`/api/news/${aboutId}`, { data: body }).catch(() => {});
  } else if (aboutId) {
    await api.delete(`/api/news/${aboutId}`).catch(() => {});
  }
  await api?.dispose();
});

test('/news shows the published warning and activity news, not drafts nor scheduled items', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'Tin tức' })).toBeVisible();
  const warning = page.getByRole('region', { name: 'Tin cảnh báo' });
  const activity = page.getByRole('region', { name: 'Tin hoạt động' });
  const card = warning.getByRole('link', { name: names.warning });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/news/${ids.warning}`);
  await expect(activity.getByRole('link', { name: names.normal })).toBeVisible();
  await expect(page.getByText(names.draft)).toHaveCount(0);
  await expect(page.getByText(names.future)).toHaveCount(0);
  expect(await warning.locator('.news-card').count()).toBeLessThanOrEqual(6);
  await expect(page.locator('footer')).toBeVisible();
  await expect(page).toHaveTitle('Tin tức – Cảnh báo lũ');

  await warning.getByRole('link', { name: /Xem thêm/ }).click();
  await expect(page).toHaveURL(/\/all-news\?tab=warning$/);
  await expect(page.getByRole('tab', { name: 'Tin cảnh báo' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Tin cảnh báo' });
  await expect(panel.getByRole('link', { name: names.warning })).toBeVisible();
  await expect(panel.getByText(names.draft)).toHaveCount(0);
  await expect(panel.getByText(names.future)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Tin hoạt động' }).click();
  await expect(page).toHaveURL(/tab=activity/);
  await expect(page.getByRole('tabpanel', { name: 'Tin hoạt động' }).getByText(names.normal)).toBeVisible();
});

test('/all-news pages past 10 items, keeping the page in the URL', async ({ page }) => {
  // Old dates: these go to the end of the activity list and do not push other specs' items off /news.
  for (let i = 1; i <= 11; i++) {
    await createNews({
      name: `Tin hoạt động cũ ${String(i).padStart(2, '0')} ${SUFFIX}`,
      type: 'NORMAL',
      date: new Date(Date.UTC(2001, 0, i)).toISOString(),
    });
  }
  const { total } = (await (await api.get('/api/news?type=NORMAL&pageSize=1')).json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(12);

  await page.goto('/all-news?tab=activity');
  const panel = page.getByRole('tabpanel', { name: 'Tin hoạt động' });
  await expect(panel.locator('.news-card')).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Phân trang' });
  await expect(pager).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Trang 1' })).toHaveAttribute('aria-current', 'page');
  const firstPage = await panel.locator('.news-card-title').allTextContents();
  await pager.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/\/all-news\?tab=activity&page=2$/);
  await expect(pager.getByRole('button', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');
  await expect(panel.locator('.news-card-title').first()).not.toHaveText(firstPage[0] ?? '');
  const secondPage = await panel.locator('.news-card-title').allTextContents();
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/\/all-news\?tab=activity$/);
  await expect(panel.locator('.news-card-title').first()).toHaveText(firstPage[0] ?? '');

  // The last page holds the oldest item.
  const last = Math.ceil(total / 10);
  await page.goto(`/all-news?tab=activity&page=${last}`);
  await expect(panel.getByText(`Tin hoạt động cũ 01 ${SUFFIX}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trang sau' })).toBeDisabled();
});

test('/news/{id} shows the item with its attachment and a view count that rises', async ({ page, context }) => {
  await page.goto(`/news/${ids.warning}`);
  const article = page.getByTestId('news-article');
  await expect(article.getByRole('heading', { level: 1, name: names.warning })).toBeVisible();
  await expect(page).toHaveTitle(`${names.warning} – Cảnh báo lũ`);
  await expect(article.getByText(`Mực nước dâng nhanh ${SUFFIX}`)).toBeVisible();
  await expect(article.getByTestId('news-html')).toContainText(`Người dân vùng trũng chú ý sơ tán ${SUFFIX}.`);
  await expect(article.getByText('Ban chỉ huy PCTT huyện')).toBeVisible();
  await expect(article.locator('time').first()).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);

  const files = page.getByRole('region', { name: 'Tệp đính kèm' });
  const attachment = files.getByRole('link', { name: new RegExp(ATTACHMENT_NAME) });
  await expect(attachment.locator('.news-detail-file-name')).toHaveText(ATTACHMENT_NAME);
  await expect(attachment).toHaveAttribute('href', pdfUrl);
  await expect(attachment).toHaveAttribute('target', '_blank');
  await expect(attachment).toHaveAttribute('rel', 'noopener');
  await expect(attachment).toHaveClass(/news-detail-file-pdf/);
  const opened = context.waitForEvent('page');
  await attachment.click();
  const tab = await opened;
  await expect.poll(() => tab.url()).toContain(pdfUrl);
  await tab.close();

  const related = page.getByRole('region', { name: 'Tin cảnh báo mới nhất' });
  await expect(related.getByRole('link', { name: new RegExp(names.warning) })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('region', { name: 'Tin hoạt động mới nhất' }).getByRole('link').first()).toHaveAttribute(
    'target',
    '_blank',
  );

  await expect(page.getByText('Lượt xem')).toBeVisible();
  const views = page.getByTestId('news-views');
  await expect(views).toHaveText(/^\d+$/);
  const first = Number(await views.textContent());
  expect(first).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(views).toHaveText(/^\d+$/);
  expect(Number(await views.textContent())).toBeGreaterThan(first);
});

test('/news/abc is the 404 page; an unknown or unpublished item goes home with a toast', async ({ page }) => {
  await page.goto('/news/abc');
  await expect(page.getByText('Trang bạn tìm không tồn tại')).toBeVisible();

  await page.goto('/news/999999999');
  await expect(page.getByText('Không tìm thấy bài viết')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/news/${ids.draft}`);
  await expect(page.getByText('Không tìm thấy bài viết')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/document lists the published directive document with its PDF', async ({ page }) => {
  await page.goto('/document');
  await expect(page.getByRole('heading', { level: 1, name: 'Văn bản chỉ đạo' })).toBeVisible();
  const card = page.getByTestId(`document-card-${ids.document}`);
  await expect(card.getByRole('heading', { level: 2, name: names.document })).toBeVisible();
  await expect(card.getByText(`Chỉ đạo ứng phó ${SUFFIX}`)).toBeVisible();
  const open = card.getByRole('link', { name: /Xem văn bản/ });
  await expect(open).toHaveAttribute('href', pdfUrl);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(page.locator('footer')).toBeVisible();
  const pdf = await page.request.get(pdfUrl);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('/about shows the about record', async ({ page }) => {
  const existing = await api.get('/api/news/about');
  const content = `<h2>Vị trí địa lý</h2><p>Ba Chẽ là huyện miền núi ${SUFFIX}.</p>`;
  if (existing.ok()) {
    const about = (await existing.json()) as NewsBody & { id: number; date: string };
    aboutBefore = { ...about };
    aboutId = about.id;
    const response = await api.put(`/api/news/${about.id}`, {
      data: {
        name: about.name,
        type: 'GIOI_THIEU',
        status: 'PUBLISH',
        date: about.date,
        sapo: about.sapo,
        author: about.author,
        files: about.files,
        content,
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  } else {
    aboutId = await createNews({ name: 'Giới thiệu huyện Ba Chẽ', type: 'GIOI_THIEU', content, date: minutesAgo(5) });
    created.pop();
  }
  const name = ((await (await api.get('/api/news/about')).json()) as { name: string }).name;

  await page.goto('/about');
  const article = page.getByTestId('about-article');
  await expect(article.getByText(`Ba Chẽ là huyện miền núi ${SUFFIX}.`)).toBeVisible();
  await expect(article.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'Vị trí địa lý' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { authHeaders, chooseSelectOption, dialogOpened, districtClock, startSignedIn } from './helpers';

// The news management page (back-office §2.1): the administrator writes news, directive documents and the about
// page through the dialogs; the public API shows what is published. Other specs share the database: names carry
// a suffix and assertions look only at these rows.

const SUFFIX = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const PDF = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n% ${SUFFIX}\n`);
const names = {
  warning: `Cảnh báo lũ quét xã Thanh Sơn ${SUFFIX}`,
  draft: `Bản nháp hướng dẫn sơ tán ${SUFFIX}`,
  document: `Công điện ứng phó mưa lũ ${SUFFIX}`,
};

interface PublicNews {
  id: number;
  name: string;
  status: string;
  type: string;
  date: string;
  files: string[];
}
interface AboutRecord {
  id: number;
  name: string;
  content: string;
  status: string;
}

let api: APIRequestContext;
let aboutBefore: AboutRecord | null = null;
const created: number[] = [];

/** Yesterday on the district clock at 08:30:15, as typed (DD/MM/YYYY HH:mm:ss) and as the API's UTC ISO. */
function yesterdayAt0830(): { typed: string; iso: string } {
  const { date } = districtClock(new Date(Date.now() - 24 * 3600_000));
  const [d, m, y] = date.split('/');
  return { typed: `${date} 08:30:15`, iso: `${y}-${m}-${d}T01:30:15Z` };
}

/** With E2E_SCREENSHOT_DIR set, keeps a picture of the page (or of a whole dialog) for a person to look at. */
async function keepScreenshot(page: Page, name: string, dialog?: Locator) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  if (!dialog) {
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    return;
  }
  // A long dialog scrolls in its wrapper: its top and its bottom.
  const wrap = page.locator('.ant-modal-wrap').filter({ has: dialog });
  for (const [part, top] of [
    ['top', 0],
    ['bottom', 1e6],
  ] as const) {
    await wrap.evaluate((e, y) => e.scrollTo(0, y), top);
    await page.screenshot({ path: path.join(dir, `${name}-${part}.png`) });
  }
}

async function openManagePage(page: Page) {
  await page.goto('/dashboard');
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name);
  await page.goto('/news/manage-news');
  await expect(page.getByRole('heading', { level: 1, name: 'Quản lý tin tức' })).toBeVisible();
}

/** Writes a body in the TipTap editor of the open dialog, with a bold word through the toolbar. */
async function writeBody(modal: Locator, text: string) {
  const editor = modal.locator('.ProseMirror');
  await editor.click();
  await editor.pressSequentially(`${text} `);
  await modal.getByRole('button', { name: 'In đậm' }).click();
  await editor.pressSequentially('khẩn');
}

const rowOf = (page: Page, tab: string, name: string) =>
  page.getByTestId(`news-table-${tab}`).getByRole('row').filter({ hasText: name });

async function publicList(type?: string): Promise<PublicNews[]> {
  const visitor = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await visitor.get(`/api/news?pageSize=100${type ? `&type=${type}` : ''}`);
  expect(response.ok()).toBe(true);
  const items = ((await response.json()) as { items: PublicNews[] }).items;
  await visitor.dispose();
  return items;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/dashboard');
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  api = await request.newContext({ baseURL, extraHTTPHeaders: await authHeaders(page) });
  await context.close();
  const about = await api.get('/api/news/about');
  aboutBefore = about.ok() ? ((await about.json()) as AboutRecord) : null;
});

test.afterAll(async () => {
  for (const id of created) await api.delete(`/api/news/${id}`);
  // The about page is shared: put it back as it was.
  const about = await api.get('/api/news/about');
  if (about.ok()) {
    const now = (await about.json()) as AboutRecord & Record<string, unknown>;
    if (!aboutBefore) await api.delete(`/api/news/${now.id}`);
    else await api.put(`/api/news/${now.id}`, { data: { ...now, ...aboutBefore, type: 'GIOI_THIEU' } });
  }
  await api.dispose();
});

test('a WARNING news with a PDF is published with the typed date', async ({ page }) => {
  await openManagePage(page);
  // The four view statistics show numbers.
  for (const period of ['today', 'week', 'month', 'year'])
    await expect(page.getByTestId(`news-stat-${period}`).getByTestId('news-stat-value')).toHaveText(/^\d[\d.]*$/);
  await keepScreenshot(page, 'manage-news');

  await page.getByTestId('news-add').click();
  const modal = page.getByTestId('news-modal');
  await expect(modal.getByText('Thêm tin tức', { exact: true })).toBeVisible();
  await dialogOpened(modal);
  await expect(modal.locator('.ProseMirror')).toBeVisible();
  // (An empty save names the two required fields: news-form-modal.test.tsx.)

  const when = yesterdayAt0830();
  await page.locator('#news-name').fill(names.warning);
  await page.locator('#news-sapo').fill('Mưa lớn gây nguy cơ lũ quét');
  await page.locator('#news-author').fill('Ban chỉ huy phòng chống thiên tai huyện');
  await chooseSelectOption(page, modal.getByTestId('news-type'), 'Tin cảnh báo');
  await chooseSelectOption(page, modal.getByTestId('news-status-select'), 'Đã đăng');
  await page.locator('#news-date').click();
  await page.locator('#news-date').fill(when.typed);
  await page.locator('#news-date').press('Enter');
  await expect(page.locator('#news-date')).toHaveValue(when.typed);
  await modal
    .getByTestId('news-files')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'bao-cao-lu.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(modal.getByRole('link', { name: 'bao-cao-lu.pdf' })).toBeVisible();
  await writeBody(modal, 'Đề nghị người dân vùng trũng sơ tán');
  await keepScreenshot(page, 'news-modal-filled', modal);

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/news') && r.method() === 'POST');
  await page.getByTestId('news-submit').click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  // back-office §5: sent as UTC ISO without milliseconds
  expect(body.date).toBe(when.iso);
  expect(body.content).toBe('<p>Đề nghị người dân vùng trũng sơ tán <strong>khẩn</strong></p>');
  await expect(page.getByText('Tạo tin tức thành công')).toBeVisible();
  await expect(modal).toBeHidden();
  // The new item's tab is shown, with its green badge.
  await expect(page.getByRole('tab', { name: 'Tin cảnh báo', selected: true })).toBeVisible();
  const row = rowOf(page, 'WARNING', names.warning);
  await expect(row.getByTestId('news-status')).toHaveText('Đã đăng');
  await expect(row).toContainText(ADMIN.name);
  await expect(row).toContainText(when.typed.slice(0, 16));

  const item = (await publicList('WARNING')).find((n) => n.name === names.warning);
  expect(item, 'published WARNING item in the public list').toBeTruthy();
  created.push(item!.id);
  expect(item!.status).toBe('PUBLISH');
  expect(new Date(item!.date).toISOString()).toBe(when.iso.replace('Z', '.000Z'));
  expect(item!.files).toHaveLength(1);
  expect(item!.files[0]).toMatch(/^\/api\/files\/[a-f0-9]{32}$/);

  await page.goto(`/news/${item!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: names.warning })).toBeVisible();
});

test('a draft written in the dialog stays off the public list', async ({ page }) => {
  await openManagePage(page);
  await page.getByTestId('news-add').click();
  const modal = page.getByTestId('news-modal');
  await dialogOpened(modal);
  // back-office §4: a new item is a DRAFT of the first type
  await expect(modal.getByTestId('news-status-select')).toContainText('Bản nháp');
  await expect(modal.getByTestId('news-type')).toContainText('Tin hoạt động');
  await page.locator('#news-name').fill(names.draft);
  await writeBody(modal, 'Nội dung đang soạn');
  await page.getByTestId('news-submit').click();
  await expect(page.getByText('Tạo tin tức thành công')).toBeVisible();
  const row = rowOf(page, 'NORMAL', names.draft);
  await expect(row.getByTestId('news-status')).toHaveText('Bản nháp');
  expect((await publicList()).some((n) => n.name === names.draft)).toBe(false);

  // Edit keeps the values; delete asks first.
  await row.getByRole('button', { name: 'Sửa' }).click();
  await expect(modal.getByText('Cập nhật tin tức', { exact: true })).toBeVisible();
  await expect(page.locator('#news-name')).toHaveValue(names.draft);
  await expect(modal.locator('.ProseMirror')).toContainText('Nội dung đang soạn');
  await modal.getByRole('button', { name: 'Huỷ' }).click();
  await expect(modal).toBeHidden();
  await row.getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByText('Bạn có chắc chắn muốn xoá?')).toBeVisible();
  await page.getByTestId('confirm-delete-ok').click();
  await expect(page.getByText('Xoá tin tức thành công!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('a directive document with a PDF is listed in its tab and by the document API, then deleted', async ({ page }) => {
  await openManagePage(page);
  await page.getByTestId('document-add').click();
  const modal = page.getByTestId('document-modal');
  await dialogOpened(modal);
  // (An empty save asks for the title and the PDF: document-about-modals.test.tsx.)
  await page.locator('#document-name').fill(names.document);
  await page.locator('#document-sapo').fill('Về việc chủ động ứng phó mưa lớn');
  await modal
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cong-dien.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(modal.getByRole('link', { name: 'cong-dien.pdf' })).toBeVisible();
  await keepScreenshot(page, 'document-modal', modal);
  await page.getByTestId('document-submit').click();
  await expect(page.getByText('Tạo văn bản thành công')).toBeVisible();

  await page.getByRole('tab', { name: 'Văn bản chỉ đạo' }).click();
  const row = rowOf(page, 'DOCUMENT', names.document);
  await expect(row).toContainText('Về việc chủ động ứng phó mưa lớn');
  await expect(row).toContainText(ADMIN.name);
  await keepScreenshot(page, 'manage-news-documents');

  const response = await api.get('/api/document?pageSize=100');
  const doc = ((await response.json()) as { items: { id: number; title: string; path: string | null }[] }).items.find(
    (d) => d.title === names.document,
  );
  expect(doc?.path).toMatch(/^\/api\/files\/[a-f0-9]{32}$/);

  // Download gives the PDF under its own name.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Tải xuống' }).click();
  expect((await download).suggestedFilename()).toBe('cong-dien.pdf');

  // The edit dialog shows title, description and the attachment link.
  await row.getByRole('button', { name: 'Sửa' }).click();
  await expect(modal.getByText('Cập nhật văn bản chỉ đạo', { exact: true })).toBeVisible();
  await expect(page.locator('#document-name')).toHaveValue(names.document);
  await expect(modal.getByRole('link', { name: 'cong-dien.pdf' })).toHaveAttribute('href', doc!.path!);
  await page.locator('#document-sapo').fill('Về việc chủ động ứng phó mưa lớn (bổ sung)');
  await page.getByTestId('document-submit').click();
  await expect(page.getByText('Cập nhật văn bản chỉ đạo thành công')).toBeVisible();
  await expect(row).toContainText('(bổ sung)');

  await row.getByRole('button', { name: 'Xoá' }).click();
  await page.getByTestId('confirm-delete-ok').click();
  await expect(page.getByText('Xoá văn bản chỉ đạo thành công!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the about page is edited in its own dialog', async ({ page }) => {
  await openManagePage(page);
  await page.getByTestId('about-edit').click();
  const modal = page.getByTestId('about-modal');
  await expect(modal.getByText('Cập nhật trang giới thiệu', { exact: true })).toBeVisible();
  const editor = modal.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.pressSequentially(`Huyện Ba Chẽ ${SUFFIX}`);
  await keepScreenshot(page, 'about-modal', modal);
  await page.getByTestId('about-submit').click();
  await expect(page.getByText('Cập nhật nội dung thành công')).toBeVisible();
  const about = (await (await api.get('/api/news/about')).json()) as AboutRecord & { type: string };
  expect(about.content).toContain(`Huyện Ba Chẽ ${SUFFIX}`);
  expect(about.status).toBe('PUBLISH');
  expect(about.type).toBe('GIOI_THIEU');
});

test('on a phone the page and its dialogs fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openManagePage(page);
  await expect(page.getByTestId('news-stat-year').getByTestId('news-stat-value')).toBeVisible();
  // Nothing of the page is wider than its column (the tables scroll inside their card).
  const spill = (selector: string) =>
    page.evaluate((s) => {
      const e = document.querySelector(s) as HTMLElement;
      return e.scrollWidth - e.clientWidth;
    }, selector);
  expect(await spill('.manage-news')).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'manage-news-phone');
  for (const [button, modal, name] of [
    ['news-add', 'news-modal', 'news-modal-phone'],
    ['document-add', 'document-modal', 'document-modal-phone'],
    ['about-edit', 'about-modal', 'about-modal-phone'],
  ] as const) {
    await page.getByTestId(button).click();
    const dialog = page.getByTestId(modal);
    await expect(page.getByTestId(modal).locator('.ant-modal-footer')).toBeVisible();
    // nothing is marked wrong before a save
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await spill(`[data-testid="${modal}"] .ant-modal-body`)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, name, dialog);
    await page.getByTestId(modal).getByRole('button', { name: 'Huỷ' }).click();
    await expect(page.getByTestId(modal)).toBeHidden();
  }
});

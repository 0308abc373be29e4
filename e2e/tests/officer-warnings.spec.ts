import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { SIGNED_IN } from '../fixtures';
import { authHeaders, signIn, startSignedIn } from './helpers';

// Warnings issued by officers (#23): one officer composes a flood warning for two neighbouring communes, a second
// approves it; a resident's phone shows it on the banner and its area on the map; the CAP feed carries the Alert;
// an update and a cancel follow, each seen on the public side and in the feed.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const THANH_SON = '06973';
const NAM_SON = '06982';

let admin: APIRequestContext;

/** axe-core (WCAG 2.0/2.1 A and AA, as a11y.spec.ts): the serious and critical violations of a page, as text. */
async function seriousViolations(page: Page, only?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (only ? axe.include(only) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 60)} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
}
const published: number[] = [];

test.afterAll(async () => {
  // A warning left in force would head every banner of the specs that follow.
  for (const id of published)
    await admin?.post(`/api/warnings/${id}/cancel`, { data: { reason: 'Dọn dữ liệu thử nghiệm' } }).catch(() => {});
  await admin?.dispose();
});

/** A second officer holding `warning` (made through the users API by the administrator, who holds it). */
async function secondOfficer(page: Page): Promise<{ email: string; password: string; name: string }> {
  const headers = await authHeaders(page);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const group = await page.request.post('/api/group', { headers, data: { name: `Nhóm duyệt ${suffix}` } });
  expect(group.ok(), await group.text()).toBe(true);
  const account = {
    email: `duyet.${suffix}@e2e.local`,
    password: 'Mat-khau-duyet-2026',
    name: `Cán bộ duyệt ${suffix}`,
  };
  const user = await page.request.post('/api/user', {
    headers,
    data: { ...account, groupId: (await group.json()).id, functions: ['system', 'warning'] },
  });
  expect(user.ok(), await user.text()).toBe(true);
  return account;
}

async function feedEntries(api: APIRequestContext): Promise<{ title: string; term: string; href: string }[]> {
  const xml = await (await api.get('/api/cap')).text();
  return [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => ({
    title: /<title>([^<]*)<\/title>/.exec(m[1]!)![1]!,
    term: /<category term="(\w+)"\/>/.exec(m[1]!)![1]!,
    href: /href="([^"]+)"/.exec(m[1]!)![1]!,
  }));
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext(PHONE);
  return context.newPage();
}

test('an officer composes, a second approves; the phone shows banner and area; update and cancel follow', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = String(Math.floor(Math.random() * 1_000_000));
  const headline = `Lũ sông Ba Chẽ lên báo động 2, sơ tán hộ ven sông ${suffix}`;

  // (1) The first officer (the administrator holds `warning`) composes a flood warning for two communes.
  await startSignedIn(page, SIGNED_IN.admin);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  admin = await request.newContext({ baseURL, extraHTTPHeaders: await authHeaders(page) });
  const officer = await secondOfficer(page);
  await page.goto('/system/warnings');
  await page.getByTestId('warning-compose').click();
  const modal = page.getByTestId('warning-modal');
  await expect(modal).toBeVisible();
  // The communes chosen on the small map, by clicking them.
  for (const code of [THANH_SON, NAM_SON]) {
    const shape = modal.getByTestId(`commune-shape-${code}`);
    await expect(shape).toBeVisible();
    await shape.click({ force: true });
  }
  await expect(modal.getByTestId('warning-communes')).toContainText('Thanh Sơn');
  await expect(modal.getByTestId('warning-communes')).toContainText('Nam Sơn');
  await modal.getByTestId('warning-severity-2').click();
  await modal.getByTestId('warning-headline-vi').fill(headline);
  await modal
    .getByTestId('warning-description-vi')
    .fill('Mực nước sông Ba Chẽ tại cầu Ba Chẽ đạt 3,32 m lúc 10:00, trên báo động 2 và đang lên.');
  await modal
    .getByTestId('warning-instruction-vi')
    .fill('Các hộ ven sông thôn Khe Lạc, Nà Làng di chuyển đến nhà văn hoá thôn trước 14:00.');
  await page.screenshot({ path: test.info().outputPath('composer-1366.png') });
  expect(await seriousViolations(page, '[data-testid="warning-modal"]'), 'the composer').toEqual([]);
  await modal.getByTestId('warning-submit').click();
  await expect(modal).toBeHidden();

  const list = await (await admin.get('/api/warnings?status=draft&pageSize=100')).json();
  const draft = (list.items as { id: number; headlineVi: string }[]).find((w) => w.headlineVi === headline);
  expect(draft, 'the draft is listed').toBeTruthy();
  const id = draft!.id;
  const row = page.locator(`tr[data-row-key="${id}"]`);
  await expect(row).toContainText('Bản nháp');
  // Its composer cannot approve it.
  await expect(page.getByTestId(`warning-approve-${id}`)).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('warnings-list-1366.png') });
  expect(await seriousViolations(page), 'the warnings page').toEqual([]);

  // (2) The second officer approves it.
  const second = await (await browser.newContext()).newPage();
  await signIn(second, officer.email, officer.password);
  await expect(second.getByTestId('user-menu')).toBeVisible();
  await second.goto('/system/warnings');
  const approve = second.getByTestId(`warning-approve-${id}`);
  await expect(approve).toBeEnabled();
  await approve.click();
  await second.getByTestId('warning-approve-confirm').click();
  await expect(second.locator(`tr[data-row-key="${id}"]`)).toContainText('Đang hiệu lực');
  published.push(id);

  // (3) A resident's phone: the banner on every page, the area on the map.
  const phone = await phonePage(browser);
  await phone.goto('/dashboard');
  const line = phone.getByTestId(`warning-${id}`);
  await expect(line).toBeVisible();
  await expect(line).toContainText(headline);
  await expect(line).toContainText('Báo động 2');
  await expect(phone.getByTestId(`warning-link-${id}`)).toHaveAttribute('href', `/canh-bao/${id}`);
  await phone.screenshot({ path: test.info().outputPath('banner-390.png') });
  await phone.goto('/maps');
  const area = phone.getByTestId(`warning-area-${id}`);
  await expect(area).toContainText(`Vùng cảnh báo: ${headline}`);
  await area.click();
  await expect(phone.getByTestId(`warning-area-shape-${id}`).first()).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('map-390.png') });
  // The shareable page, readable without a script.
  const noScript = await (await browser.newContext({ ...PHONE, javaScriptEnabled: false })).newPage();
  await noScript.goto(`/canh-bao/${id}`);
  await expect(noScript.getByTestId('warning-headline')).toHaveText(headline);
  await expect(noScript.getByTestId('warning-area')).toHaveText('Thanh Sơn, Nam Sơn');
  await expect(noScript.getByTestId('warning-status')).toHaveText('Đang hiệu lực');
  await noScript.screenshot({ path: test.info().outputPath('page-390.png'), fullPage: true });
  // The same page checked by axe (which needs scripts: on the phone's own tab).
  const shared = await phone.context().newPage();
  await shared.goto(`/canh-bao/${id}`);
  expect(await seriousViolations(shared), 'the public warning page').toEqual([]);
  await shared.close();

  // (4) The CAP feed has the Alert (one, the two communes touch).
  let entries = (await feedEntries(admin)).filter((e) => e.title.includes(suffix));
  expect(entries.map((e) => e.term)).toEqual(['Alert']);
  expect(entries[0]!.title).toContain('Thanh Sơn, Nam Sơn – Quảng Ninh');

  // (5) The first officer updates it: level 3, a new headline, a note.
  const updated = `Lũ lên báo động 3, sơ tán ngay hộ ven sông ${suffix}`;
  await page.reload();
  await page.getByTestId(`warning-update-${id}`).click();
  await expect(modal).toBeVisible();
  await modal.getByTestId('warning-severity-3').click();
  await modal.getByTestId('warning-headline-vi').fill(updated);
  await modal.getByTestId('warning-note').fill('Nước lên báo động 3 lúc 11:00');
  await modal.getByTestId('warning-submit').click();
  await expect(modal).toBeHidden();
  await phone.goto('/dashboard');
  await expect(phone.getByTestId(`warning-${id}`)).toContainText(updated);
  await expect(phone.getByTestId(`warning-${id}`)).toContainText('Báo động 3');
  await noScript.reload();
  await expect(noScript.getByTestId('warning-headline')).toHaveText(updated);
  await expect(noScript.getByTestId('warning-version')).toContainText('Lần 1');
  entries = (await feedEntries(admin)).filter((e) => e.title.includes(suffix));
  expect(entries.map((e) => e.term)).toEqual(['Update', 'Alert']);

  // (6) The second officer cancels it with a reason.
  await second.reload();
  await second.getByTestId(`warning-cancel-${id}`).click();
  await second.getByTestId('warning-cancel-reason').fill('Nước đã rút dưới báo động 1');
  await second.getByTestId('warning-cancel-submit').click();
  await expect(second.locator(`tr[data-row-key="${id}"]`)).toContainText('Đã huỷ');
  published.splice(published.indexOf(id), 1);
  // The phone still open on the dashboard drops the line by itself (the 'warning' event), no reload.
  await expect(phone.getByTestId(`warning-${id}`)).toHaveCount(0);
  await noScript.reload();
  await expect(noScript.getByTestId('warning-status')).toHaveText('Đã huỷ');
  await expect(noScript.getByTestId('warning-cancelled')).toContainText('Nước đã rút dưới báo động 1');
  entries = (await feedEntries(admin)).filter((e) => e.title.includes(suffix));
  expect(entries.map((e) => e.term)).toEqual(['Cancel', 'Update', 'Alert']);
  const cancel = await (await admin.get(new URL(entries[0]!.href).pathname)).text();
  expect(cancel).toContain('<msgType>Cancel</msgType>');
  expect(cancel).toContain('<references>');
});

test('an officer draws the area of a landslide warning on the map; the server keeps the ring', async ({ page }) => {
  const suffix = String(Math.floor(Math.random() * 1_000_000));
  await startSignedIn(page, SIGNED_IN.admin);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/system/warnings');
  await page.getByTestId('warning-compose').click();
  const modal = page.getByTestId('warning-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('warning-kind').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Sạt lở đất').click();
  await modal.getByTestId('warning-area-mode').getByText('Vẽ vùng trên bản đồ').click();
  const map = modal.getByTestId('warning-commune-map');
  await expect(map.getByTestId('commune-shape-06988')).toBeVisible();
  await modal.getByTestId('warning-draw').click();
  // Four corners inside the district (around the middle of the map), then 'Xong'.
  const box = (await map.getByTestId('commune-shape-06988').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [
    [-30, -20],
    [30, -20],
    [30, 20],
    [-30, 20],
  ] as const) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(150);
  }
  await modal.getByTestId('warning-draw-finish').click();
  await expect(modal.getByTestId('warning-polygon-summary')).toContainText('4');
  await modal.getByTestId('warning-severity-2').click();
  await modal.getByTestId('warning-headline-vi').fill(`Nguy cơ sạt lở đất quanh Đồn Đạc ${suffix}`);
  await modal.getByTestId('warning-description-vi').fill('Mưa lớn kéo dài, đất đã bão hoà nước.');
  await modal.getByTestId('warning-instruction-vi').fill('Không ở lại trong nhà sát taluy khi mưa lớn.');
  await modal.getByTestId('warning-submit').click();
  await expect(modal).toBeHidden();

  const headers = await authHeaders(page);
  const list = await (await page.request.get('/api/warnings?status=draft&pageSize=100', { headers })).json();
  const draft = (
    list.items as { id: number; headlineVi: string; polygon: number[][] | null; area: { names: string[] } }[]
  ).find((w) => w.headlineVi.endsWith(suffix));
  expect(draft?.polygon, 'the drawn ring is stored').toHaveLength(5);
  expect(draft!.polygon![0]).toEqual(draft!.polygon![4]);
  expect(draft!.area.names).toContain('Đồn Đạc');
  expect((await page.request.delete(`/api/warnings/${draft!.id}`, { headers })).status()).toBe(204);
});

import { expect, test } from '@playwright/test';
import { SIGNED_IN, STAFF } from '../fixtures';
import { authHeaders, startSignedIn } from './helpers';

/**
 * #18: a holder of `user` grants only what it holds and cannot touch an account above it; audit entries a
 * browser sends are marked. Signed in as the seeded users-only manager (system + user).
 */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('a user manager cannot tick a permission it does not hold, nor edit an account above it', async ({
  page,
  browser,
}) => {
  // The administrator makes a station officer (database) the manager must not be able to reset.
  const adminContext = await browser.newContext({ storageState: SIGNED_IN.admin });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/dashboard');
  await expect(adminPage.getByTestId('user-menu')).toBeVisible();
  const headers = await authHeaders(adminPage);
  const group = await adminPage.request.post('/api/group', {
    headers,
    data: { name: `Trực ban ${suffix}`, functions: ['database'] },
  });
  expect(group.status()).toBe(200);
  const officerName = `Trực ban trạm ${suffix}`;
  const officer = await adminPage.request.post('/api/user', {
    headers,
    data: {
      name: officerName,
      email: `truc.ban.${suffix}@e2e.local`,
      groupId: (await group.json()).id,
      password: 'Mat-khau-e2e-2026',
      functions: ['database'],
    },
  });
  expect(officer.status()).toBe(200);
  const officerId = (await officer.json()).id as number;
  const groupId = (await group.json()).id as number;
  await adminContext.close();

  await startSignedIn(page, SIGNED_IN.usersOnly);
  await expect(page.getByTestId('user-menu')).toContainText(STAFF.usersOnly.name);
  await page.goto('/user/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Người dùng' })).toBeVisible();

  // The officer's row shows a lock instead of edit and delete.
  await page.getByTestId('user-search').fill(officerName);
  const row = page.getByRole('row', { name: new RegExp(officerName) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel('Tài khoản có quyền mà bạn không có: chỉ xem')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Sửa' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Xoá' })).toHaveCount(0);

  // The new-user form: only what the manager holds can be ticked.
  await page.getByTestId('user-add').click();
  const boxes = page.getByTestId('user-functions');
  await expect(boxes.getByLabel('Người dùng')).toBeEnabled();
  for (const lacking of ['Cơ sở dữ liệu', 'Tin tức', 'Phân tích', 'Lớp dữ liệu', 'Cảnh báo SMS', 'Góp ý']) {
    await expect(boxes.getByLabel(lacking)).toBeDisabled();
  }
  await boxes.getByText('Cơ sở dữ liệu').click({ force: true });
  await expect(boxes.getByLabel('Cơ sở dữ liệu')).not.toBeChecked();
  await page.keyboard.press('Escape');

  // The server refuses the same, whatever the page shows.
  const reset = await page.request.put(`/api/user/${officerId}`, {
    headers: await authHeaders(page),
    data: { name: 'Bị đổi', groupId, password: 'Mat-khau-ke-gian-1', functions: [] },
  });
  expect(reset.status()).toBe(403);
});

test('an audit entry sent by a browser is marked as such in the log', async ({ page }) => {
  await startSignedIn(page, SIGNED_IN.usersOnly);
  await expect(page.getByTestId('user-menu')).toContainText(STAFF.usersOnly.name);
  const text = `Xoá toàn bộ người nhận ${suffix}`;
  const sent = await page.request.post('/api/audit', { headers: await authHeaders(page), data: { content: text } });
  expect(sent.status()).toBe(200);
  await page.goto('/user/logs');
  await page.getByTestId('audit-search').fill(suffix);
  const row = page.getByTestId('audit-table').locator('tbody tr.ant-table-row', { hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('audit-from-client')).toHaveText('Do trình duyệt gửi');
  await expect(row).toContainText(STAFF.usersOnly.name);
});

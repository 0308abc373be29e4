import { expect, test } from '@playwright/test';
import { ADMIN, STAFF } from '../fixtures';
import { chooseUserMenuItem, createStaffUser, signIn, storedUser } from './helpers';

test('sign in through the human-verification widget', async ({ page }) => {
  await page.goto('/dashboard');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByText('Đăng nhập thành công')).toBeVisible();
  await expect(page).toHaveURL(/\/system\/sms$/);
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name);
  const user = await storedUser(page);
  expect(user?.token).toMatch(/^[\w-]{40,}$/);
  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name);
});

test('a wrong password shows "Đăng nhập thất bại"', async ({ page }) => {
  await page.goto('/dashboard');
  await signIn(page, ADMIN.email, 'mat-khau-sai');
  await expect(page.getByText('Đăng nhập thất bại')).toBeVisible();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  // A new challenge is needed before trying again.
  await expect(page.getByTestId('login-submit')).toBeDisabled();
});

test('change password', async ({ page, browser }) => {
  // A new account for every attempt: a retry must not start from the password the last attempt set.
  const { email, password } = await createStaffUser(browser, ADMIN, 'doi.mat.khau');
  const newPassword = 'Mat-khau-moi-2026';
  await page.goto('/dashboard');
  await signIn(page, email, password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await chooseUserMenuItem(page, 'Đổi mật khẩu', page.locator('#oldPassword'));
  await page.locator('#oldPassword').fill(password);
  await page.locator('#newPassword').fill(newPassword);
  await page.locator('#confirmPassword').fill('khong-khop-123');
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Mật khẩu xác nhận không khớp')).toBeVisible();
  await page.locator('#confirmPassword').fill(newPassword);
  await page.getByTestId('password-submit').click();
  await expect(page.getByText('Đổi mật khẩu thành công')).toBeVisible();

  // Sign out, then the old password fails and the new one works.
  await chooseUserMenuItem(page, 'Đăng xuất', page.getByTestId('header-login'));
  await signIn(page, email, password);
  await expect(page.getByText('Đăng nhập thất bại')).toBeVisible();
  await page
    .getByTestId('login-modal')
    .getByRole('button', { name: /close|đóng/i })
    .click();
  await page.reload();
  await signIn(page, email, newPassword);
  await expect(page.getByText('Đăng nhập thành công')).toBeVisible();
});

test('sign out revokes the session and writes an audit entry', async ({ page, browser }) => {
  const { email, password, name } = STAFF.signOut;
  await page.goto('/dashboard');
  await signIn(page, email, password);
  await expect(page.getByTestId('user-menu')).toContainText(name);
  const token = (await storedUser(page))!.token;
  await chooseUserMenuItem(page, 'Đăng xuất', page.getByTestId('header-login'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  // The old token is dead on the server.
  const me = await page.request.get('/api/user-info', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);

  // An administrator finds the entry in the audit log.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/dashboard');
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage.getByTestId('user-menu')).toBeVisible();
  const adminToken = (await storedUser(adminPage))!.token;
  const res = await adminPage.request.get(`/api/audit?keyword=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status()).toBe(200);
  const contents = (await res.json()).items.map((i: { content: string }) => i.content);
  expect(contents).toContain('Đăng xuất khỏi hệ thống');
});

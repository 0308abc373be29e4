import { expect, test } from '@playwright/test';
import { ADMIN, STAFF } from '../fixtures';
import { signIn } from './helpers';

test.describe('root redirects', () => {
  test('an anonymous visitor goes from / through /home to /dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });

  test('back-office paths send an anonymous visitor home', async ({ page }) => {
    for (const path of ['/system', '/user/group', '/database/layers', '/news/manage-news']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('a signed-in user goes to the first permitted view, or the chosen one; section roots redirect', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await signIn(page, STAFF.usersOnly.email, STAFF.usersOnly.password);
    // #18: holding `user` (and `system`, everyone's) opens no SMS or feedback page: the users view comes first.
    await expect(page).toHaveURL(/\/user\/group$/);
    await page.goto('/system/sms');
    await expect(page).toHaveURL(/\/user\/group$/);
    await page.goto('/home?view=users');
    await expect(page).toHaveURL(/\/user\/group$/);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/group$/);
    // Lacking `database`, the database view is refused.
    await page.goto('/database');
    await expect(page).toHaveURL(/\/user\/group$/);
  });

  test('the system account reaches every section root', async ({ page }) => {
    await page.goto('/dashboard');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/system\/sms$/);
    for (const [from, to] of <[string, string][]>[
      ['/system', '/system/sms'],
      ['/database', '/database/stations'],
      ['/analyze', '/analyze/flood'],
    ]) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });
});

test.describe('404 page', () => {
  test('an unknown path shows the 404 page, whose button returns home', async ({ page }) => {
    const res = await page.goto('/trang-khong-ton-tai');
    expect(res?.status()).toBe(200);
    await expect(page.getByText('Trang bạn tìm không tồn tại')).toBeVisible();
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // A non-numeric news id (/news/abc) is the 404 page too: news-public.spec.ts, the same check.

  // An unknown API path answers JSON, not the app: server/src/app.test.ts › "gives unknown API paths a JSON 404"
  // (with the built web app served, as here).
});

import { expect, test as setup } from '@playwright/test';
import { ADMIN, SIGNED_IN, STAFF } from '../fixtures';
import { signIn, storedUser } from './helpers';

// Signs in once per shared account through the real login form (human-verification widget included) and
// saves the browser state, so the specs that only need to start signed in skip the ~5 s form.
for (const [name, account, file] of [
  ['administrator', ADMIN, SIGNED_IN.admin],
  ['users-only manager', STAFF.usersOnly, SIGNED_IN.usersOnly],
] as const) {
  setup(`sign in as the ${name}`, async ({ page }) => {
    await page.goto('/dashboard');
    await signIn(page, account.email, account.password);
    await expect(page.getByTestId('user-menu')).toContainText(account.name);
    expect((await storedUser(page))?.token).toBeTruthy();
    await page.context().storageState({ path: file });
  });
}

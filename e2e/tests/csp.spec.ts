import { expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { signIn } from './helpers';

/**
 * #18: zod's `new Function('')` probe raised a CSP `eval` violation on every page that parsed an object schema.
 * The page records `securitypolicyviolation` events from its first script on; the public pages are opened and
 * a sign-in (whose answer is parsed with zod) is made.
 */
test('no page breaks its own Content-Security-Policy (no eval probe)', async ({ page }) => {
  const consoleCsp: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|unsafe-eval/i.test(msg.text())) consoleCsp.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  for (const path of ['/dashboard', '/maps', '/news']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByText('Đăng nhập thành công')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.name);
  expect(await violations()).toEqual([]);
  expect(consoleCsp).toEqual([]);
});

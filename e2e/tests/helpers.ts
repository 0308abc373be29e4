import { expect, type Page } from '@playwright/test';

/** Signs in through the header's login modal, solving the real human-verification widget. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/dashboard');
  await page.getByTestId('header-login').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  const submit = page.getByTestId('login-submit');
  await expect(submit).toBeDisabled();
  await modal.getByText('Tôi không phải là robot').click();
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** The session the web keeps in local storage (spec §3 "Current user"). */
export async function storedUser(page: Page): Promise<{ token: string; id: number } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('flood.currentUser') ?? 'null'));
}

/** Signs out through the user menu and waits for the login button. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByText('Đăng xuất', { exact: true }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

/** Headers for calling the API as the user signed in on this page. */
export async function authHeaders(page: Page): Promise<Record<string, string>> {
  const user = await storedUser(page);
  if (!user) throw new Error('not signed in');
  return { authorization: `Bearer ${user.token}` };
}

/** The wall clock of the district (Asia/Ho_Chi_Minh) now: DD/MM/YYYY, hour and minute as a logger sends them. */
export function districtClock(now: Date = new Date()): { date: string; hour: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}/${parts.month}/${parts.year}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

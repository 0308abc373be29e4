import { existsSync, readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, request } from '@playwright/test';
import { ADMIN, SIGNED_IN, STAFF } from '../fixtures';

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

/**
 * Starts this page signed in with a session the `setup` project saved (tests/auth.setup.ts), for a test that
 * only needs to start signed in beside visitor tests in its file (a whole file uses
 * `test.use({ storageState })`). The saved local storage is put in place once per tab, before the portal's
 * scripts run; then the page opens (or reopens) the portal.
 */
export async function startSignedIn(page: Page, file: string = SIGNED_IN.admin): Promise<void> {
  const state = JSON.parse(readFileSync(file, 'utf8')) as {
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
  await page.addInitScript((origins) => {
    try {
      const mine = origins.find((o) => o.origin === location.origin);
      if (!mine || sessionStorage.getItem('e2e.savedSession')) return;
      for (const { name, value } of mine.localStorage) localStorage.setItem(name, value);
      sessionStorage.setItem('e2e.savedSession', '1');
    } catch {
      // about:blank and other origins have no storage of the portal
    }
  }, state.origins);
  await page.goto(page.url().startsWith('http') ? page.url() : '/dashboard');
}

/** The session the web keeps in local storage (spec §3 "Current user"). */
export async function storedUser(page: Page): Promise<{ token: string; id: number } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('flood.currentUser') ?? 'null'));
}

/**
 * Chooses an item of the user menu and waits for `done` to show. The landing page loads lazily right after
 * sign-in and the menu animates open: a click can be lost, so the whole step is retried until it took.
 */
export async function chooseUserMenuItem(page: Page, item: string, done: Locator): Promise<void> {
  await expect(async () => {
    const entry = page.getByRole('menuitem', { name: item });
    if (!(await entry.isVisible())) await page.getByTestId('user-menu').click();
    // Generous steps: on a loaded 2-core machine the menu's animation and the next page take seconds.
    await entry.click({ timeout: 5000 });
    await expect(done).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Picks an option of an antd select and waits until the select shows it. A click made while another
 * dropdown or dialog is still closing can be lost (CI: a news saved as DRAFT, an upload without its type),
 * so the whole step is retried. `search` types the label first, for long (virtual) option lists.
 */
export async function chooseSelectOption(
  page: Page,
  select: Locator,
  label: string,
  options: { search?: boolean } = {},
): Promise<void> {
  await expect(async () => {
    await select.click();
    if (options.search) await select.locator('input').fill(label, { timeout: 2000 });
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle(label, { exact: true })
      .click({ timeout: 2000 });
    await expect(select).toContainText(label, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** The fields web/src/components/form-modal.tsx focuses first (its FIELD). */
const FIRST_FIELD = [
  'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  '[contenteditable="true"]',
].join(', ');

/**
 * Waits until a form dialog has finished opening: then its first field takes the focus (FormModal's
 * afterOpenChange). An option clicked while the dialog still animates lands on its wrap; and before the
 * portal kept a field the person had already chosen (form-modal.tsx), text typed then went into the first
 * field (CI: a station's description in its code).
 */
export async function dialogOpened(modal: Locator): Promise<void> {
  await expect(modal.locator(FIRST_FIELD).first()).toBeFocused();
}

/** Signs out through the user menu and waits for the login button. */
export async function signOut(page: Page): Promise<void> {
  await chooseUserMenuItem(page, 'Đăng xuất', page.getByTestId('header-login'));
}

/** The state file the `setup` project saved for this account, if it is one of the shared ones. */
function savedStateOf(email: string): string | undefined {
  if (email === ADMIN.email) return SIGNED_IN.admin;
  if (email === STAFF.usersOnly.email) return SIGNED_IN.usersOnly;
  return undefined;
}

/** The session token in a saved browser state (local storage `flood.currentUser` of the portal's origin). */
export function savedToken(file: string): string {
  const state = JSON.parse(readFileSync(file, 'utf8')) as {
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
  for (const origin of state.origins) {
    const entry = origin.localStorage.find((e) => e.name === 'flood.currentUser');
    if (entry) return (JSON.parse(entry.value) as { token: string }).token;
  }
  throw new Error(`no signed-in user in ${file}`);
}

/**
 * An API client signed in as `account`, for a spec's set-up and clean-up: the session the `setup` project made
 * through the login form for the shared accounts, else a sign-in through the real login form.
 */
export async function signedInApi(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; password: string },
): Promise<APIRequestContext> {
  const saved = savedStateOf(account.email);
  if (saved && existsSync(saved)) {
    return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${savedToken(saved)}` } });
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: await authHeaders(page) });
  await context.close();
  return api;
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

/** A random water-station code ('F01' and six digits) so reruns and other tests never collide. */
export function randomWaterCode(): string {
  return `F01${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/** Creates a water station through the API as the signed-in user; returns its id and push key. */
export async function createWaterStation(
  page: Page,
  station: { code: string; name: string; levels: [number, number, number]; description?: string },
): Promise<{ id: number; pushKey: string }> {
  const [warningLevel1, warningLevel2, warningLevel3] = station.levels;
  const response = await page.request.post('/api/station', {
    headers: await authHeaders(page),
    data: {
      code: station.code,
      name: station.name,
      description: station.description ?? 'Trạm đo thử nghiệm',
      lat: 21.27,
      long: 107.29,
      warningLevel1,
      warningLevel2,
      warningLevel3,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { id: number; pushKey: string };
  expect(body.pushKey).toBeTruthy();
  return { id: body.id, pushKey: body.pushKey };
}

/**
 * Pushes a reading as a logger does, `minutesAgo` on the district clock: rain for F00… codes (mm), water
 * level otherwise (cm).
 */
export async function pushReading(
  request: APIRequestContext,
  code: string,
  key: string,
  value: number,
  minutesAgo = 0,
): Promise<void> {
  const { date, hour, minute } = districtClock(new Date(Date.now() - minutesAgo * 60_000));
  const path = code.startsWith('F00') ? '/api/receive-rain' : '/api/receive-water-level';
  const response = await request.get(path, {
    params: { stationCode: code, date, hour: String(hour), minute: String(minute), value: String(value), key },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Pushes a water level (cm) for now on the district clock, as a logger does. */
export async function pushWaterLevel(page: Page, code: string, key: string, valueCm: number): Promise<void> {
  await pushReading(page.request, code, key, valueCm);
}

/** Creates a staff account (in its own group) through the API as the administrator; returns its credentials. */
export async function createStaffUser(
  browser: Browser,
  admin: { email: string; password: string },
  prefix: string,
): Promise<{ email: string; password: string }> {
  const saved = savedStateOf(admin.email);
  const context = await browser.newContext(saved && existsSync(saved) ? { storageState: saved } : {});
  const page = await context.newPage();
  await page.goto('/dashboard');
  if (!saved || !existsSync(saved)) await signIn(page, admin.email, admin.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const headers = await authHeaders(page);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const group = await page.request.post('/api/group', { headers, data: { name: `Nhóm ${prefix} ${suffix}` } });
  expect(group.ok()).toBe(true);
  const account = { email: `${prefix}.${suffix}@e2e.local`, password: 'Mat-khau-cu-2026' };
  const user = await page.request.post('/api/user', {
    headers,
    data: {
      name: `Cán bộ ${suffix}`,
      email: account.email,
      groupId: (await group.json()).id,
      password: account.password,
    },
  });
  expect(user.ok()).toBe(true);
  await context.close();
  return account;
}

/** On a phone the map's tools fold under 'Công cụ': opens them (wide screens show them, nothing to do). */
/**
 * Moves the mouse onto a point of a map until `shown` appears: the map wires its hover handlers after the layer
 * is drawn, so a single move made while it is still being wired shows nothing (CI: a flood tooltip missing).
 * Each try comes from a few pixels away, so the map sees a real move onto the point.
 */
export async function hoverUntilShown(page: Page, at: { x: number; y: number }, shown: Locator): Promise<void> {
  await expect(async () => {
    await page.mouse.move(at.x - 2, at.y - 4);
    await page.mouse.move(at.x, at.y);
    await expect(shown).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

export async function openMapTools(page: Page): Promise<void> {
  const toggle = page.getByTestId('map-tools-toggle');
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('map-zoom-in')).toBeVisible();
}

/**
 * Deletes a station a spec made, as staff do: the server wants its code typed again (`?confirm=`), so a clean-up
 * that forgot it would leave the station and its open warnings to the specs after it.
 */
export async function deleteStation(
  api: APIRequestContext,
  id: number,
  headers?: Record<string, string>,
): Promise<void> {
  const found = await api.get(`/api/station/${id}`, { headers });
  if (found.status() === 404) return;
  const { code } = (await found.json()) as { code: string };
  const res = await api.delete(`/api/station/${id}?confirm=${encodeURIComponent(code)}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
}

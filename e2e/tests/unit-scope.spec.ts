import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { deleteStation, randomWaterCode, signedInApi, signIn } from './helpers';

/** Label points inside two communes of the built-in area (server/src/db/seed/geo/commune_label_points.geojson). */
const IN_THANH_SON = { lat: 21.30228, long: 107.21155 };
const IN_DON_DAC = { lat: 21.2035, long: 107.24719 };

let api: APIRequestContext;
const stations: number[] = [];

test.afterAll(async () => {
  for (const id of stations) await deleteStation(api, id);
  await api?.dispose();
});

test("a commune officer's stations page shows its commune's stations only (#26 point 3)", async ({
  browser,
  baseURL,
  page,
}) => {
  api = await signedInApi(browser, baseURL, ADMIN);
  const suffix = `${Date.now()}`;
  const codes = { mine: randomWaterCode(), theirs: randomWaterCode() };
  for (const [key, at] of [
    ['mine', IN_THANH_SON],
    ['theirs', IN_DON_DAC],
  ] as const) {
    const res = await api.post('/api/station', {
      data: { code: codes[key], name: `Trạm ${codes[key]}`, description: 'Cầu thử', ...at },
    });
    expect(res.ok(), await res.text()).toBe(true);
    stations.push(((await res.json()) as { id: number }).id);
  }
  // The officer: permission `database`, limited to Thanh Sơn, made as an administrator makes one.
  const group = await api.post('/api/group', {
    data: { name: `Cán bộ xã ${suffix}`, functions: ['system', 'database'], units: ['06973'] },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const account = { email: `xa.${suffix}@e2e.local`, password: 'Mat-khau-xa-2026' };
  const user = await api.post('/api/user', {
    data: {
      name: `Cán bộ xã Thanh Sơn ${suffix}`,
      email: account.email,
      groupId: ((await group.json()) as { id: number }).id,
      password: account.password,
      functions: ['system', 'database'],
    },
  });
  expect(user.ok(), await user.text()).toBe(true);

  await signIn(page, account.email, account.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/database/stations');
  await expect(page.getByRole('heading', { level: 1, name: 'Trạm đo' })).toBeVisible();
  await expect(page.getByTestId(`station-unit-${codes.mine}`)).toHaveText('Xã Thanh Sơn');
  await expect(page.getByText(codes.theirs)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('stations-commune-officer.png'), fullPage: true });
});

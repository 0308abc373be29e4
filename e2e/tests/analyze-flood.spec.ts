import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  authHeaders,
  createWaterStation,
  deleteStation,
  dialogOpened,
  districtClock,
  randomWaterCode,
  startSignedIn,
} from './helpers';

// The flood analysis page (back-office §2.9): the flood events (one added through the API appears and is found
// by name and by date), person damage recorded, sorted by date both ways, edited and deleted through the UI.
// Other specs share the database: names and texts carry a suffix and assertions look only at these rows.

const SUFFIX = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const DAY_MS = 86_400_000;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/af-shots';

/** A district day `daysAgo` days back: DD/MM/YYYY and the UTC ISO of 08:00 on it (UTC+7). */
function districtDay(daysAgo: number): { typed: string; at0800: string } {
  const { date } = districtClock(new Date(Date.now() - daysAgo * DAY_MS));
  const [d, m, y] = date.split('/');
  return { typed: date, at0800: `${y}-${m}-${d}T01:00:00Z` };
}

async function openPage(page: Page): Promise<void> {
  await page.goto('/analyze/flood');
  await expect(page.getByRole('heading', { level: 1, name: 'Phân tích lũ' })).toBeVisible();
}

/** Types a DD/MM/YYYY day into the damage dialog's picker and confirms it. */
async function pickDay(page: Page, typed: string): Promise<void> {
  const input = page.locator('#damage-date');
  await input.click();
  await input.fill(typed);
  await input.press('Enter');
  await expect(input).toHaveValue(typed);
}

/** Which of the given markers the rows show, in the table's order. */
async function markerOrder(rows: Locator, markers: string[]): Promise<string[]> {
  const texts = await rows.allTextContents();
  return texts.map((text) => markers.find((m) => text.includes(m))).filter((m): m is string => m !== undefined);
}

const cleanups: (() => Promise<unknown>)[] = [];

test.describe('flood analysis page', () => {
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  });

  test('flood events from the API are listed and found; person damage is recorded, sorted, edited and deleted', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    const headers = await authHeaders(page);

    // Two events through the API: a named one that ended an hour ago, and an unnamed one some weeks back.
    const recent = await page.request.post('/api/flood-event', {
      headers,
      data: {
        name: `Lũ kiểm thử ${SUFFIX}`,
        start: new Date(Date.now() - 3 * 3600_000).toISOString(),
        end: new Date(Date.now() - 3600_000).toISOString(),
        note: 'Tạo bởi kiểm thử tự động',
      },
    });
    expect(recent.ok(), await recent.text()).toBe(true);
    const recentId = (await recent.json()).id as number;
    cleanups.push(() => page.request.delete(`/api/flood-event/${recentId}`, { headers }));
    const daysAgo = 40 + Math.floor(Math.random() * 250);
    const eventDay = districtDay(daysAgo);
    const older = await page.request.post('/api/flood-event', {
      headers,
      data: { start: eventDay.at0800, end: new Date(Date.parse(eventDay.at0800) + DAY_MS).toISOString() },
    });
    expect(older.ok(), await older.text()).toBe(true);
    const olderEvent = (await older.json()) as { id: number; name: string };
    cleanups.push(() => page.request.delete(`/api/flood-event/${olderEvent.id}`, { headers }));
    expect(olderEvent.name).toBe(`Trận lũ ngày ${eventDay.typed}`);

    // A water station with a few readings under its level I (no flood), so the charts have something to draw.
    const code = randomWaterCode();
    const station = await createWaterStation(page, { code, name: `Trạm ${SUFFIX}`, levels: [300, 400, 500] });
    cleanups.push(() => deleteStation(page.request, station.id, headers));
    for (let h = 8; h >= 0; h--) {
      const { date, hour } = districtClock(new Date(Date.now() - h * 3600_000));
      const push = await page.request.get('/api/receive-water-level', {
        params: {
          stationCode: code,
          date,
          hour: String(hour),
          minute: '0',
          value: String(120 + 10 * (8 - h)),
          key: station.pushKey,
        },
      });
      expect(push.ok(), await push.text()).toBe(true);
    }

    await openPage(page);
    const events = page.getByTestId('flood-event-table');
    await expect(events.locator('tr', { hasText: `Lũ kiểm thử ${SUFFIX}` })).toBeVisible();
    const search = page.getByTestId('flood-event-search');
    await search.fill(SUFFIX);
    await expect(events.locator('tbody tr', { hasText: `Lũ kiểm thử ${SUFFIX}` })).toHaveCount(1);
    await expect(events.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await search.fill(eventDay.typed);
    const olderRow = events.locator('tbody tr', { hasText: olderEvent.name });
    await expect(olderRow).toBeVisible();
    await expect(olderRow).toContainText(`${eventDay.typed} 08:00`);

    // Two person-damage records on different days, through the dialog.
    const person = page.getByTestId('damage-person-card');
    const first = { marker: `A-${SUFFIX}`, day: eventDay.typed };
    const second = { marker: `B-${SUFFIX}`, day: districtDay(daysAgo - 3).typed };
    for (const entry of [first, second]) {
      await person.getByTestId('damage-person-add').click();
      const modal = page.getByTestId('damage-modal');
      await expect(modal.getByText('Thêm thiệt hại về người')).toBeVisible();
      await dialogOpened(modal);
      await pickDay(page, entry.day);
      await page.locator('#damage-female').fill(`2 nữ ${entry.marker}`);
      await page.locator('#damage-male').fill('1 nam');
      await page.getByTestId('damage-submit').click();
      await expect(page.getByText('Lưu dữ liệu thành công').first()).toBeVisible();
      await expect(modal).toBeHidden();
    }
    const table = person.getByTestId('damage-person-table');
    const rows = table.locator('tbody tr', { hasText: SUFFIX });
    await expect(rows).toHaveCount(2);
    const markers = [first.marker, second.marker];
    // Newest first by default; the record on the flood's day names that flood.
    expect(await markerOrder(rows, markers)).toEqual([second.marker, first.marker]);
    await expect(rows.filter({ hasText: first.marker })).toContainText(olderEvent.name);
    await expect(rows.filter({ hasText: first.marker })).toContainText(first.day);

    const dateHeader = table.getByRole('columnheader', { name: 'Ngày', exact: true });
    await dateHeader.click();
    await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => markerOrder(rows, markers)).toEqual([first.marker, second.marker]);
    await dateHeader.click();
    await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => markerOrder(rows, markers)).toEqual([second.marker, first.marker]);

    await page.screenshot({ path: `${SHOTS}/analyze-flood-desktop.png`, fullPage: true });

    // Edit the second record.
    await rows.filter({ hasText: second.marker }).getByRole('button', { name: 'Sửa' }).click();
    const modal = page.getByTestId('damage-modal');
    await expect(modal.getByText('Cập nhật thiệt hại về người')).toBeVisible();
    await expect(page.locator('#damage-date')).toHaveValue(second.day);
    await expect(page.locator('#damage-female')).toHaveValue(`2 nữ ${second.marker}`);
    await page.locator('#damage-male').fill('4 nam (1 bị thương)');
    await page.getByTestId('damage-submit').click();
    await expect(modal).toBeHidden();
    await expect(rows.filter({ hasText: second.marker })).toContainText('4 nam (1 bị thương)');

    // Delete the first one, with confirmation.
    await rows.filter({ hasText: first.marker }).getByRole('button', { name: 'Xoá' }).click();
    await expect(page.getByText('Bạn có chắc chắn muốn xoá?')).toBeVisible();
    await page.getByTestId('confirm-delete-ok').click();
    await expect(page.getByText('Xoá dữ liệu thành công!')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(second.marker);
    const left = await page.request.get('/api/damage?type=PERSON&pageSize=100', { headers });
    const leftRows = ((await left.json()) as { items: { id: number; data: { female: string | null } }[] }).items;
    const mine = leftRows.filter((r) => r.data.female?.includes(SUFFIX));
    expect(mine).toHaveLength(1);
    cleanups.push(() => page.request.delete(`/api/damage/${mine[0]!.id}`, { headers }));

    // The charts: the monthly means and the hourly water chart of the new station.
    const waterCard = page.getByTestId('water-chart-card');
    await waterCard.getByTestId('water-chart-station').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).click();
    await expect(waterCard.getByTestId('water-chart')).toBeVisible();
    await waterCard.getByText('Xem dạng bảng').click();
    await expect(waterCard.getByTestId('water-chart-table')).toContainText('2,00');
    await expect(page.getByTestId('monthly-water-card').getByTestId('monthly-water-chart')).toBeVisible();

    await page.screenshot({ path: `${SHOTS}/analyze-flood-desktop-charts.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/analyze-flood-phone.png`, fullPage: true });
    await person.getByTestId('damage-person-add').click();
    await expect(page.getByTestId('damage-modal')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/analyze-flood-phone-modal.png` });
  });
});

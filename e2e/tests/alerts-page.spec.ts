import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from '../fixtures';
import { authHeaders, createWaterStation, deleteStation, pushReading, randomWaterCode, startSignedIn } from './helpers';

// The alerts page (#22): a level seen once waits, unconfirmed, for the reading that confirms it; confirmed, it
// goes out and waits for someone to take it ('Chưa ai nhận'); a staff member opens its timeline and takes it
// with a note, and the page says who took it and when.

interface ListedAlert {
  id: number;
  stationCode: string;
  confirmed: boolean;
  acknowledgedAt: string | null;
}

/** The open alert of a station, as the alerts page's API lists it (null while there is none). */
async function openAlertOf(page: Page, code: string): Promise<ListedAlert | null> {
  const response = await page.request.get('/api/alerts?page=1&pageSize=100&status=open', {
    headers: await authHeaders(page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { items } = (await response.json()) as { items: ListedAlert[] };
  return items.find((a) => a.stationCode === code) ?? null;
}

const cleanups: (() => Promise<void>)[] = [];

test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
});

test('a confirmed alert waits for someone, who takes it with a note from its timeline', async ({ page }) => {
  const suffix = String(Math.floor(Math.random() * 1_000_000));
  await startSignedIn(page);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const headers = await authHeaders(page);
  const api: APIRequestContext = page.request;

  // (1) Someone on duty, reminded while an alert has nobody taking it.
  const recipient = await api.post('/api/sms-user', {
    headers,
    data: { name: `Trực ban thử ${suffix}`, phone: '0912345678', onDuty: true },
  });
  expect(recipient.ok(), await recipient.text()).toBe(true);
  const recipientId = ((await recipient.json()) as { id: number; onDuty: boolean }).id;
  cleanups.push(async () => {
    await api.delete(`/api/sms-user/${recipientId}`, { headers });
  });

  // (2) A water station with levels 30 / 50 / 70 cm.
  const code = randomWaterCode();
  const name = `Trạm nhận xử lý ${code}`;
  const { id, pushKey } = await createWaterStation(page, { code, name, levels: [30, 50, 70] });
  cleanups.push(() => deleteStation(api, id, headers));

  // (3) A reading above level III: seen once, the alert opens unconfirmed (staff only, nothing sent).
  await pushReading(api, code, pushKey, 76, 8);
  await expect.poll(async () => (await openAlertOf(page, code))?.confirmed, { timeout: 20_000 }).toBe(false);

  await page.goto('/system/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Cảnh báo' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu chức năng' }).getByRole('link', { name: 'Cảnh báo', exact: true }),
  ).toBeVisible();
  const row = page.getByTestId('alert-table').locator('tr', { hasText: name });
  await expect(row).toContainText('Chưa xác nhận');
  await expect(row).toContainText('mực nước đạt báo động cấp III');

  // (4) The next reading, a few minutes later, holds the level: confirmed, sent, and nobody has taken it yet.
  // The page hears it on the live stream.
  await pushReading(api, code, pushKey, 78, 3);
  await expect.poll(async () => (await openAlertOf(page, code))?.confirmed, { timeout: 20_000 }).toBe(true);
  await expect(row).not.toContainText('Chưa xác nhận');
  await expect(row).toContainText('Đang hiệu lực');
  await expect(row).toContainText('Cấp III');
  await expect(row.getByText('Chưa ai nhận')).toBeVisible();

  // (5) Its detail: the timeline so far and how its messages went.
  await row.getByRole('button', { name: 'Chi tiết' }).click();
  const detail = page.getByTestId('alert-detail');
  await expect(detail.getByText(`${name}: mực nước đạt báo động cấp III`)).toBeVisible();
  const timeline = detail.getByTestId('alert-timeline');
  await expect(timeline.getByTestId('alert-event-opened')).toContainText('Mở cảnh báo');
  await expect(timeline.getByTestId('alert-event-opened')).toContainText('0,76 m');
  await expect(timeline.getByTestId('alert-event-confirmed')).toContainText('Đã xác nhận mức');
  await expect(timeline.getByTestId('alert-event-messages')).toContainText('Đã gửi tin');
  // At least the on-duty recipient's message was queued when the level was confirmed.
  await expect(detail.getByTestId('messages-total').locator('dd')).not.toHaveText('0');

  // (6) Taken, with a note: the detail and the list say who took it and when.
  await detail.getByTestId('alert-detail-acknowledge').click();
  const modal = page.getByTestId('acknowledge-modal');
  await expect(modal.getByText('Nhận xử lý cảnh báo', { exact: true })).toBeVisible();
  await expect(page.locator('#ack-note')).toBeFocused();
  await page.locator('#ack-note').fill('Đã báo UBND xã, đang kiểm tra hiện trường');
  await page.getByTestId('acknowledge-submit').click();
  await expect(page.getByText('Đã nhận xử lý cảnh báo')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(detail).toContainText(`Đã nhận: ${ADMIN.name} lúc`);
  const acknowledged = timeline.getByTestId('alert-event-acknowledged');
  await expect(acknowledged).toContainText('Đã nhận xử lý');
  await expect(acknowledged).toContainText('Ghi chú: Đã báo UBND xã, đang kiểm tra hiện trường');
  await expect(acknowledged).toContainText(`bởi ${ADMIN.name}`);
  await expect(detail.getByTestId('alert-detail-acknowledge')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(row).toContainText(new RegExp(`Đã nhận: ${ADMIN.name} lúc \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d`));
  await expect(row.getByText('Chưa ai nhận')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Nhận xử lý' })).toHaveCount(0);
  expect((await openAlertOf(page, code))?.acknowledgedAt).toBeTruthy();
});

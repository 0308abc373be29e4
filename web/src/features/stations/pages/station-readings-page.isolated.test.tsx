import type { ReadingsReview, ReviewedReading, Station } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { reviewDayDisabled } from './station-readings-page';

// The canvas chart is not drawn in jsdom: a stand-in shows each series' name and how many points it was given.
vi.mock('../../../components/lazy-chart', () => ({
  LazyChart: ({
    option,
    'data-testid': testId,
  }: {
    option: { series?: { name: string; data: unknown[] }[] };
    'data-testid'?: string;
  }) => <div data-testid={testId}>{(option.series ?? []).map((s) => `${s.name}: ${s.data.length}`).join('; ')}</div>,
}));

const STATION: Station = {
  id: 2,
  code: 'F01024',
  name: 'Cầu Ba Chẽ',
  description: '',
  kind: 'water',
  lat: 21.27,
  long: 107.29,
  warningLevel1: 30,
  warningLevel2: 50,
  warningLevel3: 70,
  warningLowWater: null,
  status: 'active',
  unitCode: null,
  unitOverride: null,
  userId: 7,
  creatorName: 'An',
  createdAt: '2026-03-04T01:02:00.000Z',
};
const RAIN: Station = { ...STATION, id: 1, code: 'F00012', name: 'Mưa Thanh Sơn', kind: 'rain' };

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 1, minute)).toISOString();
const reading = (minute: number, value: number, over: Partial<ReviewedReading> = {}): ReviewedReading => ({
  observedAt: at(minute),
  value,
  quality: 'good',
  qualityRule: null,
  originalValue: null,
  ...over,
});

const REVIEW: ReadingsReview = {
  stationCode: 'F01024',
  stationName: 'Cầu Ba Chẽ',
  kind: 'water',
  levels: { level1: 30, level2: 50, level3: 70 },
  from: '2026-11-25T01:30:00.000Z',
  to: '2026-11-26T01:30:00.000Z',
  readings: [
    reading(0, 48),
    reading(5, 90, { quality: 'suspect', qualityRule: 'rate_of_change' }),
    reading(10, 51, { quality: 'corrected', qualityRule: 'manual', originalValue: 5 }),
    reading(15, 99_999, { quality: 'bad', qualityRule: 'hard_limit' }),
    reading(20, 55),
  ],
  corrections: [
    {
      id: 3,
      action: 'correct',
      fromAt: at(10),
      toAt: at(10),
      count: 1,
      oldValue: 5,
      newValue: 51,
      reason: 'Đo lại bằng thước',
      userName: 'Nguyễn Văn An',
      createdAt: '2026-11-26T02:00:00.000Z',
    },
  ],
};

function api(result = { changed: 1, cancelledAlerts: [12] }) {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/user-info') return jsonResponse(200, signIn(['system', 'database']).userDetail);
    if (u.pathname === '/api/station') return jsonResponse(200, { items: [RAIN, STATION], total: 2 });
    if (u.pathname === '/api/readings/review') {
      return u.searchParams.get('stationCode') === 'F01024'
        ? jsonResponse(200, REVIEW)
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'Không tìm thấy trạm', requestId: 'r' });
    }
    if (init?.method === 'POST') return jsonResponse(200, result);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
}

const reviewUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/readings/review'));
const row = (iso: string) => document.querySelector(`tr[data-row-key="${iso}"]`) as HTMLElement;

beforeAll(async () => {
  await Promise.all([import('../../../app/pages/back-office-page'), import('./station-readings-page')]);
}, 60_000);

describe('the station readings page (#22)', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the station's last 24 hours: the chart, the readings newest first with their quality, the corrections", async () => {
    const fetchMock = api();
    renderApp('/database/station-readings?code=F01024');
    expect(await screen.findByRole('heading', { level: 1, name: 'Số liệu trạm' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Cầu Ba Chẽ (F01024)' })).toBeTruthy();
    // The page is in the database view's side menu.
    expect(screen.getByRole('navigation', { name: 'Menu chức năng' }).textContent).toContain('Số liệu trạm');
    // No range picked: the server's default, the last 24 hours.
    expect(reviewUrls(fetchMock)).toEqual(['/api/readings/review?stationCode=F01024']);
    expect(screen.getByTestId('review-summary').textContent).toContain(
      '24 giờ qua: từ 25/11/2026 08:30 đến 26/11/2026 08:30, 5 số liệu',
    );

    expect(screen.getByTestId('review-chart').textContent).toBe(
      'Số liệu tin cậy: 3; Đã hiệu chỉnh: 1; Nghi ngờ: 1; Sai: 1',
    );

    const table = screen.getByTestId('review-table');
    const keys = [...table.querySelectorAll('tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
    // Newest first, on the district's clock (UTC+7).
    expect(keys).toEqual([at(20), at(15), at(10), at(5), at(0)]);
    expect(within(row(at(20))).getByText('26/11/2026 08:20')).toBeTruthy();
    expect(within(row(at(20))).getByText('0,55 m')).toBeTruthy();
    expect(within(row(at(20))).getByText('Tốt')).toBeTruthy();
    expect(within(row(at(5))).getByText('Nghi ngờ')).toBeTruthy();
    expect(within(row(at(5))).getByText('Thay đổi quá nhanh')).toBeTruthy();
    expect(within(row(at(15))).getByText('Sai')).toBeTruthy();
    expect(within(row(at(15))).getByText('Ngoài giới hạn đo')).toBeTruthy();
    expect(within(row(at(10))).getByText('Đã hiệu chỉnh')).toBeTruthy();
    expect(within(row(at(10))).getByText('0,51 m')).toBeTruthy();
    expect(within(row(at(10))).getByText('gốc 0,05 m')).toBeTruthy();

    const history = screen.getByTestId('corrections-table');
    expect(within(history).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(within(history).getByText('Hiệu chỉnh giá trị')).toBeTruthy();
    expect(within(history).getByText('0,05 m → 0,51 m')).toBeTruthy();
    expect(within(history).getByText('26/11/2026 08:10')).toBeTruthy();
    expect(within(history).getByText('Đo lại bằng thước')).toBeTruthy();
  });

  it('marks a reading faulty with a reason, refreshes, and says which warnings were cancelled', async () => {
    const fetchMock = api({ changed: 1, cancelledAlerts: [12] });
    renderApp('/database/station-readings?code=F01024');
    await screen.findByTestId('review-table');
    fireEvent.click(screen.getByTestId(`reading-edit-${at(20)}`));
    expect(await screen.findByText('Hiệu chỉnh số liệu', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.change(document.getElementById('correct-reason')!, { target: { value: 'Cảm biến bị rác che' } });
    fireEvent.click(screen.getByTestId('correct-submit'));

    expect(await screen.findByText('Đã lưu hiệu chỉnh')).toBeTruthy();
    const cancelled = await screen.findByTestId('cancelled-alerts');
    expect(cancelled.textContent).toContain('Đã huỷ 1 cảnh báo dựa trên số liệu này');
    expect(cancelled.textContent).toContain('#12');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect([post[0], JSON.parse(String(post[1]?.body))]).toEqual([
      '/api/readings/correct',
      { stationCode: 'F01024', observedAt: at(20), action: 'bad', reason: 'Cảm biến bị rác che' },
    ]);
    // The page reads the station's readings again.
    await waitFor(() => expect(reviewUrls(fetchMock)).toHaveLength(2));
    // The notice stays until staff close it.
    fireEvent.click(within(cancelled).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByTestId('cancelled-alerts')).toBeNull());
  });

  it('marks a whole period faulty from the bulk action, and says nothing changed when nothing did', async () => {
    const fetchMock = api({ changed: 0, cancelledAlerts: [] });
    renderApp('/database/station-readings?code=F01024');
    await screen.findByTestId('review-table');
    fireEvent.click(screen.getByTestId('flag-range-open'));
    expect(await screen.findByText('Đánh dấu sai cả khoảng thời gian', { selector: '.ant-modal-title' })).toBeTruthy();
    for (const [id, value] of [
      ['flag-range-from', '26/11/2026 08:00'],
      ['flag-range-to', '26/11/2026 08:20'],
    ] as const) {
      const input = document.getElementById(id) as HTMLInputElement;
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.blur(input);
      await waitFor(() => expect(input.value).toBe(value));
    }
    fireEvent.change(document.getElementById('flag-range-reason')!, { target: { value: 'Trạm bảo trì' } });
    fireEvent.click(screen.getByTestId('flag-range-submit'));
    expect(await screen.findByText('Không có số liệu nào thay đổi trong khoảng thời gian đã chọn')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect([post[0], JSON.parse(String(post[1]?.body))]).toEqual([
      '/api/readings/flag-range',
      { stationCode: 'F01024', from: '2026-11-26T01:00:00Z', to: '2026-11-26T01:20:59Z', reason: 'Trạm bảo trì' },
    ]);
    expect(screen.queryByTestId('cancelled-alerts')).toBeNull();
  });

  it('shows only the readings of one quality when filtered', async () => {
    api();
    renderApp('/database/station-readings?code=F01024');
    const table = await screen.findByTestId('review-table');
    const filter = within(screen.getByTestId('review-quality-filter')).getByRole('combobox');
    fireEvent.mouseDown(filter);
    fireEvent.click(await screen.findByTitle('Nghi ngờ (1)'));
    await waitFor(() => expect(table.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(1));
    expect(within(table).getByText('Thay đổi quá nhanh')).toBeTruthy();
  });

  it("shows the server's answer for a station it does not know", async () => {
    api();
    renderApp('/database/station-readings?code=F09999');
    expect((await screen.findByTestId('review-error')).textContent).toContain('Không tìm thấy trạm');
    expect(screen.queryByTestId('review-table')).toBeNull();
  });
});

describe('the days the range may take', () => {
  const today = dayjs('2026-11-26');
  it('refuses days after today and ranges longer than 31 days, both ends counted', () => {
    expect(reviewDayDisabled(dayjs('2026-11-27'), undefined, today)).toBe(true);
    expect(reviewDayDisabled(dayjs('2026-11-26'), undefined, today)).toBe(false);
    const end = dayjs('2026-11-26');
    // 27/10 to 26/11 is 31 days; 26/10 would be 32.
    expect(reviewDayDisabled(dayjs('2026-10-27'), end, today)).toBe(false);
    expect(reviewDayDisabled(dayjs('2026-10-26'), end, today)).toBe(true);
    expect(reviewDayDisabled(dayjs('2026-11-20'), dayjs('2026-10-21'), today)).toBe(false);
    expect(reviewDayDisabled(dayjs('2026-11-21'), dayjs('2026-10-21'), today)).toBe(true);
  });
});

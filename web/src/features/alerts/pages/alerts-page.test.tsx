import type { Alert } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { ALL_ALERTS, CANCELLED, CLEARED, detailOf, OPEN_UNTAKEN, TAKEN, UNCONFIRMED } from '../alerts.fixtures';
import AlertsPage from './alerts-page';

const row = (id: number) =>
  document.querySelector(`[data-testid="alert-table"] tr[data-row-key="${id}"]`) as HTMLElement;
/** The row once the list has arrived. */
const findRow = (id: number) =>
  waitFor(() => {
    const found = row(id);
    if (!found) throw new Error(`no row ${id}`);
    return found;
  });
const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith('/api/alerts?') && !init?.method?.match(/POST/));
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** The server: the open alerts or all of them, and a detail per alert; `ack` answers the acknowledgement. */
function server(ack: (id: number, body: unknown) => Response, alerts: () => Alert[] = () => ALL_ALERTS) {
  return mockFetch((url, init) => {
    const acknowledge = url.match(/^\/api\/alerts\/(\d+)\/acknowledge$/);
    if (acknowledge && init?.method === 'POST') return ack(Number(acknowledge[1]), JSON.parse(String(init.body)));
    if (url.startsWith('/api/alerts?')) {
      const all = alerts();
      const items = url.includes('status=open') ? all.filter((a) => !a.clearedAt && !a.cancelledAt) : all;
      return jsonResponse(200, { items, total: items.length });
    }
    const detail = url.match(/^\/api\/alerts\/(\d+)$/);
    if (detail) {
      const alert = alerts().find((a) => a.id === Number(detail[1]));
      return alert ? jsonResponse(200, detailOf(alert)) : jsonResponse(404, {});
    }
    return jsonResponse(404, {});
  });
}

/** A 1366 px screen for antd's breakpoints (the tests' default matches none: a phone). */
function desktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? Number(min[1]) <= 1366 : false,
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    } as unknown as MediaQueryList;
  });
}

/** A stand-in for the browser's EventSource: the test fires the server's events by name. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (() => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

describe('the alerts page (/system/alerts)', () => {
  beforeEach(() => signIn(['system', 'sms']));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the open alerts with their state and who took them; "Tất cả" shows the ended and cancelled too', async () => {
    desktop();
    const fetchMock = server(() => jsonResponse(500, {}));
    renderWithProviders(<AlertsPage />, '/system/alerts');
    expect(await screen.findByText('Trạm Trung tâm Y tế')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'Trạm',
      'Cảnh báo',
      'Cấp',
      'Bắt đầu',
      'Trạng thái',
      'Nhận xử lý',
      'Thao tác',
    ]);
    expect(listCalls(fetchMock)[0]?.[0]).toBe('/api/alerts?page=1&pageSize=20&status=open');
    expect(screen.getByRole('heading', { level: 1, name: 'Cảnh báo' })).toBeTruthy();

    // Open, confirmed, level III, nobody took it: prominent, with the reminders sent.
    const untaken = within(row(OPEN_UNTAKEN.id));
    expect(untaken.getByText('F01024')).toBeTruthy();
    expect(untaken.getByText('mực nước đạt báo động cấp III')).toBeTruthy();
    expect(untaken.getByText('đỉnh 0,75 m · hiện 0,72 m · đang lên')).toBeTruthy();
    expect(untaken.getByText('Cấp III')).toBeTruthy();
    expect(untaken.getByText('23/11/2026 07:00')).toBeTruthy();
    expect(untaken.getByText('Đang hiệu lực')).toBeTruthy();
    expect(untaken.queryByText('Chưa xác nhận')).toBeNull();
    expect(untaken.getByText('Chưa ai nhận')).toBeTruthy();
    expect(untaken.getByText('Đã nhắc lại 2 lần')).toBeTruthy();
    expect(untaken.getByRole('button', { name: 'Nhận xử lý' })).toBeTruthy();

    // Seen once: marked, not yet anyone's to take in a hurry (no message went out).
    const unconfirmed = within(row(UNCONFIRMED.id));
    expect(unconfirmed.getByText('Chưa xác nhận')).toBeTruthy();
    expect(unconfirmed.getByText('mưa rất to')).toBeTruthy();
    expect(unconfirmed.queryByText('Chưa ai nhận')).toBeNull();
    expect(unconfirmed.getByText('Chưa có người nhận')).toBeTruthy();

    const taken = within(row(TAKEN.id));
    expect(taken.getByText('Đã nhận: Trần Thị Bình lúc 23/11/2026 08:15')).toBeTruthy();
    expect(taken.getByText('Đã nhắc lại 1 lần')).toBeTruthy();
    expect(taken.queryByRole('button', { name: 'Nhận xử lý' })).toBeNull();
    expect(row(CLEARED.id)).toBeNull();

    fireEvent.click(within(screen.getByTestId('alert-filter')).getByText('Tất cả'));
    await waitFor(() => expect(row(CLEARED.id)).toBeTruthy());
    expect(listCalls(fetchMock).at(-1)?.[0]).toBe('/api/alerts?page=1&pageSize=20&status=all');
    const cleared = within(row(CLEARED.id));
    expect(cleared.getByText('Đã kết thúc')).toBeTruthy();
    expect(cleared.getByText('22/11/2026 17:00')).toBeTruthy();
    expect(cleared.queryByRole('button', { name: 'Nhận xử lý' })).toBeNull();
    expect(cleared.getByText('—')).toBeTruthy();
    const cancelled = within(row(CANCELLED.id));
    expect(cancelled.getByText('Đã huỷ')).toBeTruthy();
    expect(cancelled.queryByText('Đang hiệu lực')).toBeNull();
    expect(cancelled.queryByText('Chưa ai nhận')).toBeNull();
  });

  it('on a phone shows each alert as one block: what, since, state, who took it and the buttons', async () => {
    server(() => jsonResponse(500, {}));
    renderWithProviders(<AlertsPage />, '/system/alerts');
    const untaken = within(await findRow(OPEN_UNTAKEN.id));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Cảnh báo']);
    expect(untaken.getByText('Trạm Trung tâm Y tế')).toBeTruthy();
    expect(untaken.getByText('Cấp III')).toBeTruthy();
    expect(untaken.getByText('mực nước đạt báo động cấp III')).toBeTruthy();
    expect(untaken.getByText('Bắt đầu: 23/11/2026 07:00')).toBeTruthy();
    expect(untaken.getByText('Chưa ai nhận')).toBeTruthy();
    expect(untaken.getByRole('button', { name: 'Nhận xử lý' })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('alert-filter')).getByText('Tất cả'));
    const cancelled = within(await findRow(CANCELLED.id));
    expect(cancelled.getByText('Đã huỷ')).toBeTruthy();
    // Over and nobody took it: nothing to say about taking it.
    expect(cancelled.queryByTestId(`alert-ack-${CANCELLED.id}`)).toBeNull();
  });

  it('says when no alert is on', async () => {
    server(
      () => jsonResponse(500, {}),
      () => [],
    );
    renderWithProviders(<AlertsPage />, '/system/alerts');
    expect(await screen.findByText('Không có cảnh báo nào đang hiệu lực')).toBeTruthy();
  });

  it('acknowledges with a note: posts it, then the list shows who took the alert', async () => {
    let current: Alert[] = ALL_ALERTS;
    const fetchMock = server(
      (id) => {
        const updated = {
          ...OPEN_UNTAKEN,
          acknowledgedAt: '2026-11-23T02:00:00.000Z',
          acknowledgedBy: 'Nguyễn Văn An',
          ackNote: 'Đang kiểm tra hiện trường',
        };
        current = current.map((a) => (a.id === id ? updated : a));
        return jsonResponse(200, updated);
      },
      () => current,
    );
    renderWithProviders(<AlertsPage />, '/system/alerts');
    fireEvent.click(within(await findRow(OPEN_UNTAKEN.id)).getByText('Nhận xử lý'));
    const dialog = within(await screen.findByTestId('acknowledge-modal'));
    expect(dialog.getByText('Trạm Trung tâm Y tế: mực nước đạt báo động cấp III')).toBeTruthy();
    const before = listCalls(fetchMock).length;
    fireEvent.change(dialog.getByLabelText('Ghi chú'), { target: { value: '  Đang kiểm tra hiện trường ' } });
    fireEvent.click(dialog.getByTestId('acknowledge-submit'));

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe('/api/alerts/21/acknowledge');
    expect(JSON.parse(String(init?.body))).toEqual({ note: 'Đang kiểm tra hiện trường' });
    expect(await screen.findByText('Đã nhận xử lý cảnh báo')).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
    const taken = within(row(OPEN_UNTAKEN.id));
    expect(await taken.findByText('Đã nhận: Nguyễn Văn An lúc 23/11/2026 09:00')).toBeTruthy();
    expect(taken.queryByText('Chưa ai nhận')).toBeNull();
    expect(taken.queryByRole('button', { name: 'Nhận xử lý' })).toBeNull();
  });

  it('sends no note when none is typed, and refuses one over 500 characters', async () => {
    const fetchMock = server(() => jsonResponse(200, { ...OPEN_UNTAKEN, acknowledgedAt: '2026-11-23T02:00:00.000Z' }));
    renderWithProviders(<AlertsPage />, '/system/alerts');
    fireEvent.click(within(await findRow(OPEN_UNTAKEN.id)).getByText('Nhận xử lý'));
    const dialog = within(await screen.findByTestId('acknowledge-modal'));
    // The field stops at 500; a longer text (pasted past the limit) is refused before anything is sent.
    const note = dialog.getByLabelText('Ghi chú') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(500);
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(dialog.getByTestId('acknowledge-submit'));
    expect(await dialog.findByText('Tối đa 500 ký tự')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(dialog.getByTestId('acknowledge-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]?.body))).toEqual({});
  });

  it('shows the server message when someone else took the alert first (409) and refreshes the list', async () => {
    const message = 'Cảnh báo đã được Trần Thị Bình nhận xử lý';
    const fetchMock = server(() => jsonResponse(409, { code: 'CONFLICT', message, requestId: 'r1' }));
    renderWithProviders(<AlertsPage />, '/system/alerts');
    fireEvent.click(within(await findRow(OPEN_UNTAKEN.id)).getByText('Nhận xử lý'));
    const dialog = within(await screen.findByTestId('acknowledge-modal'));
    const before = listCalls(fetchMock).length;
    fireEvent.click(dialog.getByTestId('acknowledge-submit'));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByTestId('acknowledge-modal')).toBeNull());
  });

  it('opens the detail of an alert and acknowledges from it, refreshing the timeline', async () => {
    let current: Alert[] = ALL_ALERTS;
    const fetchMock = server(
      (id) => {
        current = current.map((a) =>
          a.id === id ? { ...a, acknowledgedAt: '2026-11-23T02:00:00.000Z', acknowledgedBy: 'Nguyễn Văn An' } : a,
        );
        return jsonResponse(
          200,
          current.find((a) => a.id === id),
        );
      },
      () => current,
    );
    renderWithProviders(<AlertsPage />, '/system/alerts');
    fireEvent.click(within(await findRow(OPEN_UNTAKEN.id)).getByText('Chi tiết'));
    const detail = within(await screen.findByTestId('alert-detail'));
    expect(await detail.findByText('Mở cảnh báo')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/alerts/21')).toBe(true);
    fireEvent.click(detail.getByTestId('alert-detail-acknowledge'));
    fireEvent.click(within(await screen.findByTestId('acknowledge-modal')).getByTestId('acknowledge-submit'));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(await detail.findByText('Đã nhận: Nguyễn Văn An lúc 23/11/2026 09:00')).toBeTruthy();
    expect(detail.queryByTestId('alert-detail-acknowledge')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/alerts/21').length).toBeGreaterThan(1);
  });

  it('refreshes the list when the live stream reports an alert', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let current: Alert[] = [OPEN_UNTAKEN];
    const fetchMock = server(
      () => jsonResponse(500, {}),
      () => current,
    );
    renderWithProviders(<AlertsPage />, '/system/alerts');
    await findRow(OPEN_UNTAKEN.id);
    expect(row(TAKEN.id)).toBeNull();
    const before = listCalls(fetchMock).length;
    current = [OPEN_UNTAKEN, TAKEN];
    FakeEventSource.last?.fire('reading');
    FakeEventSource.last?.fire('alert');
    await findRow(TAKEN.id);
    expect(listCalls(fetchMock).length).toBe(before + 1);
  });
});

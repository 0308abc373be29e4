import type { FloodEvent } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import { FloodEventsCard } from './flood-events-card';

const event = (id: number, over: Partial<FloodEvent> = {}): FloodEvent => ({
  id,
  name: `Trận lũ ngày 0${id}/11/2026`,
  customName: null,
  start: `2026-11-0${id}T00:30:00.000Z`,
  end: `2026-11-0${id}T10:00:00.000Z`,
  ongoing: false,
  peak: { stationId: 3, stationCode: 'F01024', stationName: 'Trạm Ba Chẽ', value: 125, at: '2026-11-03T04:00:00.000Z' },
  note: null,
  source: 'AUTO',
  edited: false,
  demo: false,
  damageCount: 0,
  createdAt: '2026-11-03T00:30:00.000Z',
  updatedAt: '2026-11-03T00:30:00.000Z',
  ...over,
});

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const listUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').map(([url]) => String(url));
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** Types a date-time into an antd picker and confirms it as a person would. */
function pick(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  return input;
}

// Date-time pickers are slow in jsdom; on a loaded machine these tests need more than the default 20 s.
describe('flood events card', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the events with start, end or "Đang diễn ra", peak station and peak level in metres', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        items: [
          event(4, { end: null, ongoing: true, customName: 'Lũ lớn', name: 'Lũ lớn', note: 'Vỡ kè' }),
          event(3, { peak: null }),
        ],
        total: 2,
      }),
    );
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    expect(await screen.findByText('Lũ lớn')).toBeTruthy();
    expect(within(row(4)).getByText('Vỡ kè')).toBeTruthy();
    // 00:30 UTC is 07:30 in the district.
    expect(within(row(4)).getByText('04/11/2026 07:30')).toBeTruthy();
    expect(within(row(4)).getByText('Đang diễn ra')).toBeTruthy();
    expect(within(row(4)).getByText('Trạm Ba Chẽ')).toBeTruthy();
    expect(within(row(4)).getByText('1,25')).toBeTruthy();
    expect(within(row(3)).getByText('Trận lũ ngày 03/11/2026')).toBeTruthy();
    expect(within(row(3)).getByText('03/11/2026 17:00')).toBeTruthy();
    expect(within(row(3)).getAllByText('–')).toHaveLength(2);
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('pages by 5 with a pager only past 5, and searches by name or time from the first page', async () => {
    const fetchMock = mockFetch((url) => {
      const u = new URL(url, 'http://x');
      if (u.searchParams.get('q')) return jsonResponse(200, { items: [event(3)], total: 1 });
      const page = Number(u.searchParams.get('page'));
      return jsonResponse(200, {
        items: page === 1 ? [1, 2, 3, 4, 5].map((i) => event(i)) : [event(6)],
        total: 6,
      });
    });
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    expect(await screen.findByText('Trận lũ ngày 05/11/2026')).toBeTruthy();
    expect(listUrls(fetchMock)[0]).toBe('/api/flood-event?page=1&pageSize=5');
    const pager = document.querySelector('.ant-pagination') as HTMLElement;
    expect(pager).toBeTruthy();
    expect(within(pager).getByText('Tổng số 6 bản ghi')).toBeTruthy();
    fireEvent.click(within(pager).getByText('2'));
    expect(await screen.findByText('Trận lũ ngày 06/11/2026')).toBeTruthy();
    expect(within(row(6)).getByText('6')).toBeTruthy(); // row number counts across pages

    fireEvent.change(screen.getByTestId('flood-event-search'), { target: { value: ' 11/2026 ' } });
    await waitFor(() => expect(listUrls(fetchMock)).toContain('/api/flood-event?page=1&pageSize=5&q=11%2F2026'));
    expect(await screen.findByText('Trận lũ ngày 03/11/2026')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-pagination')).toBeNull());
    expect(listUrls(fetchMock).some((u) => u.includes('page=2') && u.includes('q='))).toBe(false);
  });

  it('adds an event: start required, end not before start, times sent as UTC, empty name and note as null', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, event(9)) : jsonResponse(200, { items: [], total: 0 }),
    );
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    fireEvent.click(screen.getByTestId('flood-event-add'));
    expect(await screen.findByText('Thêm trận lũ', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('flood-event-submit'));
    expect(await screen.findByText('Vui lòng chọn thời gian bắt đầu')).toBeTruthy();

    const start = pick('flood-event-start', '03/11/2026 07:30');
    await waitFor(() => expect(start.value).toBe('03/11/2026 07:30'));
    const end = pick('flood-event-end', '02/11/2026 07:30');
    await waitFor(() => expect(end.value).toBe('02/11/2026 07:30'));
    fireEvent.click(screen.getByTestId('flood-event-submit'));
    expect(await screen.findByText('Thời gian kết thúc phải sau thời gian bắt đầu')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    pick('flood-event-end', '04/11/2026 18:05');
    await waitFor(() => expect(end.value).toBe('04/11/2026 18:05'));
    fireEvent.click(screen.getByTestId('flood-event-submit'));
    expect(await screen.findByText('Lưu dữ liệu thành công')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/flood-event');
    expect(bodyOf(post[1])).toEqual({
      name: null,
      start: '2026-11-03T00:30:00Z',
      end: '2026-11-04T11:05:00Z',
      note: null,
    });
  });

  it('edits an event with its current values: the staff name, an emptied end (under way) and a note', async () => {
    const current = event(3, { customName: 'Lũ tháng 11', name: 'Lũ tháng 11' });
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? jsonResponse(200, current) : jsonResponse(200, { items: [current], total: 1 }),
    );
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    await screen.findByText('Lũ tháng 11');
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Sửa' }));
    expect(await screen.findByText('Cập nhật trận lũ', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('flood-event-name') as HTMLInputElement).value).toBe('Lũ tháng 11');
    expect((document.getElementById('flood-event-start') as HTMLInputElement).value).toBe('03/11/2026 07:30');
    expect((document.getElementById('flood-event-end') as HTMLInputElement).value).toBe('03/11/2026 17:00');
    fireEvent.mouseDown(document.getElementById('flood-event-end')!);
    const clear = document.querySelectorAll('.ant-picker-clear')[1] as HTMLElement;
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    fireEvent.change(document.getElementById('flood-event-note')!, { target: { value: ' Nước lên nhanh ' } });
    fireEvent.click(screen.getByTestId('flood-event-submit'));
    expect(await screen.findByText('Lưu dữ liệu thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/flood-event/3');
    expect(bodyOf(put[1])).toEqual({
      name: 'Lũ tháng 11',
      start: '2026-11-03T00:30:00Z',
      end: null,
      note: 'Nước lên nhanh',
    });
  });

  it('deletes an event after confirmation with the domain toast', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : jsonResponse(200, { items: [event(3)], total: 1 }),
    );
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    await screen.findByText('Trận lũ ngày 03/11/2026');
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá trận lũ thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/flood-event/3']);
  });

  it('recomputes the events of whole district days and says how many were found', async () => {
    const fetchMock = mockFetch((url, init) =>
      init?.method === 'POST' && url.endsWith('/recompute')
        ? jsonResponse(200, { removed: 1, created: 2, readings: 500 })
        : jsonResponse(200, { items: [], total: 0 }),
    );
    renderWithProviders(<FloodEventsCard />, '/analyze/flood');
    fireEvent.click(await screen.findByTestId('flood-event-recompute'));
    const modal = await screen.findByTestId('flood-recompute-modal');
    const [first, last] = within(modal).getAllByRole('textbox') as HTMLInputElement[];
    for (const [input, value] of [
      [first!, '01/11/2026'],
      [last!, '03/11/2026'],
    ] as const) {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    await waitFor(() => expect(last!.value).toBe('03/11/2026'));
    expect(first!.value).toBe('01/11/2026');
    fireEvent.click(screen.getByTestId('flood-recompute-submit'));
    expect(await screen.findByText('Đã tính lại: 2 trận lũ, bỏ 1 trận cũ')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/flood-event/recompute');
    // 01/11 00:00 and 03/11 23:59:59 in the district (UTC+7).
    expect(bodyOf(post[1])).toEqual({ from: '2026-10-31T17:00:00Z', to: '2026-11-03T16:59:59Z' });
  });
});

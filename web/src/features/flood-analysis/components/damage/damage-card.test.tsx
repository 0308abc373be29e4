import type { Damage } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render-app';
import { DamageCard } from './damage-card';

const person = (id: number, date: string, over: Partial<Damage> = {}): Damage => ({
  id,
  type: 'PERSON',
  date,
  data: { female: `${id} người`, male: null },
  floodEventId: 3,
  floodEventName: 'Trận lũ ngày 03/11/2026',
  userId: 7,
  userName: 'Nguyễn Văn An',
  demo: false,
  createdAt: '2026-11-05T01:00:00.000Z',
  updatedAt: '2026-11-05T01:00:00.000Z',
  ...over,
});
const ASSET: Damage = {
  ...person(8, '04/11/2026'),
  type: 'ASSET',
  data: {
    traffic: '2 km đường',
    construction: null,
    agriculture: '12 ha lúa',
    irrigation: null,
    electricity: null,
    total: '1,2 tỷ đồng',
  },
  floodEventId: null,
  floodEventName: null,
};

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const listUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').map(([url]) => String(url));

function pickDate(value: string) {
  const input = document.getElementById('damage-date') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  return input;
}

// Pickers and dialogs are slow in jsdom; on a loaded machine these tests need more than the default 20 s.
describe('damage lists', { timeout: 60_000 }, () => {
  beforeEach(() => signIn(['system', 'analyze']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists person damage newest first with its flood event, women and men', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        items: [person(2, '05/11/2026'), person(1, '01/10/2026', { floodEventName: null })],
        total: 2,
      }),
    );
    renderWithProviders(<DamageCard type="PERSON" />, '/analyze/flood');
    expect(await screen.findByRole('heading', { level: 2, name: 'Thiệt hại về người' })).toBeTruthy();
    expect(await screen.findByText('05/11/2026')).toBeTruthy();
    expect(listUrls(fetchMock)[0]).toBe('/api/damage?page=1&pageSize=10&type=PERSON&order=desc');
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['#', 'Ngày', 'Trận lũ', 'Nữ', 'Nam', 'Thao tác']);
    expect(within(row(2)).getByText('Trận lũ ngày 03/11/2026')).toBeTruthy();
    expect(within(row(2)).getByText('2 người')).toBeTruthy();
    expect(within(row(1)).getByText('–')).toBeTruthy();
  });

  it('sorts by the date on the server: the header asks for order=asc, then back to order=desc', async () => {
    const rows = [person(1, '01/10/2026'), person(2, '05/11/2026')];
    const fetchMock = mockFetch((url) => {
      const asc = new URL(url, 'http://x').searchParams.get('order') === 'asc';
      return jsonResponse(200, { items: asc ? rows : [...rows].reverse(), total: 2 });
    });
    const order = () =>
      [...document.querySelectorAll('tbody tr[data-row-key]')].map((tr) => tr.getAttribute('data-row-key'));
    renderWithProviders(<DamageCard type="PERSON" />, '/analyze/flood');
    await screen.findByText('05/11/2026');
    expect(order()).toEqual(['2', '1']);
    const header = screen.getByText('Ngày', { selector: 'th *' });
    fireEvent.click(header);
    await waitFor(() => expect(listUrls(fetchMock)).toContain('/api/damage?page=1&pageSize=10&type=PERSON&order=asc'));
    await waitFor(() => expect(order()).toEqual(['1', '2']));
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    await waitFor(() => expect(order()).toEqual(['2', '1']));
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    // Never unsorted: a third click sorts ascending again.
    fireEvent.click(header);
    await waitFor(() => expect(order()).toEqual(['1', '2']));
  });

  it('adds person damage: the date is required, fields max 255, the day sent as DD/MM/YYYY, empty fields as null', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, person(9, '05/11/2026')) : jsonResponse(200, { items: [], total: 0 }),
    );
    renderWithProviders(<DamageCard type="PERSON" />, '/analyze/flood');
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    fireEvent.click(screen.getByTestId('damage-person-add'));
    expect(await screen.findByText('Thêm thiệt hại về người', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(screen.getByLabelText('Nữ')).toBeTruthy();
    expect(screen.getByLabelText('Nam')).toBeTruthy();
    expect(document.getElementById('damage-traffic')).toBeNull();
    type('damage-female', 'x'.repeat(256));
    fireEvent.click(screen.getByTestId('damage-submit'));
    expect(await screen.findByText('Vui lòng chọn ngày')).toBeTruthy();
    expect(await screen.findByText('Tối đa 255 ký tự')).toBeTruthy();

    const date = pickDate('05/11/2026');
    await waitFor(() => expect(date.value).toBe('05/11/2026'));
    type('damage-female', ' 3 (1 bị thương) ');
    fireEvent.click(screen.getByTestId('damage-submit'));
    expect(await screen.findByText('Lưu dữ liệu thành công')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]![0]).toBe('/api/damage');
    expect(bodyOf(posts[0]![1])).toEqual({
      type: 'PERSON',
      date: '05/11/2026',
      data: { female: '3 (1 bị thương)', male: null },
    });
  });

  it('edits asset damage with its current values and sends every asset field', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? jsonResponse(200, ASSET) : jsonResponse(200, { items: [ASSET], total: 1 }),
    );
    renderWithProviders(<DamageCard type="ASSET" />, '/analyze/flood');
    expect(await screen.findByText('12 ha lúa')).toBeTruthy();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual([
      '#',
      'Ngày',
      'Trận lũ',
      'Giao thông',
      'Xây dựng',
      'Nông nghiệp',
      'Thuỷ lợi',
      'Điện',
      'Tổng thiệt hại',
      'Thao tác',
    ]);
    fireEvent.click(within(row(8)).getByRole('button', { name: 'Sửa' }));
    expect(await screen.findByText('Cập nhật thiệt hại về tài sản', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('damage-date') as HTMLInputElement).value).toBe('04/11/2026');
    expect((document.getElementById('damage-agriculture') as HTMLInputElement).value).toBe('12 ha lúa');
    type('damage-traffic', '');
    type('damage-electricity', '30 cột điện');
    pickDate('06/11/2026');
    await waitFor(() => expect((document.getElementById('damage-date') as HTMLInputElement).value).toBe('06/11/2026'));
    fireEvent.click(screen.getByTestId('damage-submit'));
    expect(await screen.findByText('Lưu dữ liệu thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/damage/8');
    expect(bodyOf(put[1])).toEqual({
      type: 'ASSET',
      date: '06/11/2026',
      data: {
        traffic: null,
        construction: null,
        agriculture: '12 ha lúa',
        irrigation: null,
        electricity: '30 cột điện',
        total: '1,2 tỷ đồng',
      },
    });
  });

  it('deletes a record after confirmation and toasts', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(200, { items: [person(2, '05/11/2026')], total: 1 }),
    );
    renderWithProviders(<DamageCard type="PERSON" />, '/analyze/flood');
    await screen.findByText('05/11/2026');
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá dữ liệu thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/damage/2']);
  });
});

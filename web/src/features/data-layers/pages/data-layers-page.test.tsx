import { DATA_LAYER_SYMBOLS, type DataLayer } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import DataLayersPage from './data-layers-page';

const LAYERS: DataLayer[] = [
  {
    id: 1,
    name: 'Mưa thực đo',
    enabled: true,
    symbol: { icon: 'cloud', color: '#1677ff' },
    userId: null,
    userName: null,
    createdAt: '2026-03-04T01:02:00.000Z',
  },
  {
    id: 2,
    name: 'Ngập lụt',
    enabled: false,
    symbol: { icon: 'flood', color: '#d4380d' },
    userId: 7,
    userName: 'Nguyễn Văn An',
    createdAt: '2026-03-05T08:00:00.000Z',
  },
];

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const listed = () => jsonResponse(200, { items: LAYERS, total: 2 });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const modal = () => screen.getByTestId('layer-modal');

async function chooseStatus(label: string) {
  const select = document.getElementById('layer-enabled')!.closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

// The form holds a select and eight radio buttons: slower than the other forms in jsdom under load.
describe('data layers page', { timeout: 40_000 }, () => {
  beforeEach(() => signIn(['system', 'data-layer']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the layers with their status badge, symbol in its colour, creator and time', async () => {
    mockFetch(listed);
    renderWithProviders(<DataLayersPage />, '/database/layers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lớp dữ liệu' })).toBeTruthy();
    await screen.findByText('Mưa thực đo');
    const on = within(row(1)).getByText('Bật');
    expect(on.closest('.ant-tag')?.className).toContain('green');
    const off = within(row(2)).getByText('Tắt');
    expect(off.closest('.ant-tag')?.className).not.toContain('green');
    const symbol = within(row(2)).getByRole('img', { name: 'Vùng ngập' });
    expect((symbol.querySelector('.anticon') as HTMLElement).style.color).toBe('rgb(212, 56, 13)');
    expect(within(row(2)).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(within(row(2)).getByText(/^05\/03\/2026 \d\d:00$/)).toBeTruthy();
  });

  it('validates the name and creates a layer that is on with the first symbol by default', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { ...LAYERS[0], id: 9, name: 'Sạt lở' }) : listed(),
    );
    renderWithProviders(<DataLayersPage />, '/database/layers');
    fireEvent.click(await screen.findByTestId('layer-add'));
    expect(await screen.findByText('Thêm lớp dữ liệu', { selector: '.ant-modal-title' })).toBeTruthy();
    // The status select shows 'Bật' (its dropdown is not open, so nothing else says it).
    expect(within(modal()).getByText('Bật')).toBeTruthy();
    const first = within(modal()).getByRole('radio', { name: 'Mây' }) as HTMLInputElement;
    expect(first.checked).toBe(true);
    expect(within(modal()).getAllByRole('radio')).toHaveLength(DATA_LAYER_SYMBOLS.length);

    fireEvent.click(screen.getByTestId('layer-submit'));
    expect(await screen.findByText('Tên lớp dữ liệu là trường bắt buộc')).toBeTruthy();
    fireEvent.change(document.getElementById('layer-name')!, { target: { value: 'x'.repeat(256) } });
    fireEvent.click(screen.getByTestId('layer-submit'));
    expect(await screen.findByText('Tối đa 255 ký tự')).toBeTruthy();

    fireEvent.change(document.getElementById('layer-name')!, { target: { value: ' Sạt lở ' } });
    fireEvent.click(screen.getByTestId('layer-submit'));
    expect(await screen.findByText('Tạo lớp dữ liệu thành công')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/data-layer');
    expect(bodyOf(post[1])).toEqual({ name: 'Sạt lở', enabled: true, symbol: DATA_LAYER_SYMBOLS[0] });
  });

  it('switches a layer off and changes its symbol through the edit form', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? jsonResponse(200, { ...LAYERS[0], enabled: false }) : listed(),
    );
    renderWithProviders(<DataLayersPage />, '/database/layers');
    await screen.findByText('Mưa thực đo');
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Sửa' }));
    expect(await screen.findByText('Cập nhật lớp dữ liệu', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('layer-name') as HTMLInputElement).value).toBe('Mưa thực đo');
    await chooseStatus('Tắt');
    fireEvent.click(within(modal()).getByRole('radio', { name: 'Lá cờ' }));
    fireEvent.click(screen.getByTestId('layer-submit'));
    expect(await screen.findByText('Cập nhật lớp dữ liệu thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/data-layer/1');
    expect(bodyOf(put[1])).toEqual({ name: 'Mưa thực đo', enabled: false, symbol: { icon: 'flag', color: '#cf1322' } });
  });

  it('deletes a layer after confirmation', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : listed(),
    );
    renderWithProviders(<DataLayersPage />, '/database/layers');
    await screen.findByText('Ngập lụt');
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá lớp dữ liệu thành công!')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url)).toEqual([
        '/api/data-layer/2',
      ]),
    );
  });
});

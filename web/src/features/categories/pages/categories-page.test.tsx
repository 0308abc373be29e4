import type { Category } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import CategoriesPage from './categories-page';

const CATEGORIES: Category[] = [
  {
    id: 5,
    name: 'Loại hình thiên tai',
    objectValue: { data: 'Lũ quét' },
    userId: 7,
    userName: 'Nguyễn Văn An',
    createdAt: '2026-03-04T01:02:00.000Z',
  },
  {
    id: 6,
    name: 'Cấp độ rủi ro',
    objectValue: { data: null },
    userId: null,
    userName: null,
    createdAt: '2026-03-05T08:00:00.000Z',
  },
];

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const listed = () => jsonResponse(200, { items: CATEGORIES, total: 2 });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('categories page', () => {
  beforeEach(() => signIn(['system', 'database']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the categories with data, creator and creation time, no pager for one page', async () => {
    mockFetch(listed);
    renderWithProviders(<CategoriesPage />, '/database/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Danh mục' })).toBeTruthy();
    expect(await screen.findByText('Loại hình thiên tai')).toBeTruthy();
    expect(within(row(5)).getByText('Lũ quét')).toBeTruthy();
    expect(within(row(5)).getByText('Nguyễn Văn An')).toBeTruthy();
    expect(within(row(5)).getByText(/^04\/03\/2026 \d\d:02$/)).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('shows the empty text and searches by name from the first page', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { items: [], total: 0 }));
    renderWithProviders(<CategoriesPage />, '/database/categories');
    expect(await screen.findByText('Không có bản ghi nào')).toBeTruthy();
    fireEvent.change(screen.getByTestId('category-search'), { target: { value: ' đê điều ' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        `/api/system-category?page=1&pageSize=10&name=${encodeURIComponent('đê điều').replaceAll('%20', '+')}`,
      ),
    );
  });

  it('validates the form (name required with its own text, max 255) and creates a category', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { ...CATEGORIES[1], id: 9, name: 'Mới' }) : listed(),
    );
    renderWithProviders(<CategoriesPage />, '/database/categories');
    fireEvent.click(await screen.findByTestId('category-add'));
    expect(await screen.findByText('Thêm danh mục', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Tên danh mục là trường bắt buộc')).toBeTruthy();
    type('category-name', '   ');
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Tên danh mục là trường bắt buộc')).toBeTruthy();

    type('category-name', 'x'.repeat(256));
    type('category-data', 'y'.repeat(256));
    fireEvent.click(screen.getByTestId('category-submit'));
    await waitFor(() => expect(screen.getAllByText('Tối đa 255 ký tự')).toHaveLength(2));

    type('category-name', '  Công trình phòng chống lũ ');
    type('category-data', 'Đê, kè, hồ chứa');
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Tạo danh mục thành công')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/system-category');
    expect(bodyOf(post[1])).toEqual({ name: 'Công trình phòng chống lũ', objectValue: { data: 'Đê, kè, hồ chứa' } });
  });

  it('edits a category with its current values; an emptied data is sent as null', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'PUT' ? jsonResponse(200, { ...CATEGORIES[0], objectValue: { data: null } }) : listed(),
    );
    renderWithProviders(<CategoriesPage />, '/database/categories');
    await screen.findByText('Loại hình thiên tai');
    fireEvent.click(within(row(5)).getByRole('button', { name: 'Sửa' }));
    expect(await screen.findByText('Cập nhật danh mục', { selector: '.ant-modal-title' })).toBeTruthy();
    expect((document.getElementById('category-name') as HTMLInputElement).value).toBe('Loại hình thiên tai');
    expect((document.getElementById('category-data') as HTMLTextAreaElement).value).toBe('Lũ quét');
    type('category-data', '');
    fireEvent.click(screen.getByTestId('category-submit'));
    expect(await screen.findByText('Cập nhật danh mục thành công')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/system-category/5');
    expect(bodyOf(put[1])).toEqual({ name: 'Loại hình thiên tai', objectValue: { data: null } });
  });

  it('deletes a category after confirmation', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : listed(),
    );
    renderWithProviders(<CategoriesPage />, '/database/categories');
    await screen.findByText('Cấp độ rủi ro');
    fireEvent.click(within(row(6)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá danh mục thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/system-category/6']);
  });
});

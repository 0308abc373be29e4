import type { Group } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import GroupsPage from './groups-page';

const GROUPS: Group[] = [
  {
    id: 3,
    name: 'Cán bộ tin tức',
    desc: 'Biên tập tin',
    functions: ['system', 'news'],
    units: [],
    memberCount: 2,
    createdAt: '2026-03-04T01:02:00.000Z',
  },
  {
    id: 4,
    name: 'Nhóm trống',
    desc: null,
    functions: ['system'],
    units: [],
    memberCount: 0,
    createdAt: '2026-03-05T08:00:00.000Z',
  },
  {
    id: 5,
    name: 'Trực ban CSDL',
    desc: null,
    functions: ['system', 'database'],
    units: [],
    memberCount: 1,
    createdAt: '2026-03-06T08:00:00.000Z',
  },
];

const row = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const isDelete = ([url, init]: [string, RequestInit | undefined]) =>
  init?.method === 'DELETE' && url.startsWith('/api/group/');

describe('groups page', () => {
  beforeEach(() => signIn(['system', 'user', 'news']));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the groups with their creation date and no pager for one page', async () => {
    mockFetch(() => jsonResponse(200, { items: GROUPS, total: 2 }));
    renderWithProviders(<GroupsPage />, '/user/group');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nhóm người dùng' })).toBeTruthy();
    expect(await screen.findByText('Cán bộ tin tức')).toBeTruthy();
    expect(within(row(3)).getByText('Biên tập tin')).toBeTruthy();
    expect(within(row(3)).getByText(/^04\/03\/2026 \d\d:02$/)).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('shows a lock, not edit and delete, on a group holding a permission the manager lacks (#18)', async () => {
    mockFetch(() => jsonResponse(200, { items: GROUPS, total: 3 }));
    renderWithProviders(<GroupsPage />, '/user/group');
    await screen.findByText('Trực ban CSDL');
    expect(within(row(5)).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(row(5)).queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(within(row(5)).getByLabelText('Nhóm có quyền mà bạn không có: chỉ xem')).toBeTruthy();
    expect(within(row(3)).getByRole('button', { name: 'Sửa' })).toBeTruthy();
  });

  it('refuses to delete a group with members, without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { items: GROUPS, total: 2 }));
    renderWithProviders(<GroupsPage />, '/user/group');
    await screen.findByText('Cán bộ tin tức');
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Có thành viên trong nhóm, không thể xoá!')).toBeTruthy();
    expect(screen.queryByText('Bạn có chắc chắn muốn xoá?')).toBeNull();
    expect(fetchMock.mock.calls.some((c) => isDelete(c as [string, RequestInit | undefined]))).toBe(false);
  });

  it('deletes an empty group after confirmation', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'DELETE' ? jsonResponse(200, { ok: true }) : jsonResponse(200, { items: GROUPS, total: 2 }),
    );
    renderWithProviders(<GroupsPage />, '/user/group');
    await screen.findByText('Nhóm trống');
    fireEvent.click(within(row(4)).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByText('Bạn có chắc chắn muốn xoá?')).toBeTruthy();
    expect(screen.getAllByText('Xác nhận xoá').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Xoá nhóm thành công!')).toBeTruthy();
    const deletes = fetchMock.mock.calls.filter((c) => isDelete(c as [string, RequestInit | undefined]));
    expect(deletes.map(([url]) => url)).toEqual(['/api/group/4']);
  });

  it('shows the server message when the server still refuses (409)', async () => {
    mockFetch((_url, init) =>
      init?.method === 'DELETE'
        ? jsonResponse(409, { code: 'CONFLICT', message: 'Có thành viên trong nhóm, không thể xoá!', requestId: 'r' })
        : jsonResponse(200, { items: GROUPS, total: 2 }),
    );
    renderWithProviders(<GroupsPage />, '/user/group');
    await screen.findByText('Nhóm trống');
    fireEvent.click(within(row(4)).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect(await screen.findByText('Có thành viên trong nhóm, không thể xoá!')).toBeTruthy();
  });

  it('validates the group form and creates a group', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(200, { ...GROUPS[1], id: 9, name: 'Nhóm mới' })
        : jsonResponse(200, { items: GROUPS, total: 2 }),
    );
    renderWithProviders(<GroupsPage />, '/user/group');
    fireEvent.click(await screen.findByTestId('group-add'));
    expect(await screen.findByText('Thêm nhóm', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-submit'));
    expect(await screen.findByText('Trường này là bắt buộc')).toBeTruthy();
    fireEvent.change(document.getElementById('group-name')!, { target: { value: '  Nhóm mới ' } });
    fireEvent.change(document.getElementById('group-desc')!, { target: { value: 'x'.repeat(256) } });
    fireEvent.click(screen.getByTestId('group-submit'));
    expect(await screen.findByText('Tối đa 255 ký tự')).toBeTruthy();
    fireEvent.change(document.getElementById('group-desc')!, { target: { value: 'Mô tả' } });
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/group');
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: 'Nhóm mới',
      desc: 'Mô tả',
      functions: ['system'],
      units: [],
    });
    expect(await screen.findByText('Tạo nhóm thành công')).toBeTruthy();
  });
});

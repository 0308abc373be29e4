import type { Group, User } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session/session-store';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import { UserFormModal } from './user-form-modal';

const GROUPS: Group[] = [
  {
    id: 3,
    name: 'Cán bộ tin tức',
    desc: null,
    functions: ['system', 'analyze', 'news'],
    units: [],
    memberCount: 0,
    createdAt: '2026-03-04T01:02:00.000Z',
  },
];

const USER: User = {
  id: 12,
  name: 'Trần Thị Bình',
  email: 'binh@bache.gov.vn',
  phone: '0912000111',
  verified: true,
  groupId: 3,
  groupName: 'Cán bộ tin tức',
  functions: ['system', 'news'],
  units: [],
  createdAt: '2026-03-04T01:02:00.000Z',
};

function api(saved: Partial<User> = {}) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/group')) return jsonResponse(200, { items: GROUPS, total: GROUPS.length });
    if (url === '/api/user-info')
      return jsonResponse(200, { ...getSession()!.userDetail, functions: ['system', 'news'] });
    if (init?.method === 'POST' || init?.method === 'PUT') return jsonResponse(200, { ...USER, ...saved });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
}

const box = (label: string) =>
  within(screen.getByTestId('user-functions')).getByRole('checkbox', { name: label }) as HTMLInputElement;
const checked = () =>
  within(screen.getByTestId('user-functions'))
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked)
    .map((c) => c.closest('label')?.textContent);

async function chooseGroup(name: string) {
  const select = document.getElementById('user-group')!.closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  fireEvent.click(await screen.findByText(name, { selector: '.ant-select-item-option-content' }));
}

describe('user form modal', () => {
  beforeEach(() => signIn(['system', 'user', 'analyze', 'news']));
  afterEach(() => vi.unstubAllGlobals());

  it('creates: system is checked and disabled, the group copies its permissions, the password is required', async () => {
    const fetchMock = api();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal open user={null} onClose={onClose} />);
    expect(await screen.findByText('Thêm người dùng')).toBeTruthy();
    expect(box('Hệ thống').checked).toBe(true);
    expect(box('Hệ thống').disabled).toBe(true);
    expect(checked()).toEqual(['Hệ thống']);
    expect((document.getElementById('user-email') as HTMLInputElement).disabled).toBe(false);

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/group'))).toBe(true));
    await chooseGroup('Cán bộ tin tức');
    await waitFor(() => expect(checked()).toEqual(['Phân tích', 'Hệ thống', 'Tin tức']));
    // Unchecking system is not possible.
    fireEvent.click(box('Hệ thống'));
    expect(box('Hệ thống').checked).toBe(true);

    fireEvent.change(document.getElementById('user-name')!, { target: { value: 'Lê Văn Cường' } });
    fireEvent.change(document.getElementById('user-email')!, { target: { value: 'cuong@bache.gov.vn' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByText('Trường này là bắt buộc')).toBeTruthy();
    fireEvent.change(document.getElementById('user-password')!, { target: { value: 'ngan' } });
    expect(await screen.findByText('Mật khẩu phải có ít nhất 8 ký tự')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(document.getElementById('user-password')!, { target: { value: 'Mat-khau-2026' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/user');
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      name: 'Lê Văn Cường',
      email: 'cuong@bache.gov.vn',
      groupId: 3,
      password: 'Mat-khau-2026',
      phone: null,
      functions: ['analyze', 'system', 'news'],
      units: [],
    });
    expect(await screen.findByText('Tạo người dùng thành công')).toBeTruthy();
    // The longest form walk of the suite: past 5 s when every test file runs in parallel on a busy machine.
  }, 15_000);

  it('lets a manager tick only the permissions it holds (#18)', async () => {
    api();
    renderWithProviders(<UserFormModal open user={null} onClose={vi.fn()} />);
    expect(await screen.findByText('Thêm người dùng')).toBeTruthy();
    for (const held of ['Phân tích', 'Người dùng', 'Tin tức']) expect(box(held).disabled, held).toBe(false);
    for (const lacking of ['Cơ sở dữ liệu', 'Lớp dữ liệu', 'Cảnh báo SMS', 'Góp ý']) {
      expect(box(lacking).disabled, lacking).toBe(true);
    }
    fireEvent.click(box('Cơ sở dữ liệu'));
    expect(box('Cơ sở dữ liệu').checked).toBe(false);
  });

  it('puts a taken email (409 with fields) on the email field', async () => {
    mockFetch((url, init) =>
      url.startsWith('/api/group')
        ? jsonResponse(200, { items: GROUPS, total: 1 })
        : init?.method === 'POST'
          ? jsonResponse(409, {
              code: 'CONFLICT',
              message: 'Dữ liệu bị xung đột',
              fields: [{ field: 'email', message: 'Email đã được sử dụng' }],
              requestId: 'r',
            })
          : jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' }),
    );
    renderWithProviders(<UserFormModal open user={null} onClose={() => {}} />);
    await screen.findByText('Thêm người dùng');
    await chooseGroup('Cán bộ tin tức');
    fireEvent.change(document.getElementById('user-name')!, { target: { value: 'Lê Văn Cường' } });
    fireEvent.change(document.getElementById('user-email')!, { target: { value: 'binh@bache.gov.vn' } });
    fireEvent.change(document.getElementById('user-password')!, { target: { value: 'Mat-khau-2026' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByText('Email đã được sử dụng')).toBeTruthy();
  });

  it('limits a user to units of the area, and shows a unit the manager does not hold on that field (#26)', async () => {
    let sent: Record<string, unknown> | null = null;
    mockFetch((url, init) => {
      if (url.startsWith('/api/group')) return jsonResponse(200, { items: GROUPS, total: 1 });
      if (init?.method === 'PUT') {
        sent = JSON.parse(String(init.body));
        return jsonResponse(403, {
          code: 'FORBIDDEN',
          message: 'Chỉ giao được các đơn vị thuộc địa bàn của tài khoản đang đăng nhập',
          fields: [{ field: 'units', message: 'Chỉ giao được các đơn vị thuộc địa bàn của tài khoản đang đăng nhập' }],
          requestId: 'r',
        });
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    });
    renderWithProviders(<UserFormModal open user={USER} onClose={() => {}} />);
    expect(await screen.findByText('Cập nhật người dùng')).toBeTruthy();
    expect(screen.getByText('Mọi đơn vị của khu vực')).toBeTruthy();
    fireEvent.mouseDown(document.getElementById('user-units')!);
    fireEvent.click((await screen.findAllByTitle('Xã Thanh Sơn (06973)')).at(-1)!);
    fireEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ units: ['06973'] });
    expect(await screen.findByText('Chỉ giao được các đơn vị thuộc địa bàn của tài khoản đang đăng nhập')).toBeTruthy();
  });

  it('edits: the email is disabled and an empty password is allowed and not sent', async () => {
    const fetchMock = api();
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal open user={USER} onClose={onClose} />);
    expect(await screen.findByText('Cập nhật người dùng')).toBeTruthy();
    const email = document.getElementById('user-email') as HTMLInputElement;
    expect(email.value).toBe('binh@bache.gov.vn');
    expect(email.disabled).toBe(true);
    expect(screen.getByText('Để trống nếu không đổi mật khẩu')).toBeTruthy();
    expect(checked()).toEqual(['Hệ thống', 'Tin tức']);
    fireEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/user/12');
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      name: 'Trần Thị Bình',
      groupId: 3,
      phone: '0912000111',
      functions: ['system', 'news'],
      units: [],
    });
    expect(await screen.findByText('Cập nhật người dùng thành công')).toBeTruthy();
  });

  it('editing yourself refreshes the stored user detail', async () => {
    const me = getSession()!;
    const fetchMock = api({ id: me.id });
    const onClose = vi.fn();
    renderWithProviders(<UserFormModal open user={{ ...USER, id: me.id }} onClose={onClose} />);
    await screen.findByText('Cập nhật người dùng');
    fireEvent.click(screen.getByTestId('user-submit'));
    await waitFor(() => expect(getSession()?.userDetail.functions).toEqual(['system', 'news']));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user-info')).toBe(true);
  });
});

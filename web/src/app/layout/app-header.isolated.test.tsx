import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session/session-store';
import { jsonResponse, mockFetch, signIn, signOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/vi', () => ({}));

const path = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('header', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it('opens the login modal from the header button, with a disabled submit', async () => {
    renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('header-login'));
    expect(await screen.findByTestId('login-modal')).toBeTruthy();
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById('login-email')).toBeTruthy();
    expect(document.getElementById('login-password')).toBeTruthy();
  });

  it('lists the verify-phone item only for an unverified user, and signs out', async () => {
    const login = signIn(['system', 'user'], false);
    const fetchMock = mockFetch((url) =>
      url === '/api/user-info'
        ? jsonResponse(200, login.userDetail)
        : jsonResponse(500, { code: 'INTERNAL', message: 'x', requestId: 'r' }),
    );
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('Xác thực số điện thoại')).toBeTruthy();
    expect(screen.getByText('Cập nhật thông tin')).toBeTruthy();
    expect(screen.getByText('Đổi mật khẩu')).toBeTruthy();

    fireEvent.click(screen.getByText('Đăng xuất'));
    expect(await screen.findByText('Đăng xuất thành công')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/user-logout' && init?.method === 'POST')).toBe(
      true,
    );
    expect(getSession()).toBeNull();
    await waitFor(() => expect(path(router)).toBe('/dashboard'));
    expect(await screen.findByTestId('header-login')).toBeTruthy();
  });

  it('hides the verify-phone item for a verified user', async () => {
    const login = signIn(['system'], true);
    mockFetch(() => jsonResponse(200, login.userDetail));
    renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('user-menu'));
    expect(await screen.findByText('Đổi mật khẩu')).toBeTruthy();
    expect(screen.queryByText('Xác thực số điện thoại')).toBeNull();
  });

  it('switches view: lists permitted views and goes to /home?view= then the view page', async () => {
    const login = signIn(['system', 'user', 'sms']);
    mockFetch(() => jsonResponse(200, login.userDetail));
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('view-switch'));
    expect(await screen.findByText('Quản trị hệ thống')).toBeTruthy();
    expect(screen.queryByText('Cơ sở dữ liệu')).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Người dùng' }));
    await waitFor(() => expect(path(router)).toBe('/user/group'));
    expect(getSession()?.selectedView).toBe('users');
    await waitFor(() => expect(screen.getByTestId('view-switch').textContent).toContain('Người dùng'));
  });

  it('switches the language to English and keeps the choice', async () => {
    renderApp('/dashboard');
    const toEnglish = await screen.findByTestId('lang-switch');
    expect(toEnglish.textContent).toBe('EN');
    expect(toEnglish.getAttribute('aria-label')).toBe('Ngôn ngữ: English');
    fireEvent.click(toEnglish);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(localStorage.getItem('flood.language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('lang-switch').textContent).toBe('VI');
    fireEvent.click(screen.getByTestId('lang-switch'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang chủ' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session/session-store';
import { jsonResponse, loginResponse, mockFetch, signOut } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import LoginModal from './login-modal';

// The real widget runs proof-of-work in workers; here the element stays inert and the test drives its events.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/vi', () => ({}));

function widget(): HTMLElement {
  const element = document.querySelector('altcha-widget');
  if (!(element instanceof HTMLElement)) throw new Error('altcha-widget not rendered');
  return element;
}

function emitState(state: string, payload?: string) {
  act(() => {
    widget().dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

const submit = () => screen.getByTestId('login-submit') as HTMLButtonElement;

describe('login modal', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the submit button disabled until the human check is verified', async () => {
    renderWithProviders(<LoginModal open onClose={() => {}} />);
    expect(await screen.findByTestId('login-modal')).toBeTruthy();
    expect(widget().getAttribute('challenge')).toBe('/api/altcha-challenge');
    expect(widget().getAttribute('language')).toBe('vi');
    expect(submit().disabled).toBe(true);

    emitState('verifying');
    expect(submit().disabled).toBe(true);
    emitState('verified', 'payload-1');
    expect(submit().disabled).toBe(false);
    emitState('expired');
    expect(submit().disabled).toBe(true);
  });

  it('signs in with the altcha payload, stores the user and closes', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, loginResponse(['system'])));
    const onClose = vi.fn();
    const { router } = renderWithProviders(<LoginModal open onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'An@BaChe.gov.vn ' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'mat-khau-1' } });
    emitState('verified', 'payload-1');
    fireEvent.click(submit());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user-login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'an@bache.gov.vn',
      password: 'mat-khau-1',
      altcha: 'payload-1',
    });
    expect(getSession()?.token).toBe('tok-123');
    expect(await screen.findByText('Đăng nhập thành công')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('says one thing per empty field: that it is required', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, loginResponse(['system'])));
    renderWithProviders(<LoginModal open onClose={() => {}} />);
    const email = await screen.findByLabelText('Email');
    fireEvent.blur(email);
    emitState('verified', 'payload-1');
    fireEvent.click(submit());
    const errorsOf = (label: string) =>
      [
        ...(screen.getByLabelText(label).closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ??
          []),
      ].map((e) => e.textContent);
    await waitFor(() => expect(errorsOf('Mật khẩu')).toHaveLength(1));
    expect(errorsOf('Email')).toHaveLength(1);
    expect(errorsOf('Email')).toEqual(['Vui lòng nhập Email']);
    expect(errorsOf('Mật khẩu')).toEqual(['Vui lòng nhập mật khẩu']);
    await new Promise((r) => setTimeout(r, 100));
    expect(errorsOf('Email')).toHaveLength(1);
    expect(errorsOf('Mật khẩu')).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a wrong password toasts the failure and needs a new check', async () => {
    mockFetch(() => jsonResponse(401, { code: 'LOGIN_FAILED', message: 'Đăng nhập thất bại', requestId: 'r' }));
    renderWithProviders(<LoginModal open onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'an@bache.gov.vn' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'sai' } });
    emitState('verified', 'payload-1');
    fireEvent.click(submit());

    expect(await screen.findByText('Đăng nhập thất bại')).toBeTruthy();
    await waitFor(() => expect(submit().disabled).toBe(true));
    expect(getSession()).toBeNull();
  });

  it('shows the server message when rate limited', async () => {
    const text = 'Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau 15 phút';
    mockFetch(() => jsonResponse(429, { code: 'RATE_LIMITED', message: text, requestId: 'r' }));
    renderWithProviders(<LoginModal open onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'an@bache.gov.vn' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'x' } });
    emitState('verified', 'payload-1');
    fireEvent.click(submit());
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

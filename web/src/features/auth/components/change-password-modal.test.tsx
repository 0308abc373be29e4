import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render-app';
import ChangePasswordModal from './change-password-modal';

function fill(oldPassword: string, newPassword: string, confirmPassword: string) {
  fireEvent.change(screen.getByLabelText('Mật khẩu cũ'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('Mật khẩu mới'), { target: { value: newPassword } });
  fireEvent.change(screen.getByLabelText('Xác nhận mật khẩu mới'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByTestId('password-submit'));
}

describe('change password modal', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('rejects a mismatched confirmation and a short new password without calling the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { ok: true }));
    renderWithProviders(<ChangePasswordModal open onClose={() => {}} />);
    await screen.findByLabelText('Mật khẩu cũ');
    fill('cu-12345', 'moi-12345', 'khac-12345');
    expect(await screen.findByText('Mật khẩu xác nhận không khớp')).toBeTruthy();
    fill('cu-12345', 'ngan', 'ngan');
    expect(await screen.findByText('Mật khẩu mới phải có ít nhất 8 ký tự')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts WRONG_PASSWORD on the old-password field', async () => {
    mockFetch(() => jsonResponse(400, { code: 'WRONG_PASSWORD', message: 'Mật khẩu cũ không đúng', requestId: 'r' }));
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordModal open onClose={onClose} />);
    await screen.findByLabelText('Mật khẩu cũ');
    fill('sai-12345', 'moi-12345', 'moi-12345');
    expect(await screen.findByText('Mật khẩu cũ không đúng')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends trimmed passwords, toasts success and closes', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { ok: true }));
    const onClose = vi.fn();
    renderWithProviders(<ChangePasswordModal open onClose={onClose} />);
    await screen.findByLabelText('Mật khẩu cũ');
    fill(' cu-12345 ', 'moi-12345 ', 'moi-12345');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      oldPassword: 'cu-12345',
      newPassword: 'moi-12345',
    });
    expect(await screen.findByText('Đổi mật khẩu thành công')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import { TOKEN_STORAGE_KEY } from '../model/token-store';
import { errorBody, renderAt, subscriptionView } from '../subscriptions.fixtures';

const LINK_TOKEN = 'email-link-token-0123456789';

describe('the e-mail confirmation page (/dang-ky-canh-bao/xac-nhan)', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it("confirms the link's token once on opening, keeps the manage token and links to it", async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/subscriptions/confirm-email'
        ? jsonResponse(200, { token: 'tok.manage-1', subscription: subscriptionView() })
        : jsonResponse(404, errorBody('NOT_FOUND', 'x')),
    );
    renderAt(`/dang-ky-canh-bao/xac-nhan#t=${LINK_TOKEN}`);
    expect(await screen.findByText('Đã xác nhận địa chỉ thư điện tử. Bạn sẽ nhận cảnh báo qua thư.')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/subscriptions/confirm-email');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token: LINK_TOKEN });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok.manage-1');
    expect(screen.getByRole('link', { name: 'Quản lý đăng ký' }).getAttribute('href')).toBe(
      '/dang-ky-canh-bao/quan-ly#t=tok.manage-1',
    );
  });

  it('says a wrong or expired link is one', async () => {
    mockFetch(() => jsonResponse(404, errorBody('NOT_FOUND', 'Liên kết không hợp lệ')));
    renderAt(`/dang-ky-canh-bao/xac-nhan#t=${LINK_TOKEN}`);
    expect(await screen.findByText('Liên kết không đúng hoặc đã hết hạn')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('does not call the link wrong when the portal asks to wait: it says so and can try again', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(429, errorBody('RATE_LIMITED', 'Vui lòng thử lại sau 30 giây.'))
        : jsonResponse(200, { token: 'tok.manage-1', subscription: subscriptionView() });
    });
    renderAt(`/dang-ky-canh-bao/xac-nhan#t=${LINK_TOKEN}`);
    expect(await screen.findByText('Vui lòng thử lại sau 30 giây.')).toBeTruthy();
    expect(screen.queryByText('Liên kết không đúng hoặc đã hết hạn')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Đã xác nhận địa chỉ thư điện tử. Bạn sẽ nhận cảnh báo qua thư.')).toBeTruthy();
  });

  it('says so at once for a link without its token, asking nothing of the server', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderAt('/dang-ky-canh-bao/xac-nhan');
    expect(await screen.findByText('Liên kết không đúng hoặc đã hết hạn')).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});

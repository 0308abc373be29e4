import type { SubscriptionView } from '@flood/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import { TOKEN_STORAGE_KEY } from '../model/token-store';
import { COMMUNES, errorBody, renderAt, subscriptionView } from '../subscriptions.fixtures';

const TOKEN = 'tok.manage-1';
const URL_OF = `/api/subscriptions/${TOKEN}`;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

/** One subscription on the server: SMS (confirmed) and e-mail (waiting), Thanh Sơn, every kind. */
function serve() {
  let view: SubscriptionView | null = subscriptionView({
    channels: [
      { channel: 'sms', address: '0912***678', confirmed: true },
      { channel: 'email', address: 'h***@example.vn', confirmed: false },
    ],
  });
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/communes') return jsonResponse(200, COMMUNES);
    if (!url.startsWith(URL_OF) || !view) return jsonResponse(404, errorBody('NOT_FOUND', 'Không tìm thấy đăng ký'));
    if (url === URL_OF && method === 'GET') return jsonResponse(200, view);
    if (url === URL_OF && method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      view = { ...view, communes: body.communes, kinds: body.kinds };
      return jsonResponse(200, view);
    }
    if (url === `${URL_OF}/channels/email` && method === 'DELETE') {
      view = { ...view, channels: view.channels.filter((c) => c.channel !== 'email') };
      return jsonResponse(200, view);
    }
    if (url === URL_OF && method === 'DELETE') {
      view = null;
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, errorBody('NOT_FOUND', 'x'));
  });
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

describe('the manage page (/dang-ky-canh-bao/quan-ly)', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.unstubAllGlobals());

  it('loads the subscription of the link (#t=), keeps its token, and shows its choices and channels', async () => {
    serve();
    renderAt(`/dang-ky-canh-bao/quan-ly#t=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Quản lý đăng ký nhận cảnh báo' })).toBeTruthy();
    await waitFor(() => expect(box('Thanh Sơn').checked).toBe(true));
    expect(box('Nam Sơn').checked).toBe(false);
    expect(box('Lũ quét').checked).toBe(true);
    const sms = screen.getByTestId('subscription-channel-sms');
    expect(within(sms).getByText('Tin nhắn SMS')).toBeTruthy();
    expect(within(sms).getByText('0912***678')).toBeTruthy();
    expect(within(sms).getByText('Đã xác nhận')).toBeTruthy();
    expect(within(screen.getByTestId('subscription-channel-email')).getByText('Chờ xác nhận')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN);
  });

  it('saves new communes and kinds with PUT, and removes one channel', async () => {
    const fetchMock = serve();
    renderAt(`/dang-ky-canh-bao/quan-ly#t=${TOKEN}`);
    await waitFor(() => expect(box('Thanh Sơn').checked).toBe(true));
    const save = screen.getByRole('button', { name: 'Lưu thay đổi' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fireEvent.click(box('Nam Sơn'));
    fireEvent.click(box('Khác'));
    fireEvent.click(save);
    expect(await screen.findByText('Đã lưu thay đổi.')).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, 'PUT', URL_OF)[0]?.[1]?.body))).toEqual({
      communes: ['06973', '06976'],
      kinds: ['flood', 'flash_flood', 'landslide', 'heavy_rain', 'inundation'],
      language: 'vi',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Bỏ nhận cảnh báo qua Thư điện tử' }));
    expect(await screen.findByText('Đã bỏ nhận cảnh báo qua Thư điện tử.')).toBeTruthy();
    expect(screen.queryByTestId('subscription-channel-email')).toBeNull();
    // The last channel is not removed alone: 'Huỷ đăng ký' ends the subscription.
    expect(screen.queryByRole('button', { name: /^Bỏ nhận cảnh báo qua/ })).toBeNull();
  });

  it("unsubscribes after the question: everything deleted, the stored token too; 'no' keeps it", async () => {
    const fetchMock = serve();
    localStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    renderAt(`/dang-ky-canh-bao/quan-ly#t=${TOKEN}`);
    await waitFor(() => expect(box('Thanh Sơn').checked).toBe(true));
    const unsubscribe = screen.getByRole('button', { name: 'Huỷ đăng ký' });

    fireEvent.click(unsubscribe);
    let dialog = screen.getByRole('alertdialog', { name: 'Huỷ đăng ký nhận cảnh báo?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Không, giữ đăng ký' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Không, giữ đăng ký' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(unsubscribe);
    expect(calls(fetchMock, 'DELETE', URL_OF)).toHaveLength(0);

    fireEvent.click(unsubscribe);
    dialog = screen.getByRole('alertdialog', { name: 'Huỷ đăng ký nhận cảnh báo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Có, huỷ đăng ký' }));
    expect(await screen.findByText('Bạn đã huỷ đăng ký. Thông tin liên lạc của bạn đã được xoá.')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', URL_OF)).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Đăng ký nhận cảnh báo' }).getAttribute('href')).toBe('/dang-ky-canh-bao');
  });

  it('finds the token this browser keeps when the link has none', async () => {
    serve();
    localStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    renderAt('/dang-ky-canh-bao/quan-ly');
    await waitFor(() => expect(box('Thanh Sơn').checked).toBe(true));
  });

  it('says plainly that an unknown token has no subscription, with a link to sign up again', async () => {
    serve();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok.old');
    renderAt('/dang-ky-canh-bao/quan-ly');
    expect(
      await screen.findByText('Không tìm thấy đăng ký. Có thể bạn đã huỷ đăng ký, hoặc liên kết không đúng.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Đăng ký nhận cảnh báo' }).getAttribute('href')).toBe('/dang-ky-canh-bao');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('without any token, says how to reach a subscription', async () => {
    const fetchMock = serve();
    renderAt('/dang-ky-canh-bao/quan-ly');
    expect(await screen.findByText(/Trình duyệt này chưa có đăng ký nào/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/subscriptions'))).toHaveLength(0);
  });

  it('asks for the phone code there when the phone still waits for it', async () => {
    mockFetch((url) =>
      url === URL_OF
        ? jsonResponse(200, subscriptionView())
        : url === `${URL_OF}/confirm-phone`
          ? jsonResponse(
              200,
              subscriptionView({ channels: [{ channel: 'sms', address: '0912***678', confirmed: true }] }),
            )
          : url === '/api/communes'
            ? jsonResponse(200, COMMUNES)
            : jsonResponse(404, errorBody('NOT_FOUND', 'x')),
    );
    renderAt(`/dang-ky-canh-bao/quan-ly#t=${TOKEN}`);
    expect(await screen.findByLabelText('Mã xác nhận')).toBeTruthy();
    // Not just sent: a new code may be asked for at once.
    expect((screen.getByRole('button', { name: 'Gửi lại mã' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Mã xác nhận'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Đã xác nhận số điện thoại.')).toBeTruthy();
    expect(screen.queryByLabelText('Mã xác nhận')).toBeNull();
    expect(within(screen.getByTestId('subscription-channel-sms')).getByText('Đã xác nhận')).toBeTruthy();
  });
});

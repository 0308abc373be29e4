import {
  SUBSCRIPTION_NO_CHANNEL,
  SUBSCRIPTION_PHONE_REQUIRED,
  SUBSCRIPTION_ZALO_CONSENT,
  type SubscriptionView,
} from '@flood/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signOut } from '../../../test/fixtures';
import { TOKEN_STORAGE_KEY } from '../model/token-store';
import { COMMUNES, errorBody, renderAt, subscribeResult, subscriptionView } from '../subscriptions.fixtures';

// The real widget runs proof-of-work in workers; here the element stays inert and the test drives its events.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/vi', () => ({}));

const group = (name: string) => screen.getByRole('group', { name });
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Đăng ký' }));

async function verifyHuman(payload = 'altcha-payload-1') {
  const widget = await waitFor(() => {
    const found = document.querySelector('altcha-widget');
    if (!(found instanceof HTMLElement)) throw new Error('altcha-widget not rendered');
    return found;
  });
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** The API: the communes, no app info, and what the test answers; anything else is a 404. */
function serve(handler: Handler = () => undefined) {
  return mockFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/communes') return jsonResponse(200, COMMUNES);
    return jsonResponse(404, errorBody('NOT_FOUND', 'Không tìm thấy'));
  });
}
const posts = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST');

async function openPage() {
  renderAt('/dang-ky-canh-bao');
  await screen.findByRole('checkbox', { name: 'Thanh Sơn' });
}

describe('the sign-up page (/dang-ky-canh-bao)', () => {
  beforeEach(() => signOut());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('is titled, lists the communes and the kinds (all chosen), and the channels the browser can use', async () => {
    serve();
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Đăng ký nhận cảnh báo' })).toBeTruthy();
    expect(document.title).toBe('Đăng ký nhận cảnh báo – Cảnh báo lũ');
    expect(
      within(group('Xã nhận cảnh báo'))
        .getAllByRole('checkbox')
        .map((b) => b.getAttribute('value')),
    ).toEqual(['06973', '06976']);
    const kinds = within(group('Loại cảnh báo')).getAllByRole('checkbox') as HTMLInputElement[];
    expect(kinds.map((k) => k.labels?.[0]?.textContent)).toEqual([
      'Lũ',
      'Lũ quét',
      'Sạt lở đất',
      'Mưa lớn',
      'Ngập lụt',
      'Khác',
    ]);
    expect(kinds.every((k) => k.checked)).toBe(true);
    // jsdom has no Push API: the browser notification is not offered, and the page says why.
    const channels = group('Cách nhận cảnh báo');
    expect(
      within(channels)
        .getAllByRole('checkbox')
        .map((b) => (b as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Tin nhắn SMS', 'Thư điện tử', 'Zalo']);
    expect(within(channels).getByText(/Trình duyệt này không nhận được thông báo/)).toBeTruthy();
    expect(
      screen.getByText(
        'Chúng tôi chỉ dùng số điện thoại và thư điện tử của bạn để gửi cảnh báo; bạn có thể huỷ bất cứ lúc nào.',
      ),
    ).toBeTruthy();
    expect(await screen.findByTestId('subscribe-map')).toBeTruthy();
  });

  it("on a unit's pages (/xa/{code}/…) that unit's commune is chosen already, and the title names it", async () => {
    serve();
    renderAt('/xa/06973/dang-ky-canh-bao');
    const box = (await screen.findByRole('checkbox', { name: 'Thanh Sơn' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Nam Sơn' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(document.title).toBe('Đăng ký nhận cảnh báo – Xã Thanh Sơn – Cảnh báo lũ'));
  });

  it('checks the form before sending: a channel, a phone for SMS, the consent for Zalo, the human check', async () => {
    const fetchMock = serve();
    await openPage();
    fireEvent.click(box('Thanh Sơn'));
    submit();
    expect(await within(group('Cách nhận cảnh báo')).findByText(SUBSCRIPTION_NO_CHANNEL)).toBeTruthy();
    expect(within(group('Xác minh bạn không phải người máy')).getByText(/Hãy bấm vào ô xác minh/)).toBeTruthy();
    expect(within(group('Xã nhận cảnh báo')).queryByTestId('subscribe-communes-error')).toBeNull();
    // The first field with a message gets the focus.
    await waitFor(() => expect(document.activeElement).toBe(box('Tin nhắn SMS')));

    fireEvent.click(box('Tin nhắn SMS'));
    expect(within(group('Cách nhận cảnh báo')).queryByText(SUBSCRIPTION_NO_CHANNEL)).toBeNull();
    const phone = screen.getByLabelText('Số điện thoại') as HTMLInputElement;
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-phone-error').textContent).toBe(SUBSCRIPTION_PHONE_REQUIRED),
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain('subscribe-phone-error');

    fireEvent.change(phone, { target: { value: '0912 345 678' } });
    fireEvent.click(box('Zalo'));
    await verifyHuman();
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-zalo-consent-error').textContent).toBe(SUBSCRIPTION_ZALO_CONSENT),
    );
    expect(box('Tôi đồng ý nhận tin cảnh báo qua Zalo từ Cổng cảnh báo lũ Ba Chẽ').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.queryByTestId('subscribe-phone-error')).toBeNull();
    expect(posts(fetchMock, '/api/subscriptions')).toHaveLength(0);
    // Nothing typed was lost.
    expect(phone.value).toBe('0912 345 678');
  });

  it('sends the sign-up, keeps the token and asks for the code sent by SMS; the code confirms the phone', async () => {
    let confirmed: SubscriptionView | null = null;
    const fetchMock = serve((url, init) => {
      if (url === '/api/subscriptions' && init?.method === 'POST') return jsonResponse(201, subscribeResult());
      if (url === '/api/subscriptions/tok.manage-1/confirm-phone') {
        const { code } = JSON.parse(String(init?.body));
        if (code !== '123456')
          return jsonResponse(400, errorBody('INVALID_CODE', 'Mã xác thực không đúng hoặc đã hết hạn'));
        confirmed = subscriptionView({ channels: [{ channel: 'sms', address: '0912***678', confirmed: true }] });
        return jsonResponse(200, confirmed);
      }
      return undefined;
    });
    await openPage();
    fireEvent.click(box('Thanh Sơn'));
    fireEvent.click(box('Mưa lớn')); // leaves heavy rain out
    fireEvent.click(box('Tin nhắn SMS'));
    fireEvent.change(screen.getByLabelText('Số điện thoại'), { target: { value: '0912345678' } });
    await verifyHuman('payload-9');
    submit();

    const code = (await screen.findByLabelText('Mã xác nhận')) as HTMLInputElement;
    const [, init] = posts(fetchMock, '/api/subscriptions')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      communes: ['06973'],
      kinds: ['flood', 'flash_flood', 'landslide', 'inundation', 'other'],
      language: 'vi',
      channels: ['sms'],
      phone: '0912345678',
      email: null,
      push: null,
      zaloConsent: false,
      altcha: 'payload-9',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok.manage-1');
    expect(screen.getByText(/Chúng tôi đã gửi mã 6 chữ số qua SMS tới 0912\*\*\*678/)).toBeTruthy();
    // The code was just sent: a new one only after the resend interval.
    const resend = screen.getByRole('button', { name: /^Gửi lại mã/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/^Gửi lại mã sau (60|59) giây$/);
    expect(within(screen.getByTestId('subscription-channel-sms')).getByText('Chờ xác nhận')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quản lý đăng ký' }).getAttribute('href')).toBe(
      '/dang-ky-canh-bao/quan-ly#t=tok.manage-1',
    );

    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect((await screen.findByTestId('phone-code-error')).textContent).toBe('Mã xác nhận gồm 6 chữ số');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() =>
      expect(screen.getByTestId('phone-code-error').textContent).toBe('Mã xác thực không đúng hoặc đã hết hạn'),
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Đã xác nhận số điện thoại.')).toBeTruthy();
    expect(confirmed).not.toBeNull();
    expect(screen.queryByLabelText('Mã xác nhận')).toBeNull();
    expect(within(screen.getByTestId('subscription-channel-sms')).getByText('Đã xác nhận')).toBeTruthy();
  });

  it('waits as long as a 429 says before another code', async () => {
    serve((url) => {
      if (url === '/api/subscriptions') return jsonResponse(201, subscribeResult());
      if (url === '/api/subscriptions/tok.manage-1/phone-code')
        return jsonResponse(429, errorBody('RATE_LIMITED', 'Vui lòng đợi 42 giây trước khi yêu cầu mã mới.'));
      return undefined;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      await openPage();
      fireEvent.click(box('Thanh Sơn'));
      fireEvent.click(box('Tin nhắn SMS'));
      fireEvent.change(screen.getByLabelText('Số điện thoại'), { target: { value: '0912345678' } });
      await verifyHuman();
      submit();
      const resend = (await screen.findByRole('button', { name: /^Gửi lại mã/ })) as HTMLButtonElement;
      act(() => vi.advanceTimersByTime(61_000));
      await waitFor(() => expect(resend.disabled).toBe(false));
      expect(resend.textContent).toBe('Gửi lại mã');
      fireEvent.click(resend);
      expect(await screen.findByText('Vui lòng đợi 42 giây trước khi yêu cầu mã mới.')).toBeTruthy();
      await waitFor(() => expect(resend.textContent).toMatch(/^Gửi lại mã sau (42|41) giây$/));
      expect(resend.disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts the server's field messages on their fields and keeps what was typed; a new human check is needed", async () => {
    const fetchMock = serve((url) =>
      url === '/api/subscriptions'
        ? jsonResponse(
            400,
            errorBody('VALIDATION_FAILED', 'Dữ liệu không hợp lệ', [
              { field: 'email', message: 'Địa chỉ thư điện tử này không nhận được thư' },
            ]),
          )
        : undefined,
    );
    await openPage();
    fireEvent.click(box('Nam Sơn'));
    fireEvent.click(box('Thư điện tử'));
    const email = screen.getByLabelText('Địa chỉ thư điện tử') as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'hoa@example.vn' } });
    await verifyHuman();
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-email-error').textContent).toBe(
        'Địa chỉ thư điện tử này không nhận được thư',
      ),
    );
    expect(posts(fetchMock, '/api/subscriptions')).toHaveLength(1);
    expect(email.value).toBe('hoa@example.vn');
    expect(box('Nam Sơn').checked).toBe(true);
    expect(box('Thư điện tử').checked).toBe(true);
    // The payload was used: the next try asks for the check again.
    submit();
    expect(await screen.findByText(/Hãy bấm vào ô xác minh/)).toBeTruthy();
    expect(posts(fetchMock, '/api/subscriptions')).toHaveLength(1);
  });

  it("says a 429's message, and says where the e-mail's link went", async () => {
    let calls = 0;
    serve((url) => {
      if (url !== '/api/subscriptions') return undefined;
      calls += 1;
      return calls === 1
        ? jsonResponse(429, errorBody('RATE_LIMITED', 'Bạn đăng ký quá nhiều lần, vui lòng thử lại sau 5 phút.'))
        : jsonResponse(
            201,
            subscribeResult({
              phonePending: false,
              emailPending: true,
              subscription: subscriptionView({
                channels: [{ channel: 'email', address: 'h***@example.vn', confirmed: false }],
              }),
            }),
          );
    });
    await openPage();
    fireEvent.click(box('Thanh Sơn'));
    fireEvent.click(box('Thư điện tử'));
    fireEvent.change(screen.getByLabelText('Địa chỉ thư điện tử'), { target: { value: 'hoa@example.vn' } });
    await verifyHuman('p1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bạn đăng ký quá nhiều lần, vui lòng thử lại sau 5 phút.',
    );
    await verifyHuman('p2');
    submit();
    expect(
      await screen.findByText('Chúng tôi đã gửi thư xác nhận tới hoa@example.vn; mở thư và bấm vào liên kết'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Mã xác nhận')).toBeNull();
    expect(within(screen.getByTestId('subscription-channel-email')).getByText('Chờ xác nhận')).toBeTruthy();
  });

  it("chooses the commune that holds the phone's position with 'Vị trí của tôi'", async () => {
    serve();
    let position: [number, number] = [107.3, 21.27]; // [lon, lat] in Nam Sơn
    let refuse = false;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          refuse
            ? fail({ code: 1, message: 'denied' } as GeolocationPositionError)
            : ok({ coords: { longitude: position[0], latitude: position[1] } } as GeolocationPosition),
      },
    });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Vị trí của tôi' }));
    await waitFor(() => expect(box('Nam Sơn').checked).toBe(true));
    expect(box('Thanh Sơn').checked).toBe(false);
    expect(screen.getByTestId('subscribe-locate-status').textContent).toBe('Đã chọn xã Nam Sơn, nơi bạn đang ở.');

    position = [106.5, 21.0]; // outside the district
    fireEvent.click(screen.getByRole('button', { name: 'Vị trí của tôi' }));
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-locate-status').textContent).toBe(
        'Vị trí của bạn không thuộc huyện Ba Chẽ. Hãy chọn xã trong danh sách.',
      ),
    );
    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Vị trí của tôi' }));
    await waitFor(() =>
      expect(screen.getByTestId('subscribe-locate-status').textContent).toBe(
        'Trang chưa được phép dùng vị trí của bạn. Hãy chọn xã trong danh sách.',
      ),
    );
    expect(box('Nam Sơn').checked).toBe(true);
  });

  describe('with the Push API (a browser notification)', () => {
    const KEY = 'B'.repeat(87); // a P-256 public key's 65 bytes in base64url
    const PUSH = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      keys: { p256dh: 'A'.repeat(87), auth: 'C'.repeat(22) },
    };
    let permission: NotificationPermission;
    const subscribeSpy = vi.fn(async (_options: PushSubscriptionOptionsInit) => ({ toJSON: () => PUSH }));
    const registerSpy = vi.fn(async (_url: string, _options: RegistrationOptions) => ({}));

    beforeEach(() => {
      permission = 'granted';
      subscribeSpy.mockClear();
      registerSpy.mockClear();
      vi.stubGlobal('PushManager', class {});
      vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: {
          register: registerSpy,
          ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe: subscribeSpy } }),
        },
      });
    });
    afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

    async function choosePush() {
      await openPage();
      fireEvent.click(box('Thanh Sơn'));
      fireEvent.click(box('Thông báo trên trình duyệt'));
      expect(screen.getByText(/hãy chọn “Cho phép”/)).toBeTruthy();
      await verifyHuman();
    }

    it('registers the service worker, subscribes with the portal key and sends the subscription', async () => {
      const fetchMock = serve((url) => {
        if (url === '/api/push/public-key') return jsonResponse(200, { publicKey: KEY });
        if (url === '/api/subscriptions')
          return jsonResponse(
            201,
            subscribeResult({
              phonePending: false,
              subscription: subscriptionView({
                channels: [{ channel: 'push', address: 'fcm.googleapis.com/…', confirmed: true }],
              }),
            }),
          );
        return undefined;
      });
      await choosePush();
      submit();
      expect(await screen.findByText('Đã ghi nhận đăng ký của bạn')).toBeTruthy();
      expect(registerSpy).toHaveBeenCalledWith('/sw.js', { scope: '/' });
      const options = subscribeSpy.mock.calls[0]![0];
      expect(options.userVisibleOnly).toBe(true);
      expect((options.applicationServerKey as Uint8Array).length).toBe(65);
      const [, init] = posts(fetchMock, '/api/subscriptions')[0]!;
      expect(JSON.parse(String(init?.body))).toMatchObject({
        channels: ['push'],
        push: PUSH,
        phone: null,
        email: null,
      });
      expect(within(screen.getByTestId('subscription-channel-push')).getByText('Đã xác nhận')).toBeTruthy();
    });

    it('says so on the push box when the notifications are refused, and sends nothing', async () => {
      permission = 'denied';
      const fetchMock = serve();
      await choosePush();
      submit();
      await waitFor(() =>
        expect(screen.getByTestId('subscribe-channels-push-note').textContent).toMatch(
          /^Trình duyệt đã chặn thông báo của trang này/,
        ),
      );
      expect(box('Thông báo trên trình duyệt').getAttribute('aria-invalid')).toBe('true');
      expect(subscribeSpy).not.toHaveBeenCalled();
      expect(posts(fetchMock, '/api/subscriptions')).toHaveLength(0);
    });
  });

  it('toggles a commune with a click on the map', async () => {
    serve();
    await openPage();
    const shape = await waitFor(() => {
      const found = document.querySelector('[data-testid="subscribe-map-06976"]');
      if (!found) throw new Error('no shape');
      return found;
    });
    fireEvent.click(shape);
    await waitFor(() => expect(box('Nam Sơn').checked).toBe(true));
    fireEvent.click(shape);
    await waitFor(() => expect(box('Nam Sơn').checked).toBe(false));
  });
});

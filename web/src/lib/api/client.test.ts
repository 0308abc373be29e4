import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, loginResponse, mockFetch, signIn, signOut } from '../../test/fixtures';
import { getSession } from '../session/session-store';
import { ApiError, api, errorToastKey, registerApiHooks } from './client';

const errorBody = (code: string, message: string, extra: object = {}) => ({
  code,
  message,
  requestId: 'r-1',
  ...extra,
});

describe('api client', () => {
  const navigate = vi.fn();
  const toastError = vi.fn();

  beforeEach(() => {
    signOut();
    navigate.mockReset();
    toastError.mockReset();
    registerApiHooks({ navigate, toastError });
  });

  afterEach(() => {
    registerApiHooks(null);
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token and returns the parsed body', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse(200, { ok: true }));
    await expect(api.put('/user-password', { oldPassword: 'a', newPassword: 'b' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user-password');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"oldPassword":"a","newPassword":"b"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no Authorization header when anonymous', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    await api.get('/health');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends a public read without the token, with its cache mode, even when signed in', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse(200, []));
    await expect(api.get('/water?type=rain', { anonymous: true, cache: 'no-cache' })).resolves.toEqual([]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/water?type=rain');
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    expect(init?.cache).toBe('no-cache');
    // Without the options: the token, and the browser's default cache mode.
    await api.get('/water?type=rain');
    const [, plain] = fetchMock.mock.calls[1]!;
    expect((plain!.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect(plain).not.toHaveProperty('cache');
  });

  it('passes the abort signal on and rethrows an abort as it is, with no global handling', async () => {
    const fetchMock = mockFetch(
      (_path, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = api.get('/search?q=a', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await call;
    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(controller.signal);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('on 401 clears the session and navigates to /home, without a toast', async () => {
    signIn();
    mockFetch(() => jsonResponse(401, errorBody('UNAUTHENTICATED', 'Phiên đăng nhập đã hết hạn')));
    const error = await api.get('/user/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('UNAUTHENTICATED');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('flood.currentUser')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('on 403 reloads the user from /api/user-info and navigates to /home', async () => {
    signIn(['system', 'user']);
    const reduced = { ...loginResponse().userDetail, functions: ['system'] };
    const fetchMock = mockFetch((path) =>
      path === '/api/user-info'
        ? jsonResponse(200, reduced)
        : jsonResponse(403, errorBody('FORBIDDEN', 'Không có quyền')),
    );
    await expect(api.get('/user/groups')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/user/groups', '/api/user-info']);
    expect(getSession()?.userDetail.functions).toEqual(['system']);
    expect(getSession()?.token).toBe('tok-123');
    expect(navigate).toHaveBeenCalledWith('/home');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts any other error once, carrying the parsed error body', async () => {
    mockFetch(() => jsonResponse(500, errorBody('INTERNAL', 'Xảy ra lỗi, vui lòng thử lại!')));
    await expect(api.get('/news')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0]![0]).toMatchObject({ status: 500, body: { code: 'INTERNAL', requestId: 'r-1' } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says a database outage (503 UNAVAILABLE) passes; other failures get the generic toast', async () => {
    mockFetch(() => jsonResponse(503, errorBody('UNAVAILABLE', 'Hệ thống tạm thời không kết nối được cơ sở dữ liệu')));
    const outage = (await api.get('/news').catch((e: unknown) => e)) as ApiError;
    expect(toastError).toHaveBeenCalledWith(outage);
    expect(errorToastKey(outage)).toBe('errors.unavailable');
    expect(errorToastKey(new ApiError(500, errorBody('INTERNAL', 'x') as never))).toBe('errors.generic');
    expect(errorToastKey(new ApiError(0, errorBody('INTERNAL', 'x') as never))).toBe('errors.generic');
    // A balancer's own 503 page (no JSON body) is the same outage.
    mockFetch(() => new Response('<html>503 Service Unavailable</html>', { status: 503 }));
    const balancer = (await api.get('/news').catch((e: unknown) => e)) as ApiError;
    expect(balancer.code).toBe('UNAVAILABLE');
  });

  it('keeps the field errors of a 400 VALIDATION_FAILED', async () => {
    const fields = [{ field: 'phone', message: 'Số điện thoại không hợp lệ' }];
    mockFetch(() => jsonResponse(400, errorBody('VALIDATION_FAILED', 'Dữ liệu không hợp lệ', { fields })));
    const error = (await api.put('/user-profile', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.body.fields).toEqual(fields);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('lets a call opt out of the toast (no-toast) or of all global handling (none)', async () => {
    signIn();
    mockFetch(() => jsonResponse(400, errorBody('WRONG_PASSWORD', 'Mật khẩu cũ không đúng')));
    await expect(api.put('/user-password', {}, { errorHandling: 'no-toast' })).rejects.toMatchObject({
      body: { code: 'WRONG_PASSWORD', message: 'Mật khẩu cũ không đúng' },
    });
    expect(toastError).not.toHaveBeenCalled();

    mockFetch(() => jsonResponse(401, errorBody('LOGIN_FAILED', 'Đăng nhập thất bại')));
    await expect(api.post('/user-login', {}, { errorHandling: 'none' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('turns a non-JSON failure and a network failure into ApiError with a fallback body', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 502, body: { code: 'INTERNAL' } });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, body: { code: 'INTERNAL' } });
    expect(toastError).toHaveBeenCalledTimes(2);
  });
});

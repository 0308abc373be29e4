import { ERROR_MESSAGES, type ErrorBody, ErrorBodySchema, type ErrorCode, UserDetailSchema } from '@flood/domain';
import { noteAnswer } from '../offline/offline-state';
import { clearSession, getToken, updateUserDetail } from '../session/session-store';

export const API_PREFIX = '/api';

/** A failed call: the HTTP status (0 = network failure) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): ErrorBody['code'] {
    return this.body.code;
  }
}

/**
 * How a failure is handled globally:
 * - `global` (default): 401 signs out and goes home, 403 reloads the user and goes home, anything else toasts.
 * - `no-toast`: as `global` but without the generic toast; the caller shows its own message or field errors.
 * - `none`: nothing global at all (the sign-in form, the background user refresh).
 */
export type ErrorHandling = 'global' | 'no-toast' | 'none';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  errorHandling?: ErrorHandling;
  signal?: AbortSignal;
  /**
   * A public read that sends no bearer token even when someone is signed in (the map's reads: the same request,
   * and the same HTTP cache entry, for every visitor).
   */
  anonymous?: boolean;
  /** The browser HTTP cache mode of the request (`no-cache` revalidates with the server); the browser's default when unset. */
  cache?: RequestCache;
}

/** What the app plugs in (router navigation and toasts live in React). */
export interface ApiHooks {
  navigate: (to: string) => void;
  toastError: (error: ApiError) => void;
}

let hooks: ApiHooks | null = null;

export function registerApiHooks(next: ApiHooks | null): void {
  hooks = next;
}

function fallbackBody(status: number): ErrorBody {
  // A 503 without our body comes from a balancer or proxy with no process to answer: an outage that passes too.
  const code: ErrorCode =
    status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
  return { code, message: ERROR_MESSAGES[code], requestId: '' };
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function reloadUser(): Promise<void> {
  try {
    const detail = UserDetailSchema.parse(await apiRequest('/user-info', { errorHandling: 'none' }));
    updateUserDetail(detail);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearSession();
  }
}

async function handleGlobally(error: ApiError, mode: ErrorHandling): Promise<void> {
  if (mode === 'none') return;
  if (error.status === 401) {
    // Several calls in flight with the same dead token fail together: only the first one signs out and
    // navigates, the others find the session already cleared.
    const hadSession = Boolean(getToken());
    clearSession();
    if (hadSession) hooks?.navigate('/home');
    return;
  }
  if (error.status === 403) {
    await reloadUser();
    hooks?.navigate('/home');
    return;
  }
  // Offline (#25) the page says so once ('đang mất kết nối'), not with a toast per failed call.
  if (error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (mode === 'global') hooks?.toastError(error);
}

/**
 * The message key of the global failure toast: a database outage (503 UNAVAILABLE) says that it passes and to
 * try again; every other failure is the generic 'Xảy ra lỗi, vui lòng thử lại!'.
 */
export function errorToastKey(error: ApiError): 'errors.unavailable' | 'errors.generic' {
  return error.code === 'UNAVAILABLE' ? 'errors.unavailable' : 'errors.generic';
}

/** JSON fetch against the portal API with the bearer token; throws `ApiError` on failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, errorHandling = 'global', signal, anonymous = false, cache } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(cache === undefined ? {} : { cache }),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const error = new ApiError(0, fallbackBody(0));
    await handleGlobally(error, errorHandling);
    throw error;
  }

  // Offline, the service worker answers the public reads with its copies (#25): the pages say so.
  if (method === 'GET') noteAnswer(path, response);
  const data = await parseJson(response);
  if (response.ok) return data as T;

  const parsed = ErrorBodySchema.safeParse(data);
  const error = new ApiError(response.status, parsed.success ? parsed.data : fallbackBody(response.status));
  await handleGlobally(error, errorHandling);
  throw error;
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

export interface RawRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as is (FormData for uploads). */
  body?: BodyInit;
  errorHandling?: ErrorHandling;
  signal?: AbortSignal;
}

/**
 * A call whose body is not JSON (a file upload, a file download), with the bearer token. Returns the
 * response when it is OK; otherwise throws `ApiError` and handles it globally exactly as `apiRequest`.
 */
export async function apiRaw(path: string, options: RawRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, errorHandling = 'global', signal } = options;
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, { method, headers, body, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const error = new ApiError(0, fallbackBody(0));
    await handleGlobally(error, errorHandling);
    throw error;
  }
  if (response.ok) return response;
  const parsed = ErrorBodySchema.safeParse(await parseJson(response));
  const error = new ApiError(response.status, parsed.success ? parsed.data : fallbackBody(response.status));
  await handleGlobally(error, errorHandling);
  throw error;
}

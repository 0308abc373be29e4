import type { LoginResponse, Permission } from '@flood/domain';
import { vi } from 'vitest';
import { reloadSessionFromStorage, SESSION_STORAGE_KEY } from '../lib/session/session-store';

export function loginResponse(functions: Permission[] = ['system'], verified = true): LoginResponse {
  return {
    token: 'tok-123',
    id: 7,
    expiresAt: '2099-01-01T00:00:00.000Z',
    userDetail: {
      id: 7,
      name: 'Nguyễn Văn An',
      email: 'an@bache.gov.vn',
      phone: '0912345678',
      verified,
      groupId: 1,
      functions,
    },
  };
}

/** Puts a signed-in user in local storage as the app would, and reloads the store from it. */
export function signIn(functions: Permission[] = ['system'], verified = true, system = false): LoginResponse {
  const base = loginResponse(functions, verified);
  const login = system ? { ...base, userDetail: { ...base.userDetail, system: true } } : base;
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...login, selectedView: null }));
  reloadSessionFromStorage();
  return login;
}

/** Signs in an account limited to some units (#26: a commune officer). */
export function signInScoped(functions: Permission[], units: string[]): LoginResponse {
  const base = loginResponse(functions, true);
  const login = { ...base, userDetail: { ...base.userDetail, units } };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...login, selectedView: null }));
  reloadSessionFromStorage();
  return login;
}

export function signOut(): void {
  localStorage.clear();
  reloadSessionFromStorage();
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch; the handler answers by path. */
export function mockFetch(handler: (path: string, init: RequestInit | undefined) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fn);
  return fn;
}

import type { Alert, LoginResponse, Permission, StationReading } from '@flood/domain';
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

/** A station's latest reading (`GET /api/water`), no value yet: tests give what they look at. */
export const testReading = (over: Partial<StationReading> = {}): StationReading => ({
  stationId: 1,
  stationCode: 'F00001',
  stationName: 'Trạm',
  kind: 'rain',
  lat: 21.27,
  long: 107.29,
  value: null,
  observedAt: '2026-06-01T01:30:00.000Z',
  date: '01/06/2026',
  hour: '08',
  status: 'none',
  statusLabel: 'Không mưa',
  disconnected: false,
  warningLevel1: null,
  warningLevel2: null,
  warningLevel3: null,
  quality: null,
  ...over,
});

/** An open water-level alert of station `F0102{id}` at `level` (`GET /api/alerts/active`). */
export const testAlert = (id: number, level: number, over: Partial<Alert> = {}): Alert => ({
  id,
  kind: 'WATER_LEVEL',
  stationId: id,
  stationCode: `F0102${id}`,
  stationName: `Trạm ${id}`,
  stationKind: 'water',
  level,
  value: 60,
  peakValue: 60,
  trend: 'steady',
  positionText: 'Đối diện Trung tâm Y tế huyện',
  lat: 21.27,
  long: 107.29,
  message: 'x',
  since: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  clearedAt: null,
  confirmed: true,
  acknowledgedAt: null,
  acknowledgedBy: null,
  ackNote: null,
  escalations: 0,
  cancelledAt: null,
  cancelReason: null,
  ...over,
});

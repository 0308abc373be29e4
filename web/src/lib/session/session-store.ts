import { type LoginResponse, LoginResponseSchema, type UserDetail, type ViewKey, ViewKeySchema } from '@flood/domain';
import { useSyncExternalStore } from 'react';

/** Local-storage key of the signed-in user (spec §3). */
export const SESSION_STORAGE_KEY = 'flood.currentUser';

/** What the browser keeps about the current user. */
export interface StoredUser extends LoginResponse {
  selectedView: ViewKey | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: StoredUser | null = read();

function read(): StoredUser | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const json: unknown = JSON.parse(raw);
    const parsed = LoginResponseSchema.safeParse(json);
    if (!parsed.success) return null;
    const view = ViewKeySchema.safeParse((json as { selectedView?: unknown }).selectedView);
    return { ...parsed.data, selectedView: view.success ? view.data : null };
  } catch {
    return null;
  }
}

function write(next: StoredUser | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable: keep the session in memory only
  }
  for (const listener of listeners) listener();
}

export function getSession(): StoredUser | null {
  return current;
}

/** Authenticated means the stored user has an id (spec §3). */
export function isAuthenticated(session: StoredUser | null = current): session is StoredUser {
  return typeof session?.id === 'number';
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function startSession(login: LoginResponse): void {
  write({ ...login, selectedView: null });
}

export function updateUserDetail(userDetail: UserDetail): void {
  if (!current) return;
  write({ ...current, userDetail });
}

export function setSelectedView(selectedView: ViewKey | null): void {
  if (!current) return;
  write({ ...current, selectedView });
}

export function clearSession(): void {
  if (current === null) return;
  write(null);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads local storage (another tab signed in or out). */
export function reloadSessionFromStorage(): void {
  current = read();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) reloadSessionFromStorage();
  });
}

/** The current user; re-renders on sign-in, sign-out and profile changes. */
export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

import { DEFAULT_TIME_ZONE, wallClock } from '@flood/domain';
import { useSyncExternalStore } from 'react';

/**
 * What the public pages say about the portal offline (#25, point 2): whether they show copies the service worker
 * kept (web/public/sw.js answers a read it could not fetch with its copy, marked `x-sw-cache: <when fetched>`), and
 * whether a new version of the app has taken over the page.
 */

/** The header of a read answered from the service worker's copy: when that copy was fetched (ISO 8601). */
export const CACHED_AT_HEADER = 'x-sw-cache';

/**
 * The reads whose copy means the page shows old data: the latest readings and the warnings in force. The layers
 * and lists are kept too, but they change rarely and are not refetched often, so they would keep the banner up.
 */
const WATCHED = [/^\/water(\?|$)/, /^\/alerts\/active$/, /^\/warnings\/active$/];

export interface OfflineState {
  /** When the oldest copy on show was fetched (ms), or null when every watched read came from the network. */
  cachedAt: number | null;
  /** A new version of the service worker took over this page: the page should be reloaded. */
  updateReady: boolean;
}

const copies = new Map<string, number>();
let state: OfflineState = { cachedAt: null, updateReady: false };
const listeners = new Set<() => void>();

function publish(next: OfflineState): void {
  if (next.cachedAt === state.cachedAt && next.updateReady === state.updateReady) return;
  state = next;
  for (const l of listeners) l();
}

function oldestCopy(): number | null {
  let oldest: number | null = null;
  for (const at of copies.values()) if (oldest === null || at < oldest) oldest = at;
  return oldest;
}

/**
 * Notes where a read's answer came from (the API client calls it for every answer): a copy of a watched read
 * counts until the same read comes from the network.
 */
export function noteAnswer(path: string, response: { headers: { get(name: string): string | null } }): void {
  if (!WATCHED.some((r) => r.test(path))) return;
  const header = response.headers.get(CACHED_AT_HEADER);
  const at = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(at)) copies.set(path, at);
  else copies.delete(path);
  publish({ ...state, cachedAt: oldestCopy() });
}

/** A new version of the app took over the page. */
export function noteUpdateReady(): void {
  publish({ ...state, updateReady: true });
}

/** Back to the start (tests). */
export function resetOfflineState(): void {
  copies.clear();
  publish({ cachedAt: null, updateReady: false });
}

export function getOfflineState(): OfflineState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribe, getOfflineState, getOfflineState);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm DD/MM' of an instant on the district's clock (the banner's 'Dữ liệu lúc 14:05 26/11'). */
export function cachedAtText(at: number): string {
  const w = wallClock(new Date(at), DEFAULT_TIME_ZONE);
  return `${pad2(w.hour)}:${pad2(w.minute)} ${pad2(w.day)}/${pad2(w.month)}`;
}

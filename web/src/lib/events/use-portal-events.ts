import { PUBLIC_EVENTS, type PublicEventName } from '@flood/domain';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Server-Sent Events of the portal (`GET /api/events`). */
export const EVENTS_URL = '/api/events';
/** Without a live stream the given queries are refreshed this often instead. */
export const FALLBACK_POLL_MS = 60_000;
/** Readings often arrive in bursts (an import, several loggers on the hour): refresh once per burst. */
const BURST_MS = 400;

/**
 * The stream carries the public events, from their one declaration (domain `PUBLIC_EVENTS`): `reading` a new
 * measurement, `config` new thresholds, `alert` a warning opened / escalated / cleared, `sms` a send-history row
 * changed.
 */
type Listener = (type: PublicEventName) => void;

/**
 * One EventSource for the whole page, opened by the first subscriber and closed with the last.
 * `connected` is false while the stream is down (the browser retries on its own).
 */
const stream = {
  source: null as EventSource | null,
  listeners: new Set<Listener>(),
  connected: false,
  /** The stream failed since it was opened and is not back yet (the browser is retrying). */
  down: false,
  statusListeners: new Set<() => void>(),
};

function setStatus(connected: boolean, down: boolean): void {
  if (stream.connected === connected && stream.down === down) return;
  stream.connected = connected;
  stream.down = down;
  for (const l of stream.statusListeners) l();
}

function open(): void {
  if (stream.source || typeof EventSource === 'undefined') return;
  const source = new EventSource(EVENTS_URL);
  stream.source = source;
  const emit = (type: PublicEventName) => () => {
    for (const l of stream.listeners) l(type);
  };
  for (const type of PUBLIC_EVENTS) source.addEventListener(type, emit(type));
  source.onopen = () => setStatus(true, false);
  source.onerror = () => setStatus(false, true);
}

function subscribe(listener: Listener): () => void {
  stream.listeners.add(listener);
  open();
  return () => {
    stream.listeners.delete(listener);
    if (stream.listeners.size === 0 && stream.source) {
      stream.source.close();
      stream.source = null;
      setStatus(false, false);
    }
  };
}

/** Whether the live stream is up (for tests and the fallback). */
export function portalEventsConnected(): boolean {
  return stream.connected;
}

function subscribeStatus(listener: () => void): () => void {
  stream.statusListeners.add(listener);
  return () => stream.statusListeners.delete(listener);
}

/**
 * True while the live stream has failed and is not back (pages then poll, and may say they are
 * reconnecting); false while it is up or still opening for the first time.
 */
export function usePortalEventsDown(): boolean {
  return useSyncExternalStore(
    subscribeStatus,
    () => stream.down,
    () => false,
  );
}

/** The refreshes due at the end of the current burst, by query client and key. */
const burstRefreshes = new WeakMap<QueryClient, Set<string>>();

/**
 * Refreshes a query once the burst of events is over, once however many components keep it fresh (the warnings
 * banner and the map's toasts both read the open warnings: one request per event, not one per reader).
 */
function refreshAfterBurst(queryClient: QueryClient, queryKey: QueryKey): void {
  let due = burstRefreshes.get(queryClient);
  if (!due) {
    due = new Set();
    burstRefreshes.set(queryClient, due);
  }
  const hash = JSON.stringify(queryKey);
  if (due.has(hash)) return;
  due.add(hash);
  setTimeout(() => {
    due.delete(hash);
    void queryClient.invalidateQueries({ queryKey });
  }, BURST_MS);
}

/**
 * Keeps the given queries fresh: invalidates them when the server reports one of `types` (by default a new
 * reading or new thresholds); when the stream is unavailable (or down) it polls every `pollMs` instead.
 */
export function usePortalEvents(
  queryKeys: readonly QueryKey[],
  types: readonly PublicEventName[] = ['reading', 'config'],
  pollMs: number = FALLBACK_POLL_MS,
): void {
  const queryClient = useQueryClient();
  // The latest keys without resubscribing on every render (callers pass fresh arrays).
  const keysRef = useRef(queryKeys);
  keysRef.current = queryKeys;
  const typesKey = types.join(',');

  useEffect(() => {
    const wanted = new Set(typesKey.split(','));
    const unsubscribe = subscribe((type) => {
      if (!wanted.has(type)) return;
      for (const queryKey of keysRef.current) refreshAfterBurst(queryClient, queryKey);
    });
    // Several components may keep the same query fresh (the warnings banner and the map's toasts): each
    // polls, but a query another poll (or the stream) refreshed within the period is not fetched again.
    const poll = setInterval(() => {
      if (stream.connected) return;
      const fresh = Date.now() - pollMs * 0.8;
      for (const queryKey of keysRef.current) {
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (q) =>
            q.state.fetchStatus === 'idle' && Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt) < fresh,
        });
      }
    }, pollMs);
    return () => {
      unsubscribe();
      clearInterval(poll);
    };
  }, [queryClient, typesKey, pollMs]);
}

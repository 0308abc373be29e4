import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOfflineState, resetOfflineState } from './offline-state';
import { SERVICE_WORKER_URL, startServiceWorker } from './service-worker';

function fakeHost(controller: object | null, register = vi.fn(async () => ({}))) {
  const listeners = new Map<string, () => void>();
  const host = {
    serviceWorker: {
      controller,
      register,
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    },
  } as unknown as Parameters<typeof startServiceWorker>[0];
  const loads: (() => void)[] = [];
  const win = {
    document: { readyState: 'loading' as DocumentReadyState },
    addEventListener: (_type: string, listener: () => void) => loads.push(listener),
  } as unknown as Parameters<typeof startServiceWorker>[1];
  return { host, win, register, listeners, loads };
}

describe('the service worker in the page (#25, point 2)', () => {
  afterEach(() => resetOfflineState());

  it('registers /sw.js at the root once the page has loaded', () => {
    const { host, win, register, loads } = fakeHost(null);
    startServiceWorker(host, win);
    expect(register).not.toHaveBeenCalled();
    for (const load of loads) load();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('the first worker taking over an uncontrolled page is no update; a later one is', () => {
    const { host, win, listeners } = fakeHost(null);
    startServiceWorker(host, win);
    listeners.get('controllerchange')?.();
    expect(getOfflineState().updateReady).toBe(false);
    listeners.get('controllerchange')?.();
    expect(getOfflineState().updateReady).toBe(true);
  });

  it('a page an older worker controlled is told to reload when a new one takes over', () => {
    const { host, win, listeners } = fakeHost({});
    startServiceWorker(host, win);
    listeners.get('controllerchange')?.();
    expect(getOfflineState().updateReady).toBe(true);
  });

  it('a refused registration leaves the portal working, and no service worker at all is fine', async () => {
    const { host, win, loads } = fakeHost(
      null,
      vi.fn(async () => {
        throw new Error('blocked');
      }),
    );
    startServiceWorker(host, win);
    expect(() => {
      for (const load of loads) load();
    }).not.toThrow();
    await Promise.resolve();
    expect(() => startServiceWorker(undefined, win)).not.toThrow();
  });
});

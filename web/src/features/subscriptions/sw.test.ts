// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'public', 'sw.js'),
  'utf8',
);
const ORIGIN = 'https://canhbao.bache.vn';

type Listener = (event: Record<string, unknown>) => void;

/** web/public/sw.js run against a fake `self`: its listeners, the notifications shown and the windows. */
function loadWorker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn(async (_title: string, _options: Record<string, unknown>) => {});
  const openWindow = vi.fn(async (_url: string) => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow, claim: vi.fn(async () => {}) },
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  runInNewContext(SOURCE, { self, URL });
  /** Dispatches an event and waits for what it handed to `waitUntil`. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { listeners, showNotification, openWindow, self, dispatch };
}

const jsonData = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });
const textData = (text: string) => ({
  json: () => JSON.parse(text),
  text: () => text,
});

describe('the service worker (web/public/sw.js)', () => {
  it('listens to install, activate, push and notificationclick, and to fetch and message (offline, #25)', () => {
    const { listeners } = loadWorker();
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'fetch',
      'install',
      'message',
      'notificationclick',
      'push',
    ]);
  });

  it("shows a warning's push with its text, tag, links and the 'manage' action, kept until pressed", async () => {
    const { dispatch, showNotification } = loadWorker();
    await dispatch('push', {
      data: jsonData({
        title: 'CẢNH BÁO LŨ (Báo động 2)',
        body: 'Lũ trên sông Ba Chẽ lên báo động 2',
        url: '/canh-bao/31',
        manage: 'https://canhbao.bache.vn/h/7ps.AbCd',
        tag: 'warning-31',
      }),
    });
    expect(showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = showNotification.mock.calls[0]!;
    expect(title).toBe('CẢNH BÁO LŨ (Báo động 2)');
    expect(options).toEqual({
      body: 'Lũ trên sông Ba Chẽ lên báo động 2',
      icon: '/favicon.svg',
      tag: 'warning-31',
      renotify: true,
      requireInteraction: true,
      data: { url: '/canh-bao/31', manage: 'https://canhbao.bache.vn/h/7ps.AbCd' },
      actions: [{ action: 'manage', title: 'Huỷ/đổi đăng ký' }],
    });
  });

  it("shows a payload that is not JSON as a generic 'Cảnh báo lũ Ba Chẽ' with its text", async () => {
    const { dispatch, showNotification } = loadWorker();
    await dispatch('push', { data: textData('Lu lon tai xa Thanh Son') });
    const [title, options] = showNotification.mock.calls[0]!;
    expect(title).toBe('Cảnh báo lũ Ba Chẽ');
    expect(options).toMatchObject({ body: 'Lu lon tai xa Thanh Son', requireInteraction: true });
    await dispatch('push', { data: null });
    expect(showNotification.mock.calls[1]![0]).toBe('Cảnh báo lũ Ba Chẽ');
  });

  it("opens the warning's page on a press, or focuses the window already open on it", async () => {
    const close = vi.fn();
    const notification = { close, data: { url: '/canh-bao/31', manage: '/h/7ps.AbCd' } };
    const open = loadWorker();
    await open.dispatch('notificationclick', { notification, action: '' });
    expect(close).toHaveBeenCalled();
    expect(open.openWindow).toHaveBeenCalledWith(`${ORIGIN}/canh-bao/31`);

    const focus = vi.fn(async () => null);
    const focused = loadWorker([{ url: `${ORIGIN}/canh-bao/31`, focus }]);
    await focused.dispatch('notificationclick', { notification, action: '' });
    expect(focus).toHaveBeenCalled();
    expect(focused.openWindow).not.toHaveBeenCalled();
  });

  it("opens the manage link for the 'manage' action", async () => {
    const { dispatch, openWindow } = loadWorker();
    const notification = { close: vi.fn(), data: { url: '/canh-bao/31', manage: '/h/7ps.AbCd' } };
    await dispatch('notificationclick', { notification, action: 'manage' });
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/h/7ps.AbCd`);
  });
});

import type { PushSubscriptionJson } from '@flood/domain';
import { SERVICE_WORKER_URL } from '../../../lib/offline/service-worker';

/** The service worker that shows the pushed warnings (web/public/sw.js, served from the site's root). */
export { SERVICE_WORKER_URL };

/**
 * Whether this browser can receive a push: a service worker, the Push API and notifications (an iPhone only once
 * the portal is added to its home screen; none over plain http).
 */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The person (or the browser's settings) refused the notifications. */
export class PushRefusedError extends Error {
  constructor() {
    super('Notification permission refused');
    this.name = 'PushRefusedError';
  }
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Asks for the permission; older Safari answers through a callback instead of a promise. */
function requestPermission(): Promise<NotificationPermission> {
  return new Promise((resolve, reject) => {
    try {
      const answer = Notification.requestPermission(resolve);
      if (answer) answer.then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

/**
 * This browser's push subscription for the portal, as the sign-up sends it: the permission asked first (still
 * inside the press of 'Đăng ký', which browsers require), the service worker registered meanwhile, then the
 * portal's public key and `pushManager.subscribe`. An existing subscription made with the same key is reused; one
 * made with another key (the portal's key changed) is replaced. Throws `PushRefusedError` when refused.
 */
export async function subscribePush(publicKey: () => Promise<string>): Promise<PushSubscriptionJson> {
  const permission = requestPermission();
  const registered = navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  if ((await permission) !== 'granted') throw new PushRefusedError();
  await registered;
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKeyOf(await publicKey());
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options?.applicationServerKey, key)) await existing.unsubscribe();
  const subscription =
    existing && sameBytes(existing.options?.applicationServerKey, key)
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

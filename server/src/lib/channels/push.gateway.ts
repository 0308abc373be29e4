import webpush from 'web-push';
import { type ChannelGateway, PermanentSendError } from './channel';

export interface WebPushOptions {
  /** The portal's VAPID key pair (base64url, as `createVapidKeys` makes them) and its contact (mailto: or https:). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** How long a push service keeps a notification for a phone that is off (default 6 h, a warning's lifetime). */
  ttlSeconds?: number;
  timeoutMs: number;
  /** Which endpoints may be called (default: https on a browser vendor's push service, `isKnownPushService`). */
  endpointAllowed?: (endpoint: URL) => boolean;
}

/** The push services of the browsers: Chrome, Edge, Opera, Samsung (FCM), Firefox, Safari, Windows (WNS). */
const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/**
 * An endpoint on a browser vendor's push service over https. The endpoint comes from a visitor's browser, so
 * without this the portal would POST to any address it is given, its own network included (SSRF).
 */
export function isKnownPushService(endpoint: URL): boolean {
  const host = endpoint.hostname.toLowerCase();
  return endpoint.protocol === 'https:' && PUSH_SERVICE_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}

/** Known push services, and the origins the configuration adds (PUSH_EXTRA_ORIGINS): where a push may go. */
export function pushEndpointAllowed(extraOrigins: readonly string[]): (endpoint: URL) => boolean {
  const extra = new Set(extraOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return (endpoint) => isKnownPushService(endpoint) || extra.has(endpoint.origin.toLowerCase());
}

/** A warning kept longer than its CAP message lives (capAlertLifetimeMinutes, 360) would be stale when it arrives. */
const DEFAULT_TTL_SECONDS = 6 * 3600;

/** Answers after which another attempt cannot succeed; 404/410 (subscription gone) are handled before. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 413]);

/**
 * Web push (RFC 8030) to one browser subscription, its payload encrypted for it (RFC 8291, aes128gcm) and the
 * request signed with the portal's VAPID key (RFC 8292) by web-push's `generateRequestDetails`; the request itself
 * goes through `fetch` (web-push's own sender speaks https only), and only to a known push service. 2xx = the push service took it (its `Location` is
 * the message's id); 404/410 = the subscription is gone; 400/401/403/413 = refused for good; 429, 5xx, a network
 * error or a timeout = retried.
 */
export function createWebPushGateway(opts: WebPushOptions, fetchImpl: typeof fetch = fetch): ChannelGateway {
  return {
    name: 'push',
    // A push service does not de-duplicate, but a second notification with the same tag replaces the first on the
    // phone: a resend after a crash shows once.
    afterInterruption: 'resend',
    async send(message) {
      if (!message.pushKeys) throw new PermanentSendError('Thiếu khoá của đăng ký nhận thông báo / no push keys');
      if (!URL.canParse(message.to) || !(opts.endpointAllowed ?? isKnownPushService)(new URL(message.to))) {
        throw new PermanentSendError('Địa chỉ nhận thông báo không thuộc dịch vụ push nào / not a push service', true);
      }
      const details = webpush.generateRequestDetails({ endpoint: message.to, keys: message.pushKeys }, message.body, {
        vapidDetails: opts.vapid,
        TTL: opts.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
      // fetch sets Content-Length itself from the body.
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetchImpl(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const text = (await res.text().catch(() => '')).slice(0, 200);
      const said = `HTTP ${res.status}${text ? `: ${text}` : ''}`;
      if (res.ok) return { providerId: res.headers.get('location') ?? undefined };
      if (res.status === 404 || res.status === 410) {
        throw new PermanentSendError(`Đăng ký nhận thông báo không còn / subscription gone (${said})`, true);
      }
      if (PERMANENT_STATUSES.has(res.status)) {
        throw new PermanentSendError(`Dịch vụ push từ chối / push service refused (${said})`);
      }
      throw new Error(`Dịch vụ push chưa nhận / push service did not take it (${said})`);
    },
  };
}

/** A new VAPID key pair (P-256, base64url), for a portal that makes its own at first start. */
export function createVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

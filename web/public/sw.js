/*
 * The portal's service worker (#24): shows the warnings pushed to a subscriber of 'Thông báo trên trình duyệt' and
 * opens their page when the notification is pressed. Plain JavaScript, copied as it is from web/public to the site's
 * root (scope '/'). It has no fetch handler and caches nothing: the portal works exactly as without it.
 *
 * A push's payload (JSON): { title, body, url, manage, tag } — url: the warning's page, manage: the subscriber's
 * manage link. A payload that is not JSON is shown as the text of a generic 'Cảnh báo lũ Ba Chẽ' notification.
 */
const GENERIC_TITLE = 'Cảnh báo lũ Ba Chẽ';
const ICON = '/favicon.svg';
const HOME = '/';
const MANAGE = '/dang-ky-canh-bao/quan-ly';

self.addEventListener('install', () => {
  // A new version takes over at once (it caches nothing an old page could depend on).
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A string of the payload, or the fallback. */
function text(value, fallback) {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** The notification of a push's data: its title and options. */
function notificationOf(data) {
  let payload = null;
  let raw = '';
  if (data) {
    try {
      payload = data.json();
    } catch {
      try {
        raw = data.text();
      } catch {
        raw = '';
      }
    }
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    const body = raw || (payload === null ? '' : String(payload));
    return {
      title: GENERIC_TITLE,
      options: { body, icon: ICON, requireInteraction: true, data: { url: HOME, manage: MANAGE } },
    };
  }
  const tag = text(payload.tag, undefined);
  const manage = text(payload.manage, MANAGE);
  const options = {
    body: text(payload.body, ''),
    icon: ICON,
    data: { url: text(payload.url, HOME), manage },
    requireInteraction: true,
    actions: [{ action: 'manage', title: 'Huỷ/đổi đăng ký' }],
  };
  if (tag) {
    // An update of the same warning replaces its notification, and rings again.
    options.tag = tag;
    options.renotify = true;
  }
  if (typeof payload.badge === 'string') options.badge = payload.badge;
  return { title: text(payload.title, GENERIC_TITLE), options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** An absolute http(s) address of a notification's link, on any host the payload names; else the portal's home. */
function absolute(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:'
      ? parsed.href
      : new URL(HOME, self.location.origin).href;
  } catch {
    return new URL(HOME, self.location.origin).href;
  }
}

/** Focuses a window already open on the address, or opens one. */
async function show(url) {
  const target = absolute(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (client.url === target && typeof client.focus === 'function') return client.focus();
  }
  return self.clients.openWindow ? self.clients.openWindow(target) : undefined;
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  const data = notification.data || {};
  const url = event.action === 'manage' ? data.manage || MANAGE : data.url || HOME;
  event.waitUntil(show(url));
});

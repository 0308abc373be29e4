import { noteUpdateReady } from './offline-state';

/** The portal's service worker (web/public/sw.js, served from the site's root): push (#24) and offline (#25). */
export const SERVICE_WORKER_URL = '/sw.js';

interface ServiceWorkerHost {
  serviceWorker: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'>;
}

/**
 * Registers the service worker once the page has loaded (its install fetches the public pages' files and reads:
 * after the page's own), and watches for a new version: the worker takes over at once (skipWaiting,
 * clients.claim), so a page an older version controlled is told to reload ('Đã có phiên bản mới — Tải lại').
 * The first worker taking over a page no worker controlled is not a new version.
 */
export function startServiceWorker(
  host: ServiceWorkerHost | undefined = typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? (navigator as ServiceWorkerHost)
    : undefined,
  win: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'readyState'> } = window,
): void {
  if (!host) return;
  let controlled = Boolean(host.serviceWorker.controller);
  host.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) noteUpdateReady();
    controlled = true;
  });
  const register = () => {
    // Refused (a browser that blocks workers, plain http on another host than localhost): the portal works without.
    host.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

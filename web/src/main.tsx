import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Statically: a namespace loaded with import() keeps every export (react-router/dom's would bring framework mode).
import { RouterProvider } from 'react-router/dom';
import { keepFirstView } from './app/layout/first-view';
import { routeDefOf } from './app/route-handle';
import { inTasks, nextTask } from './lib/boot/next-task';
import { evaluateInTasks, preloadedModules } from './lib/boot/preloaded';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The server's first view (#25), shown again by the page while its data arrives.
keepFirstView();

/**
 * The app starts in steps, each a task of its own (#25, point 3): the page is already readable (the server's first
 * view), and a phone's main thread is never held by the whole start at once, so a tap is answered in between.
 * The modules are fetched together beforehand (app-boot.js preloads them); each step evaluates some (their schemas,
 * the translations) or builds one part. React then renders the first page in a transition, yielding every few
 * milliseconds.
 */
async function start(): Promise<void> {
  // The page's modules, fetched by app-boot.js, one chunk per task; the steps below then only take their exports.
  await evaluateInTasks(preloadedModules());
  await inTasks([
    () => import('./lib/i18n'),
    () => import('./lib/session/session-store'),
    () => import('./features/warnings'),
  ]);
  const { primeArea } = await import('./lib/area/use-area');
  await nextTask();
  const { createAppRouter } = await import('./app/router');
  await nextTask();
  const [{ AppProviders }, { createQueryClient }] = await Promise.all([
    import('./app/providers'),
    import('./lib/query-client'),
  ]);
  const queryClient = createQueryClient();
  primeArea(queryClient);
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The route's own module (the router loads it) and the public page's, before the first render: React then
  // renders the page at once instead of a fallback first (public-page.tsx).
  await routerReady(router);
  await nextTask();
  const route = routeDefOf(router.state.matches.map((m) => m.route));
  // A public page (not the 404 page, nor the back office's).
  if (route && !route.view) {
    await import('./app/pages/public-page').then((m) => m.preloadPublicPage(route.path, queryClient));
    await nextTask();
  }
  const root = createRoot(container as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  // The service worker (push, offline): on the built app only; the development server's modules are not hashed.
  if (import.meta.env.PROD) (await import('./lib/offline/service-worker')).startServiceWorker();
}

/** Resolves once the router has loaded the first route's module (at most 3 s: the app renders anyway). */
function routerReady(router: {
  state: { initialized: boolean };
  subscribe: (f: (s: { initialized: boolean }) => void) => () => void;
}): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, 3000);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

void start();

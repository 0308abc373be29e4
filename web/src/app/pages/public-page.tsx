import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { activeAlertsQuery } from '../../features/alerts';
import { appInfoQuery } from '../../features/app-info';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { activeWarningsQuery } from '../../features/warnings';
import { readUnitOf, usePublicUnit } from '../../lib/area/public-unit';
import { nextTask } from '../../lib/boot/next-task';
import { FirstView, FirstViewShown } from '../layout/first-view';
import { PageLoading } from '../layout/page-loading';
import { useCurrentRouteDef } from '../route-handle';

/** A route of the table without a page of its own yet (none today): not part of any page's first load. */
const PlaceholderPage = lazy(() =>
  import('../../components/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);

/** A read a page makes as it opens, as its hook asks for it (key and function). */
// biome-ignore lint/suspicious/noExplicitAny: the queries differ in their data; the cache keeps each under its key.
export type FirstQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A page's module: its component, and the reads it makes as it opens (`firstQueries`: the data without which it
 * would show the server's first view again, e.g. the dashboard's readings), fetched before its first render.
 */
interface PageModule {
  default: ComponentType;
  firstQueries?: (unit: string | undefined) => FirstQuery[];
}

/** The reads of the shell on every public page: the warnings' banner, the officers' warnings, the demo banner. */
export function shellQueries(unit: string | undefined): FirstQuery[] {
  return [activeAlertsQuery(unit), activeWarningsQuery(unit), appInfoQuery];
}

/** A public page loaded on demand: its component, and its loading (to have it before the first render). */
interface PublicPageModule {
  Page: ComponentType;
  load: () => Promise<PageModule>;
}

/**
 * A page of its own chunk. Loaded by its first render (React.lazy), or sooner by `preloadPublicPage` (main.tsx's
 * start, #25 point 3): a page already loaded renders at once, so the first render of the app does not show the
 * Suspense fallback first and commit the page after it (React reveals a boundary's content no sooner than 300 ms
 * after its fallback, and renders again meanwhile).
 */
function page(load: () => Promise<PageModule>): PublicPageModule {
  let loaded: ComponentType | undefined;
  const loadOnce = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(loadOnce);
  function Page() {
    // Chosen once per mount: a page first rendered through React.lazy is not mounted again once loaded.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, load: loadOnce };
}

/** The built public pages by route path; each is its own chunk (the map's Leaflet loads only with it). */
const PAGES: Record<string, PublicPageModule> = {
  '/maps': page(() => import('../../features/map/pages/map-page')),
  '/maps-mobile': page(() => import('../../features/map/pages/map-page')),
  '/dashboard': page(() => import('../../features/dashboard/pages/dashboard-page')),
  '/feedback': page(() => import('../../features/feedback/pages/feedback-page')),
  '/news': page(() => import('../../features/news/pages/news-page')),
  '/all-news': page(() => import('../../features/news/pages/all-news-page')),
  '/news/:id': page(() => import('../../features/news/pages/news-detail-page')),
  '/document': page(() => import('../../features/news/pages/document-page')),
  '/about': page(() => import('../../features/news/pages/about-page')),
  '/dang-ky-canh-bao': page(() => import('../../features/subscriptions/pages/subscribe-page')),
  '/dang-ky-canh-bao/quan-ly': page(() => import('../../features/subscriptions/pages/manage-page')),
  '/dang-ky-canh-bao/xac-nhan': page(() => import('../../features/subscriptions/pages/confirm-email-page')),
};

/** How long the start waits for a page's data (the server's first view is on screen meanwhile). */
export const PREFETCH_WAIT_MS = 1500;

/**
 * Loads the page of a public route (its path in the route table, as the router matched it) and, for at most
 * `PREFETCH_WAIT_MS`, the shell's and the page's first reads; never fails (a page then loads what is missing
 * itself, as after a navigation). With the reads in the cache, React's first render is the whole page: no read
 * starts in its commit, and no answer renders it again, synchronously, afterwards (#25 point 3: on a phone these
 * were tasks of 20–50 ms). Each read starts in a task of its own (a fetch() costs a phone's main thread ~2 ms).
 */
export async function preloadPublicPage(routePath: string, client: QueryClient): Promise<void> {
  const m = await PAGES[routePath]?.load().catch(() => undefined);
  if (!m) return;
  const unit = readUnitOf(window.location.pathname);
  const queries = [...shellQueries(unit), ...(m.firstQueries?.(unit) ?? [])];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fetching = async () => {
    const pending: Promise<void>[] = [];
    for (const query of queries) {
      // prefetchQuery never rejects: a failed read is left to the page's hook.
      pending.push(client.prefetchQuery(query));
      await nextTask();
    }
    await Promise.all(pending);
  };
  await Promise.race([
    fetching(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, PREFETCH_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** Public pages: path parameters (`/news/:id`) must be numeric ids, otherwise the page does not exist. */
export function PublicPage() {
  const route = useCurrentRouteDef();
  const { unitCode, ...params } = useParams();
  const { pathname } = useLocation();
  const { unit } = usePublicUnit();
  if (!route) return <NotFoundPage />;
  if (Object.values(params).some((value) => value !== undefined && !/^\d+$/.test(value))) return <NotFoundPage />;
  // A unit's pages (#26 point 4) exist for the area's units only.
  if (unitCode !== undefined && !unit) return <NotFoundPage />;
  const Page = PAGES[route.path]?.Page;
  if (!Page)
    return (
      <Suspense fallback={<PageLoading />}>
        <PlaceholderPage titleKey={route.title} />
      </Suspense>
    );
  return (
    // While the page's chunk loads: the server's first view of it, as it was (#25), or a spinner.
    <Suspense fallback={<FirstView part="main" path={pathname} fallback={<PageLoading />} />}>
      <Page key={route.path} />
      <FirstViewShown />
    </Suspense>
  );
}

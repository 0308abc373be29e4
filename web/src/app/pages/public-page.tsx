import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { usePublicUnit } from '../../lib/area/public-unit';
import { FirstView, FirstViewShown } from '../layout/first-view';
import { PageLoading } from '../layout/page-loading';
import { useCurrentRouteDef } from '../route-handle';

/** The built public pages by route path; each is its own chunk (the map's Leaflet loads only with it). */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/maps': lazy(() => import('../../features/map/pages/map-page')),
  '/maps-mobile': lazy(() => import('../../features/map/pages/map-page')),
  '/dashboard': lazy(() => import('../../features/dashboard/pages/dashboard-page')),
  '/feedback': lazy(() => import('../../features/feedback/pages/feedback-page')),
  '/news': lazy(() => import('../../features/news/pages/news-page')),
  '/all-news': lazy(() => import('../../features/news/pages/all-news-page')),
  '/news/:id': lazy(() => import('../../features/news/pages/news-detail-page')),
  '/document': lazy(() => import('../../features/news/pages/document-page')),
  '/about': lazy(() => import('../../features/news/pages/about-page')),
  '/dang-ky-canh-bao': lazy(() => import('../../features/subscriptions/pages/subscribe-page')),
  '/dang-ky-canh-bao/quan-ly': lazy(() => import('../../features/subscriptions/pages/manage-page')),
  '/dang-ky-canh-bao/xac-nhan': lazy(() => import('../../features/subscriptions/pages/confirm-email-page')),
};

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
  const Page = PAGES[route.path];
  if (!Page) return <PlaceholderPage titleKey={route.title} />;
  return (
    // While the page's chunk loads: the server's first view of it, as it was (#25), or a spinner.
    <Suspense fallback={<FirstView part="main" path={pathname} fallback={<PageLoading />} />}>
      <Page key={route.path} />
      <FirstViewShown />
    </Suspense>
  );
}

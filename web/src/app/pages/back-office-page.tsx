import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { PlaceholderPage } from '../../components/placeholder-page';
import { NotFoundPage } from '../../features/errors/pages/not-found-page';
import { PageLoading } from '../layout/page-loading';
import { useCurrentRouteDef } from '../route-handle';

/** The built back-office pages by route path (the domain route table); each is its own chunk. */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/system/sms': lazy(() => import('../../features/sms/pages/sms-page')),
  '/system/alerts': lazy(() => import('../../features/alerts/pages/alerts-page')),
  '/system/warnings': lazy(() => import('../../features/warnings/pages/warnings-page')),
  '/system/area': lazy(() => import('../../features/area/pages/area-page')),
  '/system/feedback': lazy(() => import('../../features/feedback/pages/feedback-list-page')),
  '/user/group': lazy(() => import('../../features/users/pages/groups-page')),
  '/user/user': lazy(() => import('../../features/users/pages/users-page')),
  '/user/logs': lazy(() => import('../../features/users/pages/audit-page')),
  '/database/stations': lazy(() => import('../../features/stations/pages/stations-page')),
  '/database/station-readings': lazy(() => import('../../features/stations/pages/station-readings-page')),
  '/database/configurations': lazy(() => import('../../features/config/pages/configurations-page')),
  '/database/categories': lazy(() => import('../../features/categories/pages/categories-page')),
  '/database/layers': lazy(() => import('../../features/data-layers/pages/data-layers-page')),
  '/analyze/flood': lazy(() => import('../../features/flood-analysis/pages/flood-analysis-page')),
  '/analyze/rain': lazy(() => import('../../features/statistics/pages/rain-analysis-page')),
  '/analyze/report': lazy(() => import('../../features/flood-analysis/pages/report-page')),
  '/database/files': lazy(() => import('../../features/geodata/pages/files-page')),
  '/analyze/report-data': lazy(() => import('../../features/geodata/pages/report-data-page')),
  '/analyze/flood-image': lazy(() => import('../../features/flood-analysis/pages/flood-images-page')),
  '/analyze/sensing-image': lazy(() => import('../../features/geodata/pages/sensing-images-page')),
  '/news/manage-news': lazy(() => import('../../features/news/pages/manage-news-page')),
};

/** Back-office pages (already behind the access guard and inside the side-menu layout). */
export function BackOfficePage() {
  const route = useCurrentRouteDef();
  if (!route) return <NotFoundPage />;
  const Page = PAGES[route.path];
  if (!Page) return <PlaceholderPage titleKey={route.title} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page key={route.path} />
    </Suspense>
  );
}

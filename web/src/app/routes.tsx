import {
  BACK_OFFICE_ROUTES,
  PUBLIC_ROUTES,
  ROUTE_REDIRECTS,
  type RouteDef,
  UNIT_HOME,
  UNIT_PAGES_PREFIX,
  unitPagePath,
} from '@flood/domain';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { HomeRedirect } from '../features/auth/pages/home-redirect';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { RouteErrorPage } from '../features/errors/pages/route-error-page';
import { ensureBackOfficeTexts } from '../lib/i18n';
import { AccessGuard } from './access-guard';
import { PageLoading } from './layout/page-loading';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './route-handle';

/** A page of the table, loaded on demand: public pages and back office are separate chunks. */
function pageRoute(route: RouteDef, prefix = ''): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: prefix + route.path,
    handle,
    lazy: route.view
      ? async () => ({ Component: (await import('./pages/back-office-page')).BackOfficePage })
      : async () => ({ Component: (await import('./pages/public-page')).PublicPage }),
  };
}

/** A unit's public pages (#26 point 4): `/xa/{code}` + every public path. */
const UNIT_PREFIX = `${UNIT_PAGES_PREFIX}/:unitCode`;

/** `/xa/{code}` alone: that unit's home page. */
function UnitHome() {
  const { unitCode } = useParams();
  return <Navigate to={unitPagePath(unitCode, UNIT_HOME)} replace />;
}

/** The whole route tree, built from the domain route table (shared by the browser and the tests). */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...Object.entries(ROUTE_REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      { path: '/home', element: <HomeRedirect /> },
      {
        element: <AccessGuard />,
        errorElement: <RouteErrorPage />,
        children: [
          ...PUBLIC_ROUTES.map((r) => pageRoute(r)),
          { path: UNIT_PREFIX, element: <UnitHome /> },
          ...PUBLIC_ROUTES.map((r) => pageRoute(r, UNIT_PREFIX)),
          {
            // The back office's texts come with its layout (lib/i18n/back-office.vi.ts).
            lazy: async () => {
              const [layout] = await Promise.all([import('./layout/back-office-layout'), ensureBackOfficeTexts()]);
              return { Component: layout.BackOfficeLayout };
            },
            children: BACK_OFFICE_ROUTES.map((r) => pageRoute(r)),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

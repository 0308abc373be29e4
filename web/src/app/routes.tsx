import { BACK_OFFICE_ROUTES, PUBLIC_ROUTES, ROUTE_REDIRECTS, type RouteDef } from '@flood/domain';
import { Navigate, type RouteObject } from 'react-router';
import { HomeRedirect } from '../features/auth/pages/home-redirect';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { RouteErrorPage } from '../features/errors/pages/route-error-page';
import { AccessGuard } from './access-guard';
import { PageLoading } from './layout/page-loading';
import { RootLayout } from './layout/root-layout';
import type { RouteHandle } from './route-handle';

/** A page of the table, loaded on demand: public pages and back office are separate chunks. */
function pageRoute(route: RouteDef): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    handle,
    lazy: route.view
      ? async () => ({ Component: (await import('./pages/back-office-page')).BackOfficePage })
      : async () => ({ Component: (await import('./pages/public-page')).PublicPage }),
  };
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
          ...PUBLIC_ROUTES.map(pageRoute),
          {
            lazy: async () => ({ Component: (await import('./layout/back-office-layout')).BackOfficeLayout }),
            children: BACK_OFFICE_ROUTES.map(pageRoute),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

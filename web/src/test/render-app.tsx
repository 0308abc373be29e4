import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdScope } from '../app/antd-scope';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/** The real route tree in a memory router, inside the real providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** A single element (e.g. a modal) with providers, antd's scope (as the back office has) and a router around it. */
export function renderWithProviders(element: ReactNode, path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path, element: <AntdScope>{element}</AntdScope> },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

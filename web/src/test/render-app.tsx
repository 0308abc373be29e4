import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdScope } from '../app/antd-scope';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/**
 * antd without motion: modals, drawers, dropdowns and toasts open and close at once instead of after their
 * transitions. The app's own ConfigProvider (AntdScope) inside inherits the token.
 */
const NO_MOTION = { token: { motion: false } };

function TestProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={NO_MOTION}>
      <AppProviders queryClient={createQueryClient()}>{children}</AppProviders>
    </ConfigProvider>
  );
}

/** The real route tree in a memory router, inside the real providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
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
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...view };
}

import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { keepFirstView } from './app/layout/first-view';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { startServiceWorker } from './lib/offline/service-worker';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The server's first view (#25), shown again by the page while its data arrives.
keepFirstView();
const root = createRoot(container);
// A transition lets React yield to the browser every few milliseconds while it renders the first page, instead
// of one long task: a phone stays responsive (and paints sooner) while the portal starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
});

// The service worker (push, offline): on the built app only; the development server's modules are not hashed.
if (import.meta.env.PROD) startServiceWorker();

import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { pageTimers } from './coalesced-timers';

/**
 * Errors are handled once, in the API client (see `ErrorHandling`), so the query client does not
 * add an onError of its own; retries are off because each failed attempt would toast again.
 * Queries run even when the browser says it is offline (`offlineFirst`): the service worker answers the public
 * reads with its copies (#25); React Query's default would not even ask.
 */
export function createQueryClient(): QueryClient {
  // React Query's timers on one platform timer (coalesced-timers.ts), set before the first query exists.
  timeoutManager.setTimeoutProvider(pageTimers);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

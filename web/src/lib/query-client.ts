import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are handled once, in the API client (see `ErrorHandling`), so the query client does not
 * add an onError of its own; retries are off because each failed attempt would toast again.
 * Queries run even when the browser says it is offline (`offlineFirst`): the service worker answers the public
 * reads with its copies (#25); React Query's default would not even ask.
 */
export function createQueryClient(): QueryClient {
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

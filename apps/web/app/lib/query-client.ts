import { QueryClient } from '@tanstack/react-query';

function makeQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache, shared by the pages' queries and the routes' clientLoaders
 * (`ensureQueryData`: a loader hands over what the cache holds instead of fetching it again).
 * On the server every render gets a cache of its own: nothing of one visitor reaches another.
 * Signing out and entering or leaving view mode clear it.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

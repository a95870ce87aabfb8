import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useState } from 'react';

// The query library is not part of a public page's first JavaScript (home, directory, a provider's
// page): only the routes and dialogs that use queries import this module. Public pages read what
// they need after hydration through `#app/api/deferred-query`, which loads it then.
export { QueryObserver } from '@tanstack/react-query';

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

/**
 * Gives its children the query cache: the browser's one cache (a render's own on the server), or
 * the one an enclosing provider already gives (a dialog opened inside the signed-in area, a test's).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? getQueryClient());
  if (outer) return children;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

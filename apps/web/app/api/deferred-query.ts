import {
  type QueryClient,
  QueryClientContext,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';

type QueryLib = typeof import('./query-client');
let lib: QueryLib | undefined;

/** The query library and the browser's cache, loaded on first use (after hydration on public pages). */
function loadQueryLib(): Promise<QueryLib> {
  if (lib) return Promise.resolve(lib);
  return import('./query-client').then((module) => {
    lib = module;
    return module;
  });
}

export interface DeferredQueryResult<T> {
  data: T | undefined;
  /** No answer yet (as `useQuery`'s `isPending`): loading, or not enabled. */
  isPending: boolean;
}

const PENDING: DeferredQueryResult<never> = { data: undefined, isPending: true };

function cachedResult<T>(client: QueryClient | undefined, queryKey: QueryKey): DeferredQueryResult<T> {
  const state = client?.getQueryState<T>(queryKey);
  return state ? { data: state.data, isPending: state.status === 'pending' } : PENDING;
}

/**
 * `useQuery` for components of every page, public ones included, that need data only the browser
 * fetches (a feature flag, the signed-in user's zone): the query library is loaded after the first
 * render instead of with the page, so a public page's first JavaScript carries none of it. Same
 * cache, key, fetch, retries and staleness as `useQuery`; what the cache already holds shows at
 * once. On the server and while hydrating it answers pending, as `useQuery` does there.
 */
export function useDeferredQuery<T, K extends QueryKey>(
  options: QueryObserverOptions<T, Error, T, T, K>,
  enabled = true,
): DeferredQueryResult<T> {
  const context = useContext(QueryClientContext);
  const latest = useRef(options);
  latest.current = options;
  const hash = JSON.stringify(options.queryKey);
  const [result, setResult] = useState<DeferredQueryResult<T>>(() =>
    enabled ? cachedResult<T>(context ?? lib?.getQueryClient(), options.queryKey) : PENDING,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the options (a new object with the same key is the same query)
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void loadQueryLib().then(({ QueryObserver, getQueryClient }) => {
      if (!active) return;
      const observer = new QueryObserver<T, Error, T, T, K>(context ?? getQueryClient(), latest.current);
      const update = (next: QueryObserverResult<T>) => setResult({ data: next.data, isPending: next.isPending });
      unsubscribe = observer.subscribe(update);
      update(observer.getCurrentResult());
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [enabled, hash, context]);

  return enabled ? result : PENDING;
}

/** Drops every cached query (signing out, view mode): the enclosing provider's cache, else the browser's. */
export function useClearQueries(): () => Promise<void> {
  const context = useContext(QueryClientContext);
  return useCallback(async () => {
    (context ?? (await loadQueryLib()).getQueryClient()).clear();
  }, [context]);
}

import { api } from './client';

/**
 * A query that GETs one path of the API: the browser fetches it, and a signed-in page's server
 * loader can have the API answer it in-process (`answeredQueries` in ./page-queries), because the
 * path travels in the query's `meta`. Spread into `queryOptions`. Light on purpose: public pages
 * import queries built with it without the query library's cache.
 */
export function apiGet<T>(path: string) {
  return { queryFn: () => api<T>(path), meta: { path } };
}

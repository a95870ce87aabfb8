import type { Language } from '@app/shared/constants';
import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  hashKey,
  hydrate,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Viewer, WebServices } from '#app/lib/load-context';

/** A page's query options as `answeredQueries` reads them: its key and the path `apiGet` put in its meta. */
export interface AnswerableQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
  meta?: Record<string, unknown>;
}

/**
 * In a clientLoader: starts each of the page's queries, not awaited
 * (docs/decisions/web-signed-in-time-to-content.md); the page's hooks join them in flight.
 */
export function prefetchPageQueries(cache: QueryClient, queries: readonly AnswerableQuery[]): void {
  // Each element is a whole `queryOptions` of its own data type; the list can only name what they share.
  for (const query of queries) void cache.prefetchQuery(query as FetchQueryOptions);
}

/** A signed-in page's server-rendered data: whose it is, when, and its queries' answers, dehydrated. */
export interface AnsweredQueries {
  userId: string;
  /** The server's clock when it asked (ms): a page's relative words start from it, so they hydrate alike. */
  renderedAt: number;
  queries: DehydratedState;
}

/**
 * In a server loader: the API's answers to the page's queries for the viewer, as the query cache
 * would hold them after fetching each (docs/decisions/web-signed-in-pages-seed-their-queries-from-the-apis-answers.md).
 * A query the API did not answer stays out: the browser fetches it.
 */
export async function answeredQueries(
  services: WebServices['signedIn'],
  viewer: Viewer,
  input: { request: Request; language: Language; queries: readonly AnswerableQuery[] },
): Promise<AnsweredQueries> {
  const paths = input.queries.map((query) => {
    const path = query.meta?.path;
    if (typeof path !== 'string') throw new Error(`query ${JSON.stringify(query.queryKey)} has no API path`);
    return path;
  });
  const answers = await services.answers(viewer, { request: input.request, language: input.language, paths });
  const cache = new QueryClient();
  const at = Date.now();
  input.queries.forEach((query, index) => {
    const answer = answers[index];
    if (answer !== null && answer !== undefined) cache.setQueryData(query.queryKey, answer, { updatedAt: at });
  });
  return { userId: viewer.userId, renderedAt: at, queries: dehydrate(cache) };
}

/** The answer the server rendered for one of the page's queries (undefined when the API gave none). */
export function answerOf<T>(rendered: AnsweredQueries, queryKey: QueryKey): T | undefined {
  const hash = hashKey(queryKey);
  return rendered.queries.queries.find((entry) => entry.queryHash === hash)?.state.data as T | undefined;
}

/**
 * In the clientLoader at hydration: puts what the server rendered into the browser's cache when it
 * was this tab's person (a tab in view mode is someone else: its page loads in the browser).
 * True when it did.
 */
export function seedAnsweredQueries(
  cache: QueryClient,
  rendered: AnsweredQueries | null | undefined,
  sessionUserId: string,
): rendered is AnsweredQueries {
  if (!rendered || rendered.userId !== sessionUserId) return false;
  hydrate(cache, rendered.queries);
  return true;
}

import { type Language, languageOf } from '@app/shared/constants';
import {
  type DehydratedState,
  dehydrate,
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  hashKey,
  hydrate,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { AppLoadContext } from 'react-router';
import { takeHydration } from '#app/lib/hydration';
import type { Viewer, WebServices } from '#app/lib/load-context';
import { getQueryClient } from './query-client';

/**
 * A page's query options as `answeredQueries` reads them: its key and the path `apiGet` put in its
 * meta; an infinite query names its first page's path and has an `initialPageParam`.
 */
export interface AnswerableQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
  meta?: Record<string, unknown>;
  initialPageParam?: unknown;
}

/**
 * In a clientLoader: starts each of the page's queries, not awaited
 * (docs/decisions/web-signed-in-time-to-content.md); the page's hooks join them in flight.
 */
export function prefetchPageQueries(cache: QueryClient, queries: readonly AnswerableQuery[]): void {
  // Each element is a whole `queryOptions` of its own data type; the list can only name what they share.
  for (const query of queries) {
    if ('initialPageParam' in query) void cache.prefetchInfiniteQuery(query as FetchInfiniteQueryOptions);
    else void cache.prefetchQuery(query as FetchQueryOptions);
  }
}

/** A signed-in page's server-rendered data: whose it is, when, and its queries' answers, dehydrated. */
export interface AnsweredQueries {
  userId: string;
  role: Viewer['role'];
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
    if (answer === null || answer === undefined) return;
    // An infinite query holds its pages: the answer is the first.
    const data = 'initialPageParam' in query ? { pages: [answer], pageParams: [query.initialPageParam] } : answer;
    cache.setQueryData(query.queryKey, data, { updatedAt: at });
  });
  return { userId: viewer.userId, role: viewer.role, renderedAt: at, queries: dehydrate(cache) };
}

/**
 * A signed-in page's server loader: its queries answered for the person the page credential names
 * when that is a live session of one of `roles`; null otherwise (the browser loads the page).
 */
export async function answerPageQueries(
  args: { request: Request; params: { lang?: string }; context: AppLoadContext },
  roles: readonly Viewer['role'][],
  queries: (viewer: Viewer) => readonly AnswerableQuery[],
): Promise<AnsweredQueries | null> {
  const { request, params, context } = args;
  const viewer = await context.services.signedIn.viewer(request);
  if (!viewer || !roles.includes(viewer.role)) return null;
  const language = languageOf(params.lang);
  return answeredQueries(context.services.signedIn, viewer, { request, language, queries: queries(viewer) });
}

/**
 * A signed-in page's clientLoader (with `hydrate = true`): at hydration, what the server rendered
 * seeds the browser's cache when it was this tab's person; otherwise the page's queries start,
 * not awaited, while its code still loads (docs/decisions/web-signed-in-time-to-content.md).
 */
export async function hydratePageQueries<T extends AnsweredQueries>(
  args: { request: Request; serverLoader: () => Promise<T | null> },
  session: () => Promise<{ userId: string; role: Viewer['role'] }>,
  queries: (session: { role: Viewer['role'] }) => readonly AnswerableQuery[],
): Promise<T | null> {
  const hydrating = takeHydration(args.request);
  const own = await session();
  const cache = getQueryClient();
  if (hydrating) {
    const rendered = await args.serverLoader();
    if (seedAnsweredQueries(cache, rendered, own.userId)) return rendered;
  }
  prefetchPageQueries(cache, queries(own));
  return null;
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

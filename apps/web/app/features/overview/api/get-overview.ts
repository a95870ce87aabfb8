import type { Overview } from '@app/shared/schemas/overview';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** Per signed-in person: the browser's cache outlives a session that ends without signing out. */
export const overviewKeys = { all: ['overview'] as const, of: (userId: string) => ['overview', userId] as const };

/** GET /overview: the signed-in person's first screen, one answer shaped by role. */
export function getOverview(): Promise<Overview> {
  return api<Overview>('/overview');
}

export const overviewQuery = (userId: string) =>
  queryOptions({ queryKey: overviewKeys.of(userId), queryFn: getOverview, staleTime: 30_000 });

/**
 * The overview the route's loader handed over (from the cache, or fetched once when the cache
 * had none), so the page never waits or shows a spinner for it; a stale one refreshes in the
 * background.
 */
export function useOverview(userId: string, initial: Overview, loadedAt: number) {
  return useQuery({ ...overviewQuery(userId), initialData: initial, initialDataUpdatedAt: loadedAt });
}

/**
 * For the route's clientLoader: what the query cache holds (a stale answer is shown at once and
 * refreshed behind it), or one fetch when it holds nothing.
 */
export async function loadOverview(
  queryClient: QueryClient,
  userId: string,
): Promise<{ overview: Overview; loadedAt: number }> {
  const query = overviewQuery(userId);
  const overview = await queryClient.ensureQueryData({ ...query, revalidateIfStale: true });
  return { overview, loadedAt: queryClient.getQueryState(query.queryKey)?.dataUpdatedAt ?? Date.now() };
}

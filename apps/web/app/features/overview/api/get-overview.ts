import type { Overview } from '@app/shared/schemas/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export const overviewKeys = { all: ['overview'] as const };

/** GET /overview: the signed-in person's first screen, one answer shaped by role. */
export function getOverview(): Promise<Overview> {
  return api<Overview>('/overview');
}

export const overviewQuery = () =>
  queryOptions({ queryKey: overviewKeys.all, queryFn: getOverview, staleTime: 30_000 });

/**
 * The overview, starting from the answer the route's loader already has (the cache is seeded
 * with it, so the page never waits or shows a spinner for it); it refreshes in the background.
 */
export function useOverview(initial: Overview, loadedAt: number) {
  return useQuery({ ...overviewQuery(), initialData: initial, initialDataUpdatedAt: loadedAt });
}

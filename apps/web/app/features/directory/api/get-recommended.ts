import type { RecommendedAnswer } from '@app/shared/schemas/directory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { directoryKeys } from '#app/api/keys/directory';

/** GET /recommended-provider (clients): the best-fitting therapists, each with the reasons. */
export function getRecommended(): Promise<RecommendedAnswer> {
  return api<RecommendedAnswer>('/recommended-provider');
}

export const recommendedQuery = () =>
  queryOptions({ queryKey: directoryKeys.recommended, queryFn: getRecommended, staleTime: 60_000, retry: 1 });

export function useRecommended() {
  return useQuery(recommendedQuery());
}

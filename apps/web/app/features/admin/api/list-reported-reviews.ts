import type { ReportedReviewPage, ReportedReviewStatus } from '@app/shared/schemas/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface ReportedReviewQuery {
  status: ReportedReviewStatus;
  page: number;
}

/** GET /admin/reviews/reported. */
export function listReportedReviews(query: ReportedReviewQuery): Promise<ReportedReviewPage> {
  return api<ReportedReviewPage>(`/admin/reviews/reported${queryString({ ...query })}`);
}

export const reportedReviewsQuery = (query: ReportedReviewQuery) =>
  queryOptions({
    queryKey: adminKeys.reportedReviews(query),
    queryFn: () => listReportedReviews(query),
    staleTime: 15_000,
  });

export function useReportedReviews(query: ReportedReviewQuery) {
  return useQuery({ ...reportedReviewsQuery(query), placeholderData: keepPreviousData });
}

import type { ReportReviewBody } from '@app/shared/schemas/reviews';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /review/{id}/report (the reviewed provider, once). */
export function reportReview(input: { reviewId: string; body: ReportReviewBody }): Promise<{ message: string }> {
  return api<{ message: string }>(`/review/${encodeURIComponent(input.reviewId)}/report`, {
    method: 'POST',
    body: input.body,
  });
}

export function useReportReview() {
  return useMutation({ mutationFn: reportReview });
}

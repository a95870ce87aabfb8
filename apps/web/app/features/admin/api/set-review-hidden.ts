import type { ReportedReview } from '@app/shared/schemas/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

export type ReviewDecision = { hidden: true; reason: string } | { hidden: false };

/** POST /admin/reviews/{id}/hide (with the reason) or /unhide. */
export function setReviewHidden(reviewId: string, decision: ReviewDecision): Promise<ReportedReview> {
  return decision.hidden
    ? api<ReportedReview>(`/admin/reviews/${reviewId}/hide`, { method: 'POST', body: { reason: decision.reason } })
    : api<ReportedReview>(`/admin/reviews/${reviewId}/unhide`, { method: 'POST' });
}

/** A decision refreshes the back office (the list moves the review, the audit log shows it). */
export function useSetReviewHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { reviewId: string; decision: ReviewDecision }) =>
      setReviewHidden(input.reviewId, input.decision),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

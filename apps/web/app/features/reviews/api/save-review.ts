import type { OwnReview, ReviewBody } from '@app/shared/schemas/reviews';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

export type SaveReviewInput =
  | { mode: 'create'; bookingId: string; body: ReviewBody }
  | { mode: 'edit'; reviewId: string; body: ReviewBody };

/** POST /review/{bookingId} (a first review) or PUT /review/{reviewId} (the one edit). */
export function saveReview(input: SaveReviewInput): Promise<OwnReview> {
  return input.mode === 'create'
    ? api<OwnReview>(`/review/${encodeURIComponent(input.bookingId)}`, { method: 'POST', body: input.body })
    : api<OwnReview>(`/review/${encodeURIComponent(input.reviewId)}`, { method: 'PUT', body: input.body });
}

/** The caller refreshes what shows the review after SPEC.md's 2 seconds. */
export function useSaveReview() {
  return useMutation({ mutationFn: saveReview });
}

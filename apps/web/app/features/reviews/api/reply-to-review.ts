import type { Review, ReviewReplyBody } from '@app/shared/schemas/reviews';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** POST /review/{id}/reply (the first reply) or PUT (rewording it): the reviewed provider. */
export function saveReviewReply(input: { reviewId: string; body: ReviewReplyBody; edit: boolean }): Promise<Review> {
  return api<Review>(`/review/${encodeURIComponent(input.reviewId)}/reply`, {
    method: input.edit ? 'PUT' : 'POST',
    body: input.body,
  });
}

/** DELETE /review/{id}/reply. */
export function deleteReviewReply(input: { reviewId: string }): Promise<Review> {
  return api<Review>(`/review/${encodeURIComponent(input.reviewId)}/reply`, { method: 'DELETE' });
}

export function useSaveReviewReply() {
  return useMutation({ mutationFn: saveReviewReply });
}

export function useDeleteReviewReply() {
  return useMutation({ mutationFn: deleteReviewReply });
}

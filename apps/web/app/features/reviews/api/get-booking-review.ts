import type { OwnReview } from '@app/shared/schemas/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#app/api/client';
import { reviewKeys } from './keys';

/** GET /review/booking/{id}: the caller's review of a booking; null when there is none yet (404). */
export async function getBookingReview(bookingId: string): Promise<OwnReview | null> {
  try {
    return await api<OwnReview>(`/review/booking/${encodeURIComponent(bookingId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const bookingReviewQuery = (bookingId: string) =>
  queryOptions({
    queryKey: reviewKeys.ofBooking(bookingId),
    queryFn: () => getBookingReview(bookingId),
    staleTime: 60_000,
  });

export function useBookingReview(bookingId: string | null, enabled = true) {
  return useQuery({ ...bookingReviewQuery(bookingId ?? ''), enabled: enabled && bookingId !== null });
}

import type { BookingSeries, CancelBookingBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';
import { walletKeys } from '#app/api/keys/money';
import { type BookingRole, bookingKeys, bookingPath } from './keys';

export interface CancelSeriesInput {
  role: BookingRole;
  bookingId: string;
  body: CancelBookingBody;
}

/**
 * POST /booking/{id}/cancel-series (client) or /appointment/{id}/cancel-series (provider): this
 * session and every later one that can still be cancelled, each under its own 48-hour rule.
 * Answers the whole series, each cancelled session with the refund the API decided.
 */
export function cancelSeries({ role, bookingId, body }: CancelSeriesInput): Promise<BookingSeries> {
  return api<BookingSeries>(bookingPath(role, bookingId, '/cancel-series'), { method: 'POST', body });
}

export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSeries,
    onSuccess: (series, input) => {
      for (const booking of series.bookings) {
        queryClient.setQueryData(bookingKeys.one(input.role, booking.identifier), booking);
      }
      queryClient.setQueryData(bookingKeys.series(input.role, input.bookingId), series);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.lists }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.details(input.role, input.bookingId) }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]);
    },
  });
}

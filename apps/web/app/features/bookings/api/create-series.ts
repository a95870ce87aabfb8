import type { BookingSeries, CreateSeriesBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';
import { bookingKeys } from './keys';

/**
 * POST /booking/series (client): weekly or fortnightly sessions at the first slot's time, all or
 * nothing (one unavailable week answers 409 SERIES_SLOT_UNAVAILABLE and books nothing). A priced
 * series is held as a whole, then paid at once (POST /payment/series/{id}) or session by session.
 * With `bookingIdentifier` the unscheduled booking of step 1 becomes the first session.
 */
export function createSeries(body: CreateSeriesBody): Promise<BookingSeries> {
  return api<BookingSeries>('/booking/series', { method: 'POST', body });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: (series) => {
      for (const booking of series.bookings) {
        queryClient.setQueryData(bookingKeys.one('client', booking.identifier), booking);
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
      ]);
    },
  });
}

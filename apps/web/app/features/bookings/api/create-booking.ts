import type { Booking, CreateBookingBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { bookingKeys } from './keys';

/** POST /booking (client): a pending booking with a provider, modality, therapy and note. */
export function createBooking(body: CreateBookingBody): Promise<Booking> {
  return api<Booking>('/booking', { method: 'POST', body });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.one('client', booking.identifier), booking);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.lists });
    },
  });
}

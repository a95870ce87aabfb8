import type { Booking } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { bookingKeys } from './keys';

export interface ReschedulePermissionInput {
  bookingId: string;
  allow: boolean;
}

/**
 * POST /appointment/{id}/reschedule-permission (provider): with `allow` the client's reschedules
 * within 48 hours no longer wait for the provider's approval. An ended booking answers 409.
 */
export function setReschedulePermission({ bookingId, allow }: ReschedulePermissionInput): Promise<Booking> {
  return api<Booking>(`/appointment/${encodeURIComponent(bookingId)}/reschedule-permission`, {
    method: 'POST',
    body: { allow },
  });
}

export function useSetReschedulePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReschedulePermission,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.one('provider', booking.identifier), booking);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

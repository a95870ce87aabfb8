import type { Booking, CancelBookingBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';
import { type BookingRole, bookingPath } from './keys';

export interface CancelInput {
  role: BookingRole;
  bookingId: string;
  body: CancelBookingBody;
}

/** POST /booking/{id}/cancel (client) or /appointment/{id}/cancel (provider), with the reason as note. Final. */
export function cancelBooking({ role, bookingId, body }: CancelInput): Promise<Booking> {
  return api<Booking>(bookingPath(role, bookingId, '/cancel'), { method: 'POST', body });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (booking, input) => afterBookingChange(queryClient, input.role, booking),
  });
}

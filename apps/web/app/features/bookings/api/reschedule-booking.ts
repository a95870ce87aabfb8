import type { Booking, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';
import { type BookingRole, bookingPath } from './keys';

export interface RescheduleInput {
  role: BookingRole;
  bookingId: string;
  body: ScheduleBookingBody;
}

/**
 * POST /booking/{id}/reschedule (client) or /appointment/{id}/reschedule (provider, never pays).
 * Within 48 h of a confirmed appointment the answer's rescheduleInfo.status is "pending" until
 * the other party answers.
 */
export function rescheduleBooking({ role, bookingId, body }: RescheduleInput): Promise<Booking> {
  return api<Booking>(bookingPath(role, bookingId, '/reschedule'), { method: 'POST', body });
}

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSuccess: (booking, input) => afterBookingChange(queryClient, input.role, booking),
  });
}

import type { Booking, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';

export interface ScheduleInput {
  bookingId: string;
  body: ScheduleBookingBody;
}

/**
 * POST /booking/{id}/schedule (client): takes the slot. A priced booking stays pending with a
 * 15-minute hold (pay next); a free one is confirmed at once.
 */
export function scheduleBooking({ bookingId, body }: ScheduleInput): Promise<Booking> {
  return api<Booking>(`/booking/${encodeURIComponent(bookingId)}/schedule`, { method: 'POST', body });
}

export function useScheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleBooking,
    onSuccess: (booking) => afterBookingChange(queryClient, 'client', booking),
  });
}

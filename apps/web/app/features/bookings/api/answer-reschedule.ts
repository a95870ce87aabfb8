import type { Booking } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';
import type { BookingRole } from './keys';

export interface AnswerRescheduleInput {
  role: BookingRole;
  bookingId: string;
  accept: boolean;
}

/**
 * The other party answers a pending reschedule: POST /booking/reschedule/{id}/{accept|reject}
 * (client) or POST /appointment/{id}/reschedule-update { status } (provider).
 */
export function answerReschedule({ role, bookingId, accept }: AnswerRescheduleInput): Promise<Booking> {
  const id = encodeURIComponent(bookingId);
  if (role === 'client') {
    return api<Booking>(`/booking/reschedule/${id}/${accept ? 'accept' : 'reject'}`, { method: 'POST' });
  }
  return api<Booking>(`/appointment/${id}/reschedule-update`, {
    method: 'POST',
    body: { status: accept ? 'accepted' : 'rejected' },
  });
}

export function useAnswerReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReschedule,
    onSuccess: (booking, input) => afterBookingChange(queryClient, input.role, booking),
  });
}

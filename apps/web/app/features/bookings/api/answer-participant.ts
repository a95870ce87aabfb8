import type { Booking } from '@app/shared/schemas/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';
import type { BookingRole } from './keys';

export interface AnswerParticipantInput {
  role: BookingRole;
  bookingId: string;
  accept: boolean;
  /** The provider's reason for declining (required by the API; sent to the client). */
  note?: string;
}

/**
 * The participant (the party who did not create the booking) acknowledges or rejects it:
 * provider POST /appointment/participant/{id}/acknowledge or …/reject-booking; client POST
 * /booking/participant/{id}/status { status: acknowledged | rejected }.
 */
export function answerParticipant({ role, bookingId, accept, note }: AnswerParticipantInput): Promise<Booking> {
  const id = encodeURIComponent(bookingId);
  if (role === 'provider') {
    return accept
      ? api<Booking>(`/appointment/participant/${id}/acknowledge`, { method: 'POST' })
      : api<Booking>(`/appointment/participant/${id}/reject-booking`, { method: 'POST', body: { note: note ?? '' } });
  }
  return api<Booking>(`/booking/participant/${id}/status`, {
    method: 'POST',
    body: { status: accept ? 'acknowledged' : 'rejected', note: null },
  });
}

export function useAnswerParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerParticipant,
    onSuccess: (booking, input) => afterBookingChange(queryClient, input.role, booking),
  });
}

import type { Booking, PayBookingBody } from '@app/shared/schemas/bookings';
import type { CardPaymentAnswer } from '@app/shared/schemas/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { afterBookingChange } from './invalidate';

export interface PayInput {
  bookingId: string;
  body: PayBookingBody;
}

/**
 * POST /payment/booking/{bookingId}. Wallet: answers the confirmed booking (409
 * INSUFFICIENT_FUNDS changes nothing). Card: answers the checkout to open and the payment
 * reference to follow with GET /payment/status/{reference}.
 */
export function payBooking({ bookingId, body }: PayInput): Promise<Booking | CardPaymentAnswer> {
  return api<Booking | CardPaymentAnswer>(`/payment/booking/${encodeURIComponent(bookingId)}`, {
    method: 'POST',
    body,
  });
}

export function isCardAnswer(answer: Booking | CardPaymentAnswer): answer is CardPaymentAnswer {
  return 'metadata' in answer && 'payment' in answer;
}

export function usePayBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBooking,
    onSuccess: (answer) => (isCardAnswer(answer) ? undefined : afterBookingChange(queryClient, 'client', answer)),
  });
}

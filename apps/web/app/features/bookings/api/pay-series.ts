import type { BookingSeries, PayBookingBody } from '@app/shared/schemas/bookings';
import type { CardPaymentAnswer } from '@app/shared/schemas/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';
import { walletKeys } from '#app/api/keys/money';
import { bookingKeys } from './keys';

export interface PaySeriesInput {
  seriesId: string;
  body: PayBookingBody;
}

/**
 * POST /payment/series/{seriesId}: every unpaid session of the client's series at once. Wallet:
 * one payment for the total (409 INSUFFICIENT_FUNDS changes nothing), answering the series with
 * each session confirmed. Card: one checkout for the total, followed like a booking's.
 */
export function paySeries({ seriesId, body }: PaySeriesInput): Promise<BookingSeries | CardPaymentAnswer> {
  return api<BookingSeries | CardPaymentAnswer>(`/payment/series/${encodeURIComponent(seriesId)}`, {
    method: 'POST',
    body,
  });
}

export function isSeriesCardAnswer(answer: BookingSeries | CardPaymentAnswer): answer is CardPaymentAnswer {
  return 'metadata' in answer && 'payment' in answer;
}

export function usePaySeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySeries,
    onSuccess: (answer) => {
      if (isSeriesCardAnswer(answer)) return undefined;
      for (const booking of answer.bookings) {
        queryClient.setQueryData(bookingKeys.one('client', booking.identifier), booking);
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]);
    },
  });
}

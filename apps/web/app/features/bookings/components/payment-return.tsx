import type { Booking } from '@app/shared/schemas/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletKeys } from '#app/api/keys/money';
import { usePaymentOutcome } from '#app/lib/use-payment-outcome';
import { PendingPayment } from '#app/ui/pending-payment';
import { useToast } from '#app/ui/toast';
import { getBooking } from '../api/get-booking';
import { bookingKeys } from '../api/keys';

export type PaymentOutcome = { kind: 'confirmed'; booking: Booking } | { kind: 'refunded' } | { kind: 'failed' };

/**
 * Back from the card checkout for a booking: the pending-payment overlay while GET
 * /payment/status/{reference} is asked every 5 seconds. Success: the booking is read again — it
 * is confirmed, or (the hold lapsed and the slot went to someone else) the money went back to
 * the wallet. Any other final status: 'Payment failed. Please try again.'
 */
export function PaymentReturn({
  bookingId,
  reference,
  onFinished,
}: {
  bookingId: string;
  reference: string;
  onFinished(outcome: PaymentOutcome): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const payment = usePaymentOutcome(reference, async (outcome) => {
    if (outcome === 'failed') {
      toast.error(t('wallet.paymentFailed'));
      onFinished({ kind: 'failed' });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    let booking: Booking;
    try {
      booking = await queryClient.fetchQuery({
        queryKey: bookingKeys.one('client', bookingId),
        queryFn: () => getBooking('client', bookingId),
        staleTime: 0,
      });
    } catch {
      toast.error(t('accounts.networkError'));
      onFinished({ kind: 'failed' });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: bookingKeys.lists });
    if (booking.status === 'confirmed') {
      toast.success(t('wallet.paymentSuccessful'));
      onFinished({ kind: 'confirmed', booking });
    } else {
      onFinished({ kind: 'refunded' });
    }
  });

  return <PendingPayment kind="paid" onRefresh={payment.refresh} />;
}

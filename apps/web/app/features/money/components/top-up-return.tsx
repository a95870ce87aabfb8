import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletKeys } from '#app/api/keys/money';
import { usePaymentOutcome } from '#app/lib/use-payment-outcome';
import { PendingPayment } from '#app/ui/pending-payment';
import { useToast } from '#app/ui/toast';

export interface TopUpReturnProps {
  /** The gateway's ?reference= on the way back from checkout. */
  reference: string;
  /** Called once the payment is final (the page then drops ?reference= from its address). */
  onFinished(outcome: 'success' | 'failed'): void;
}

/**
 * Back from the card checkout (SPEC.md §4 "Card top-up"): the pending-payment overlay while the
 * status is asked every 5 seconds; success says 'Payment successful!' and refreshes the balance,
 * any other final status says 'Payment failed. Please try again.'
 */
export function TopUpReturn({ reference, onFinished }: TopUpReturnProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const payment = usePaymentOutcome(reference, (outcome) => {
    if (outcome === 'success') {
      toast.success(t('wallet.paymentSuccessful'));
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } else {
      toast.error(t('wallet.paymentFailed'));
    }
    onFinished(outcome);
  });

  if (payment.outcome) return null;
  return <PendingPayment kind="paid" onRefresh={payment.refresh} />;
}

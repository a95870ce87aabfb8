import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../ui/toast';
import { isUnknownPayment, usePaymentStatus } from '../api/get-payment-status';
import { walletKeys } from '../api/keys';
import { PendingPayment } from './pending-payment';

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
  const status = usePaymentStatus(reference);
  const finished = useRef(false);

  const outcome =
    status.data?.status === 'success'
      ? 'success'
      : (status.data && status.data.status !== 'pending') || (status.isError && isUnknownPayment(status.error))
        ? 'failed'
        : null;

  useEffect(() => {
    if (!outcome || finished.current) return;
    finished.current = true;
    if (outcome === 'success') {
      toast.success(t('wallet.paymentSuccessful'));
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } else {
      toast.error(t('wallet.paymentFailed'));
    }
    onFinished(outcome);
  }, [outcome, toast, t, queryClient, onFinished]);

  if (outcome) return null;
  return <PendingPayment kind="paid" onRefresh={() => void status.refetch()} />;
}

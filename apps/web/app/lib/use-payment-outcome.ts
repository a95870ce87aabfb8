import { useEffect, useRef } from 'react';
import { isUnknownPayment, usePaymentStatus } from '#app/api/get-payment-status';

export type PaymentStatusOutcome = 'success' | 'failed';

/**
 * Back from the card checkout: polls the payment (usePaymentStatus) until it is final and then calls
 * `onFinal` once. Success is 'success'; any other final status, or a payment the server will not
 * tell about, is 'failed'. `outcome` is null while pending; `refresh` asks again now.
 */
export function usePaymentOutcome(reference: string, onFinal: (outcome: PaymentStatusOutcome) => void | Promise<void>) {
  const status = usePaymentStatus(reference);
  const finished = useRef(false);

  const outcome: PaymentStatusOutcome | null =
    status.data?.status === 'success'
      ? 'success'
      : (status.data && status.data.status !== 'pending') || (status.isError && isUnknownPayment(status.error))
        ? 'failed'
        : null;

  useEffect(() => {
    if (!outcome || finished.current) return;
    finished.current = true;
    void onFinal(outcome);
  }, [outcome, onFinal]);

  return { outcome, refresh: () => void status.refetch() };
}

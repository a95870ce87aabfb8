import type { PaymentStatusAnswer } from '@app/shared/schemas/wallet';
import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { walletKeys } from './keys/money';

/** SPEC.md §9: the payment status is asked every 5 seconds until it is final. */
export const PAYMENT_STATUS_POLL_MS = 5_000;

/** GET /payment/status/{reference}: pending, success, failed or abandoned. */
export function getPaymentStatus(reference: string): Promise<PaymentStatusAnswer> {
  return api<PaymentStatusAnswer>(`/payment/status/${encodeURIComponent(reference)}`);
}

/** A payment the server will not tell about (not ours, malformed) will never become final. */
export function isUnknownPayment(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function nextPoll(query: Query<PaymentStatusAnswer, Error>): number | false {
  const { data, error } = query.state;
  if (data && data.status !== 'pending') return false;
  if (isUnknownPayment(error)) return false;
  return PAYMENT_STATUS_POLL_MS;
}

export function paymentStatusQuery(reference: string) {
  return queryOptions({
    queryKey: walletKeys.paymentStatus(reference),
    queryFn: () => getPaymentStatus(reference),
    refetchInterval: nextPoll,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
    // The interval is the retry: a network blip is asked again 5 s later.
    retry: false,
  });
}

/** Polls a payment every 5 seconds while it is pending; stops once it is final. */
export function usePaymentStatus(reference: string) {
  return useQuery(paymentStatusQuery(reference));
}

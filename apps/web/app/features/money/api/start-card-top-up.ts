import type { CardPaymentAnswer, TopUpBody } from '@app/shared/schemas/wallet';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/**
 * POST /payment/wallet `{ amount (minor units), callbackUrl }`: starts a card top-up; the payer
 * goes on to `metadata.authorizationUrl`. The idempotency key makes a double submit one payment.
 */
export function startCardTopUp(body: TopUpBody, idempotencyKey: string): Promise<CardPaymentAnswer> {
  return api<CardPaymentAnswer>('/payment/wallet', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useStartCardTopUp() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TopUpBody; idempotencyKey: string }) =>
      startCardTopUp(body, idempotencyKey),
  });
}

import type { Payout } from '@app/shared/schemas/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

/** POST /earnings/payouts `{ amount }` (minor units) to the saved bank account. */
export function requestPayout(amount: number, idempotencyKey: string): Promise<Payout> {
  return api<Payout>('/earnings/payouts', {
    method: 'POST',
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      requestPayout(amount, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}

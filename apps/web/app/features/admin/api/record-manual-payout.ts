import type { ManualPayout, MarkPayoutFailedBody, MarkPayoutPaidBody } from '@app/shared/schemas/manual-payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

export type PayoutOutcome =
  | { outcome: 'paid'; body: MarkPayoutPaidBody }
  | { outcome: 'failed'; body: MarkPayoutFailedBody };

/** POST /admin/payouts/{id}/paid (the bank's reference) or /failed (why; the earnings return). */
export function recordManualPayout(payoutId: string, input: PayoutOutcome): Promise<ManualPayout> {
  return api<ManualPayout>(`/admin/payouts/${payoutId}/${input.outcome}`, { method: 'POST', body: input.body });
}

export function useRecordManualPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { payoutId: string } & PayoutOutcome) => recordManualPayout(input.payoutId, input),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

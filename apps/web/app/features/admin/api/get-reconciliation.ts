import type { Reconciliation } from '@app/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/operations/reconciliation: the ledger check, run on the server now. */
export function getReconciliation(): Promise<Reconciliation> {
  return api<Reconciliation>('/admin/operations/reconciliation');
}

export const reconciliationQuery = queryOptions({
  queryKey: adminKeys.reconciliation,
  queryFn: getReconciliation,
  staleTime: 60_000,
});

export function useReconciliation() {
  return useQuery(reconciliationQuery);
}

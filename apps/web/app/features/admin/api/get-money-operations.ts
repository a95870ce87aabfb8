import type { OperationsMoney } from '@app/shared/schemas/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/operations/money: payments and payouts waiting for the gateway. */
export function getMoneyOperations(): Promise<OperationsMoney> {
  return api<OperationsMoney>('/admin/operations/money');
}

export const moneyOperationsQuery = queryOptions({
  queryKey: adminKeys.money,
  queryFn: getMoneyOperations,
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export function useMoneyOperations() {
  return useQuery(moneyOperationsQuery);
}

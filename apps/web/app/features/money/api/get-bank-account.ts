import type { BankAccount } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

/** GET /earnings/bank-account: the payout account, or null before one is saved (the API's 404). */
export async function getBankAccount(): Promise<BankAccount | null> {
  try {
    return await api<BankAccount>('/earnings/bank-account');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const bankAccountQuery = queryOptions({ queryKey: earningsKeys.bankAccount, queryFn: getBankAccount });

export function useBankAccount() {
  return useQuery(bankAccountQuery);
}

import type { BankAccount, BankAccountBody } from '@app/shared/schemas/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { earningsKeys } from './earnings-keys';

/** PUT /earnings/bank-account: the provider's country decides which fields are required. */
export function saveBankAccount(body: BankAccountBody): Promise<BankAccount> {
  return api<BankAccount>('/earnings/bank-account', { method: 'PUT', body });
}

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankAccount,
    onSuccess: (account) => queryClient.setQueryData(earningsKeys.bankAccount, account),
  });
}

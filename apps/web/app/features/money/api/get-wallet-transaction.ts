import type { WalletTransactionDetail } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/transactions/{id}: one of the user's own entries, with its payment when it had one. */
export function getWalletTransaction(id: string): Promise<WalletTransactionDetail> {
  return api<WalletTransactionDetail>(`/wallet/transactions/${encodeURIComponent(id)}`);
}

export function walletTransactionQuery(id: string, language: string) {
  return queryOptions({ queryKey: walletKeys.transaction(id, language), queryFn: () => getWalletTransaction(id) });
}

export function useWalletTransaction(id: string, language: string) {
  return useQuery(walletTransactionQuery(id, language));
}

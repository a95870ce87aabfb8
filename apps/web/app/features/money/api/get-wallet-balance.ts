import type { WalletBalance } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/balance: `{ balance (minor units), currency }`. */
export function getWalletBalance(): Promise<WalletBalance> {
  return api<WalletBalance>('/wallet/balance');
}

export const walletBalanceQuery = queryOptions({ queryKey: walletKeys.balance, queryFn: getWalletBalance });

export function useWalletBalance() {
  return useQuery(walletBalanceQuery);
}

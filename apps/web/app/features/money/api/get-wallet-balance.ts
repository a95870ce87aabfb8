import type { WalletBalance } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#app/api/api-get';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/balance: `{ balance (minor units), currency }`. */
export const walletBalanceQuery = queryOptions({
  queryKey: walletKeys.balance,
  ...apiGet<WalletBalance>('/wallet/balance'),
});

export function useWalletBalance() {
  return useQuery(walletBalanceQuery);
}

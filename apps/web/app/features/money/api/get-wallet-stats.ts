import type { WalletStats } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#app/api/api-get';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/stats: money in and out, ever and this month (minor units). */
export const walletStatsQuery = queryOptions({ queryKey: walletKeys.stats, ...apiGet<WalletStats>('/wallet/stats') });

export function useWalletStats() {
  return useQuery(walletStatsQuery);
}

import type { WalletStats } from '@app/shared/schemas/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/stats: money in and out, ever and this month (minor units). */
export function getWalletStats(): Promise<WalletStats> {
  return api<WalletStats>('/wallet/stats');
}

export const walletStatsQuery = queryOptions({ queryKey: walletKeys.stats, queryFn: getWalletStats });

export function useWalletStats() {
  return useQuery(walletStatsQuery);
}

import type { WalletCharts } from '@app/shared/schemas/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/charts: the client's spending and top-ups per month and currency. */
export function getWalletCharts(): Promise<WalletCharts> {
  return api<WalletCharts>('/wallet/charts');
}

export const walletChartsQuery = queryOptions({ queryKey: walletKeys.charts, queryFn: getWalletCharts });

export function useWalletCharts() {
  return useQuery(walletChartsQuery);
}

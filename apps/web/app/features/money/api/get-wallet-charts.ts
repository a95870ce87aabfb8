import type { WalletCharts } from '@app/shared/schemas/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '#app/api/api-get';
import { walletKeys } from '#app/api/keys/money';

/** GET /wallet/charts: the client's spending and top-ups per month and currency. */
export const walletChartsQuery = queryOptions({
  queryKey: walletKeys.charts,
  ...apiGet<WalletCharts>('/wallet/charts'),
});

export function useWalletCharts() {
  return useQuery(walletChartsQuery);
}

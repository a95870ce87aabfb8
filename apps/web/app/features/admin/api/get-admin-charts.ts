import type { AdminChartPeriod, AdminCharts } from '@app/shared/schemas/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/charts?days=: the back office's home charts. */
export function getAdminCharts(days: AdminChartPeriod): Promise<AdminCharts> {
  return api<AdminCharts>(`/admin/charts?days=${days}`);
}

export const adminChartsQuery = (days: AdminChartPeriod) =>
  queryOptions({ queryKey: adminKeys.charts(days), queryFn: () => getAdminCharts(days), staleTime: 60_000 });

export function useAdminCharts(days: AdminChartPeriod) {
  return useQuery(adminChartsQuery(days));
}

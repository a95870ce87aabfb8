import type { FormsOverview } from '@app/shared/schemas/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/overview (provider): submissions (urgent first) and forms awaiting the client. */
export function getFormsOverview(clientId?: string): Promise<FormsOverview> {
  return api<FormsOverview>(clientId ? `/forms/overview?clientId=${clientId}` : '/forms/overview');
}

export const formsOverviewQuery = (clientId?: string) =>
  queryOptions({ queryKey: formKeys.overview(clientId), queryFn: () => getFormsOverview(clientId), staleTime: 0 });

export function useFormsOverview(clientId?: string) {
  return useQuery(formsOverviewQuery(clientId));
}

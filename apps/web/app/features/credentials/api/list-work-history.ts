import type { WorkHistory } from '@app/shared/schemas/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { credentialKeys } from './keys';

/** GET /provider/experience. */
export async function listWorkHistory(): Promise<WorkHistory[]> {
  return (await api<{ data: WorkHistory[] }>('/provider/experience')).data;
}

export const workHistoryQuery = queryOptions({ queryKey: credentialKeys.workHistory, queryFn: listWorkHistory });

export function useWorkHistory() {
  return useQuery(workHistoryQuery);
}

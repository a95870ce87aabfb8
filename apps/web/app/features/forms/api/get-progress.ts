import type { Progress } from '@app/shared/schemas/forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** GET /forms/progress (the client's own) or /forms/clients/{id}/progress (a provider's client). */
export function getProgress(clientId?: string): Promise<Progress> {
  return api<Progress>(clientId ? `/forms/clients/${clientId}/progress` : '/forms/progress');
}

export const progressQuery = (clientId?: string) =>
  queryOptions({
    queryKey: formKeys.progress(clientId),
    queryFn: () => getProgress(clientId),
    staleTime: 0,
    gcTime: 0,
  });

export function useProgress(clientId?: string) {
  return useQuery(progressQuery(clientId));
}

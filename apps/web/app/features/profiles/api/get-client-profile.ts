import type { ClientProfile } from '@app/shared/schemas/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** GET /client: the signed-in client's profile (with emergency contact). */
export function getClientProfile(): Promise<ClientProfile> {
  return api<ClientProfile>('/client');
}

export const clientProfileQuery = queryOptions({ queryKey: profileKeys.client, queryFn: getClientProfile });

export function useClientProfile() {
  return useQuery(clientProfileQuery);
}

import type { ProviderProfile } from '@app/shared/schemas/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** GET /provider: profile, booking fee, setup completeness and preferences of the signed-in provider. */
export function getProviderProfile(): Promise<ProviderProfile> {
  return api<ProviderProfile>('/provider');
}

export const providerProfileQuery = queryOptions({ queryKey: profileKeys.provider, queryFn: getProviderProfile });

export function useProviderProfile(enabled = true) {
  return useQuery({ ...providerProfileQuery, enabled });
}

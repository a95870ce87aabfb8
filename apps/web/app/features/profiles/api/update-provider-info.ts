import type { ProviderInfoUpdate, ProviderProfile } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** POST /provider/update/info. */
export function updateProviderInfo(input: ProviderInfoUpdate): Promise<ProviderProfile> {
  return api<ProviderProfile>('/provider/update/info', { method: 'POST', body: input });
}

export function useUpdateProviderInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProviderInfo,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.provider, profile),
  });
}

import type { ProviderProfile, ProviderSetup } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** POST /provider/setup: the onboarding step (practice details, therapies, modalities, specialities). */
export function setupProvider(input: ProviderSetup): Promise<ProviderProfile> {
  return api<ProviderProfile>('/provider/setup', { method: 'POST', body: input });
}

export function useSetupProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupProvider,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.provider, profile);
      return queryClient.invalidateQueries({ queryKey: ['profiles', 'preferences', 'provider'] });
    },
  });
}

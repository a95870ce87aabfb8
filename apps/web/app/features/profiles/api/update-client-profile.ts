import type { ClientProfile, ClientProfileUpdate } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** PUT /client: userName plus any optional field (null clears it). */
export function updateClientProfile(input: ClientProfileUpdate): Promise<ClientProfile> {
  return api<ClientProfile>('/client', { method: 'PUT', body: input });
}

export function useUpdateClientProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.client, profile),
  });
}

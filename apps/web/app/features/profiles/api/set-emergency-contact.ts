import type { EmergencyContact } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** POST /client/emergency-contact. */
export function setEmergencyContact(input: EmergencyContact): Promise<EmergencyContact> {
  return api<EmergencyContact>('/client/emergency-contact', { method: 'POST', body: input });
}

export function useSetEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmergencyContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.client }),
  });
}

import type { Photo } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** DELETE /client/profile-picture (also clears a chosen avatar). */
export function deleteClientPicture(): Promise<Photo> {
  return api<Photo>('/client/profile-picture', { method: 'DELETE' });
}

export function useDeleteClientPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientPicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.client }),
  });
}

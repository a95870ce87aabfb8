import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** POST /client/avatar/{id}: the avatar becomes the client's picture. */
export function chooseAvatar(avatarId: string): Promise<{ photoUrl: string }> {
  return api<{ photoUrl: string }>(`/client/avatar/${encodeURIComponent(avatarId)}`, { method: 'POST' });
}

export function useChooseAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.client }),
  });
}

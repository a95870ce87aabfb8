import type { Photo } from '@app/shared/schemas/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

export type PictureOwner = 'client' | 'provider';

/** POST /client/profile-picture or /provider/update/photo: multipart, field `file`. */
export function uploadProfilePicture(owner: PictureOwner, image: Blob): Promise<Photo> {
  const form = new FormData();
  form.append('file', image, image instanceof File ? image.name : 'profile.jpg');
  const path = owner === 'client' ? '/client/profile-picture' : '/provider/update/photo';
  return api<Photo>(path, { method: 'POST', body: form });
}

export function useUploadProfilePicture(owner: PictureOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadProfilePicture(owner, image),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: owner === 'client' ? profileKeys.client : profileKeys.provider }),
  });
}

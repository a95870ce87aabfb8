import type { Avatar } from '@app/shared/schemas/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { profileKeys } from '#app/api/keys/profiles';

/** GET /client/avatars: the 12 avatars, by position. */
export function listAvatars(): Promise<Avatar[]> {
  return api<Avatar[]>('/client/avatars');
}

export const avatarsQuery = queryOptions({
  queryKey: profileKeys.avatars,
  queryFn: listAvatars,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAvatars(enabled = true) {
  return useQuery({ ...avatarsQuery, enabled });
}

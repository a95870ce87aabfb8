import type { GoogleLinkInfo } from '@app/shared/schemas/auth-google';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** GET /auth/google/link: the account waiting to be proven, by the httpOnly link cookie the callback set. */
export function getGoogleLink(): Promise<GoogleLinkInfo> {
  return api<GoogleLinkInfo>('/auth/google/link', { anonymous: true });
}

export const googleLinkQuery = () =>
  queryOptions({ queryKey: ['auth', 'google-link'], queryFn: getGoogleLink, retry: false, staleTime: 0 });

export function useGoogleLink() {
  return useQuery(googleLinkQuery());
}

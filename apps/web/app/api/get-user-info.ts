import type { UserInfo } from '@app/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const userInfoQueryKey = ['auth', 'user-info'] as const;

/** GET /user/info: the signed-in user (email, role, isSocial, …). */
export function getUserInfo(): Promise<UserInfo> {
  return api<UserInfo>('/user/info');
}

export const userInfoQuery = queryOptions({ queryKey: userInfoQueryKey, queryFn: getUserInfo });

export function useUserInfo() {
  return useQuery(userInfoQuery);
}

import type { UserInfo } from '@app/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-get';

export const userInfoQueryKey = ['auth', 'user-info'] as const;

/**
 * GET /user/info: the signed-in user (email, role, isSocial, …). Its hook is `useUserInfo` in
 * `./use-user-info`: the directory and a provider's page read the user's zone through these
 * options (`useViewerZone`) without importing the query library's hooks.
 */
export const userInfoQuery = queryOptions({ queryKey: userInfoQueryKey, ...apiGet<UserInfo>('/user/info') });

import type { AdminUserPage, UserAccountStatus } from '@app/shared/schemas/admin';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export interface UserQuery {
  searchQuery?: string;
  role?: UserRole;
  status?: UserAccountStatus;
  page: number;
}

/** GET /admin/users. */
export function listUsers(query: UserQuery): Promise<AdminUserPage> {
  return api<AdminUserPage>(`/admin/users${queryString({ ...query })}`);
}

export const usersQuery = (query: UserQuery) =>
  queryOptions({ queryKey: adminKeys.users(query), queryFn: () => listUsers(query), staleTime: 15_000 });

export function useUsers(query: UserQuery) {
  return useQuery({ ...usersQuery(query), placeholderData: keepPreviousData });
}

import type { AdminFlagList } from '@app/shared/schemas/flags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** GET /admin/flags. */
export function listFlags(): Promise<AdminFlagList> {
  return api<AdminFlagList>('/admin/flags');
}

export const flagsQuery = () => queryOptions({ queryKey: adminKeys.flags, queryFn: listFlags, staleTime: 15_000 });

export function useAdminFlags() {
  return useQuery(flagsQuery());
}

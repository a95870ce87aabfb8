import type { AdminFlag, AdminFlagList, FlagKey, FlagRule } from '@app/shared/schemas/flags';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

const flagsKey = [...adminKeys.all, 'flags'] as const;

/** GET /admin/flags. */
export function listFlags(): Promise<AdminFlagList> {
  return api<AdminFlagList>('/admin/flags');
}

/** PUT /admin/flags/{key}. */
export function updateFlag(key: FlagKey, rule: FlagRule): Promise<AdminFlag> {
  return api<AdminFlag>(`/admin/flags/${key}`, { method: 'PUT', body: rule });
}

export const flagsQuery = () => queryOptions({ queryKey: flagsKey, queryFn: listFlags, staleTime: 15_000 });

export function useAdminFlags() {
  return useQuery(flagsQuery());
}

/** Saving a flag refreshes the back office (the audit log shows the edit) and the visitor's own flags. */
export function useUpdateFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: FlagKey; rule: FlagRule }) => updateFlag(input.key, input.rule),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.all });
      void client.invalidateQueries({ queryKey: ['flags'] });
    },
  });
}

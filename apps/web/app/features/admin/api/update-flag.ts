import type { AdminFlag, FlagKey, FlagRule } from '@app/shared/schemas/flags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys } from './keys';

/** PUT /admin/flags/{key}. */
export function updateFlag(key: FlagKey, rule: FlagRule): Promise<AdminFlag> {
  return api<AdminFlag>(`/admin/flags/${key}`, { method: 'PUT', body: rule });
}

/** Saving a flag refreshes the back office (the audit log shows the edit) and this browser's own flags. */
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

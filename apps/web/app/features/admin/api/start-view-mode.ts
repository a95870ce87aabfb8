import type { ViewModeAnswer } from '@app/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { enterViewMode } from '#app/api/session';

/** POST /admin/view-mode {userIdentifier}: a read-only token to see the app as that user. */
export function startViewMode(userIdentifier: string): Promise<ViewModeAnswer> {
  return api<ViewModeAnswer>('/admin/view-mode', { method: 'POST', body: { userIdentifier } });
}

/**
 * Starts view mode in this tab: nothing cached from the admin's screens may show in the viewed
 * user's, so the whole query cache is dropped before the app runs on the view token.
 */
export function useStartViewMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startViewMode,
    onSuccess: (answer) => {
      client.clear();
      enterViewMode({
        identifier: answer.identifier,
        token: answer.token,
        expiresAt: Date.now() + answer.expiresIn * 1000,
        user: answer.user,
      });
    },
  });
}

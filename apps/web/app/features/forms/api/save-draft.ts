import type { Answers } from '@app/shared/schemas/forms';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/api/client';

/** PUT /forms/requests/{id}/draft: the answers so far (autosave). */
export function saveDraft(requestId: string, answers: Answers): Promise<{ draftSavedAt: string }> {
  return api<{ draftSavedAt: string }>(`/forms/requests/${requestId}/draft`, { method: 'PUT', body: { answers } });
}

export function useSaveDraft(requestId: string) {
  return useMutation({ mutationFn: (answers: Answers) => saveDraft(requestId, answers) });
}

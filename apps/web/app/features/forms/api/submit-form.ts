import type { Answers, SubmitAnswer } from '@app/shared/schemas/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { formKeys } from './keys';

/** POST /forms/requests/{id}/submit: the final answers; a submitted questionnaire cannot change. */
export function submitForm(requestId: string, answers: Answers): Promise<SubmitAnswer> {
  return api<SubmitAnswer>(`/forms/requests/${requestId}/submit`, { method: 'POST', body: { answers } });
}

export function useSubmitForm(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) => submitForm(requestId, answers),
    onSuccess: (answer) => {
      queryClient.setQueryData(formKeys.one(requestId), answer.request);
      return queryClient.invalidateQueries({ queryKey: formKeys.mine() });
    },
  });
}

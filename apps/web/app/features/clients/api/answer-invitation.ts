import type { InvitationAnswer, InvitationDecision } from '@app/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { clientKeys } from './keys';

/** POST /client/invitations/{id}/accept|decline. */
export function answerInvitation(input: { id: string; decision: InvitationDecision }): Promise<InvitationAnswer> {
  return api<InvitationAnswer>(`/client/invitations/${input.id}/${input.decision}`, { method: 'POST' });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.invitations }),
  });
}

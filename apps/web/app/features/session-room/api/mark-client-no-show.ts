import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { roomKeys } from './keys';

/** POST /appointment/{id}/client-no-show (provider): within 24 hours of the end. */
export function markClientNoShow(bookingId: string): Promise<SessionOutcomeAnswer> {
  return api<SessionOutcomeAnswer>(`/appointment/${encodeURIComponent(bookingId)}/client-no-show`, { method: 'POST' });
}

export function useMarkClientNoShow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markClientNoShow,
    onSuccess: (answer) => client.setQueryData(roomKeys.outcome(answer.bookingIdentifier), answer),
  });
}

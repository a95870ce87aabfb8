import type { Booking } from '@app/shared/schemas/bookings';
import type { RebookBody } from '@app/shared/schemas/session-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { roomKeys } from './keys';

/** POST /booking/{id}/rebook (client): the replacement of a missed or interrupted session, at the price agreed. */
export function rebookSession(input: { bookingId: string; body: RebookBody }): Promise<Booking> {
  return api<Booking>(`/booking/${encodeURIComponent(input.bookingId)}/rebook`, { method: 'POST', body: input.body });
}

export function useRebookSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rebookSession,
    onSettled: (_answer, _error, input) => client.invalidateQueries({ queryKey: roomKeys.outcome(input.bookingId) }),
  });
}

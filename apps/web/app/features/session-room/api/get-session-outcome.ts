import type { SessionOutcomeAnswer } from '@app/shared/schemas/session-room';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { roomKeys } from './keys';

/** GET /booking/{id}/outcome (either participant): what happened, who was in the room when, what may still be done. */
export function getSessionOutcome(bookingId: string): Promise<SessionOutcomeAnswer> {
  return api<SessionOutcomeAnswer>(`/booking/${encodeURIComponent(bookingId)}/outcome`);
}

export const sessionOutcomeQuery = (bookingId: string) =>
  queryOptions({
    queryKey: roomKeys.outcome(bookingId),
    queryFn: () => getSessionOutcome(bookingId),
    staleTime: 60_000,
  });

export function useSessionOutcome(bookingId: string, enabled = true) {
  return useQuery({ ...sessionOutcomeQuery(bookingId), enabled });
}

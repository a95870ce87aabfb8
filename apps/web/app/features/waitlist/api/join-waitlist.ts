import type { JoinWaitlistBody, WaitlistEntry } from '@app/shared/schemas/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { waitlistKey } from './list-waitlist';

/** POST /waitlist: the client waits for an earlier slot with a provider. */
export function joinWaitlist(body: JoinWaitlistBody): Promise<WaitlistEntry> {
  return api<WaitlistEntry>('/waitlist', { method: 'POST', body });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

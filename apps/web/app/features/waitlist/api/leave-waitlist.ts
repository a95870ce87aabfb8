import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { waitlistKey } from './list-waitlist';

/** DELETE /waitlist/{id}: the client leaves; a slot held for them passes to the next person. */
export function leaveWaitlist(entryId: string): Promise<void> {
  return api<void>(`/waitlist/${entryId}`, { method: 'DELETE' });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waitlistKey }),
  });
}

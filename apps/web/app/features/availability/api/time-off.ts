import type { TimeOff, TimeOffInput, TimeOffList } from '@app/shared/schemas/availability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** GET /provider-availability/time-off: the ranges not yet over, each with the sessions booked inside. */
export function listTimeOff(): Promise<TimeOffList> {
  return api<TimeOffList>('/provider-availability/time-off');
}

export const timeOffQuery = queryOptions({ queryKey: availabilityKeys.timeOff, queryFn: listTimeOff });

export function useTimeOff() {
  return useQuery(timeOffQuery);
}

/** POST /provider-availability/time-off. */
export function addTimeOff(input: TimeOffInput): Promise<TimeOff> {
  return api<TimeOff>('/provider-availability/time-off', { method: 'POST', body: input });
}

/** DELETE /provider-availability/time-off/{id}. */
export function deleteTimeOff(id: string): Promise<null> {
  return api<null>(`/provider-availability/time-off/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useTimeOffMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Time off changes the list and which slots every month shows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}

export const useAddTimeOff = () => useTimeOffMutation(addTimeOff);
export const useDeleteTimeOff = () => useTimeOffMutation(deleteTimeOff);

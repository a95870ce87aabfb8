import type { CalendarDay, CustomDayInput } from '@app/shared/schemas/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** POST /provider-availability/days/custom: creates or replaces a date's entry (edits one with identifier). */
export function saveCustomDay(input: CustomDayInput): Promise<CalendarDay> {
  return api<CalendarDay>('/provider-availability/days/custom', { method: 'POST', body: input });
}

export function useSaveCustomDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomDay,
    onSuccess: (_day, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKeys.custom(input.categoryIdentifier ?? null) }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.providerMonths }),
      ]),
  });
}

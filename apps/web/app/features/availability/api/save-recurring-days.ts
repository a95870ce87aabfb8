import type { RecurringDaysInput, WeeklyDay } from '@app/shared/schemas/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';

/** POST /provider-availability/days/recurring: sets the weekdays sent; answers all 7. */
export function saveRecurringDays(input: RecurringDaysInput): Promise<WeeklyDay[]> {
  return api<WeeklyDay[]>('/provider-availability/days/recurring', { method: 'POST', body: input });
}

export function useSaveRecurringDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecurringDays,
    onSuccess: (days, input) => {
      queryClient.setQueryData(availabilityKeys.weekly(input.categoryIdentifier ?? null), days);
      return queryClient.invalidateQueries({ queryKey: availabilityKeys.providerMonths });
    },
  });
}

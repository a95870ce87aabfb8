import type { ExternalCalendarList } from '@app/shared/schemas/calendar-feeds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { availabilityKeys } from '#app/api/keys/availability';
import { externalCalendarsKey } from './list-external-calendars';

/** DELETE /provider-availability/external-calendars/{id}: removes it; its busy times free their slots. */
export function removeExternalCalendar(calendarId: string): Promise<ExternalCalendarList> {
  return api<ExternalCalendarList>(`/provider-availability/external-calendars/${calendarId}`, { method: 'DELETE' });
}

export function useRemoveExternalCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeExternalCalendar,
    onSuccess: (list) => {
      queryClient.setQueryData(externalCalendarsKey, list);
      return queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}

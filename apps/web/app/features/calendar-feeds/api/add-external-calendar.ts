import type { AddExternalCalendarBody, ExternalCalendarList } from '@app/shared/schemas/calendar-feeds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { externalCalendarsKey } from './list-external-calendars';

/** POST /provider-availability/external-calendars: adds a calendar by its secret address. */
export function addExternalCalendar(body: AddExternalCalendarBody): Promise<ExternalCalendarList> {
  return api<ExternalCalendarList>('/provider-availability/external-calendars', { method: 'POST', body });
}

export function useAddExternalCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addExternalCalendar,
    onSuccess: (list) => queryClient.setQueryData(externalCalendarsKey, list),
  });
}

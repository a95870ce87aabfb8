import type { ExternalCalendarList } from '@app/shared/schemas/calendar-feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export const externalCalendarsKey = ['calendar-feeds', 'external'] as const;

/** GET /provider-availability/external-calendars: the provider's external calendars and their last check. */
export function listExternalCalendars(): Promise<ExternalCalendarList> {
  return api<ExternalCalendarList>('/provider-availability/external-calendars');
}

/** Polls every 2 s while a calendar waits for its first check (the server fetches it right after it is added). */
export const externalCalendarsQuery = queryOptions({
  queryKey: externalCalendarsKey,
  queryFn: listExternalCalendars,
  refetchInterval: (query) =>
    query.state.data?.calendars.some((calendar) => calendar.status === 'pending') ? 2000 : false,
});

export function useExternalCalendars() {
  return useQuery(externalCalendarsQuery);
}

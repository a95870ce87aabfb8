import type { CalendarFeed } from '@app/shared/schemas/calendar-feeds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';

export const calendarFeedKey = ['calendar-feeds', 'own'] as const;

/** GET /calendar-feed: the signed-in person's feed addresses (null until made) and their choice of names. */
export function getCalendarFeed(): Promise<CalendarFeed> {
  return api<CalendarFeed>('/calendar-feed');
}

export const calendarFeedQuery = queryOptions({ queryKey: calendarFeedKey, queryFn: getCalendarFeed });

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

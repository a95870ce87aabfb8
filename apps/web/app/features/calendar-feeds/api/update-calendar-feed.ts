import type { CalendarFeed, UpdateCalendarFeedBody } from '@app/shared/schemas/calendar-feeds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { calendarFeedKey } from './get-calendar-feed';

/** PATCH /calendar-feed: whether entries show the other person's first name. */
export function updateCalendarFeed(body: UpdateCalendarFeedBody): Promise<CalendarFeed> {
  return api<CalendarFeed>('/calendar-feed', { method: 'PATCH', body });
}

export function useUpdateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

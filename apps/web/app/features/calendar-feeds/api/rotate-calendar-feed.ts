import type { CalendarFeed } from '@app/shared/schemas/calendar-feeds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { calendarFeedKey } from './get-calendar-feed';

/** POST /calendar-feed/token: makes the feed address, or a new one in place of the old. */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return api<CalendarFeed>('/calendar-feed/token', { method: 'POST' });
}

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

import { api } from '#app/api/client';

/**
 * GET /booking/{id}/calendar.ics: the session as an iCalendar file. The route needs the bearer
 * token, so a plain link cannot fetch it: the text is fetched and saved through a blob.
 */
export function getCalendarFile(bookingId: string): Promise<string> {
  return api<string>(`/booking/${bookingId}/calendar.ics`);
}

import type { Note } from '@app/shared/schemas/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

/** GET /note/booking/{id}: the notes of one session. */
export async function listBookingNotes(bookingId: string): Promise<Note[]> {
  return (await api<{ data: Note[] }>(`/note/booking/${bookingId}`)).data;
}

export const bookingNotesQuery = (bookingId: string) =>
  queryOptions({ queryKey: noteKeys.booking(bookingId), queryFn: () => listBookingNotes(bookingId) });

export function useBookingNotes(bookingId: string) {
  return useQuery(bookingNotesQuery(bookingId));
}

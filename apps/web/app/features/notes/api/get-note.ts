import type { Note } from '@app/shared/schemas/notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

/** GET /note/{id}: one note with a short-lived link to its file (each read is recorded). */
export function getNote(noteId: string): Promise<Note> {
  return api<Note>(`/note/${noteId}`);
}

export const noteQuery = (noteId: string) =>
  // The file link lives 5 minutes: never reuse a stale one.
  queryOptions({ queryKey: noteKeys.one(noteId), queryFn: () => getNote(noteId), staleTime: 0, gcTime: 0 });

export function useNote(noteId: string | null) {
  return useQuery({ ...noteQuery(noteId ?? ''), enabled: noteId !== null });
}

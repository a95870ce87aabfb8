import type { Note, UpdateNoteBody } from '@app/shared/schemas/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

/** PUT /note/{id}: title, content, and the booking's id for a session note. */
export function updateNote(noteId: string, body: UpdateNoteBody): Promise<Note> {
  return api<Note>(`/note/${noteId}`, { method: 'PUT', body });
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { noteId: string; body: UpdateNoteBody }) => updateNote(input.noteId, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

import type { Note, NoteType } from '@app/shared/schemas/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

export interface NewNote {
  type: NoteType;
  /** The booking's id (session note) or the client's identifier (client note). */
  reference: string;
  title: string;
  content: string;
  file?: File | null;
}

/** POST /note (multipart: file, title, content, reference, type). */
export function createNote(input: NewNote): Promise<Note> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('reference', input.reference);
  form.append('title', input.title);
  form.append('content', input.content);
  if (input.file) form.append('file', input.file, input.file.name);
  return api<Note>('/note', { method: 'POST', body: form });
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

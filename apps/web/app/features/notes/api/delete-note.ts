import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { noteKeys } from './keys';

/** DELETE /note/{id}: answers the translated "Session Note Deleted" / "Client Note Deleted". */
export function deleteNote(noteId: string): Promise<{ message: string; identifier: string }> {
  return api(`/note/${noteId}`, { method: 'DELETE' });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

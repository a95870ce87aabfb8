import { AddNoteDialog } from './add-note-dialog';
import { DeleteNoteDialog } from './delete-note-dialog';
import { EditNoteDialog } from './edit-note-dialog';
import { ViewNoteDialog } from './view-note-dialog';

/** Every note dialog of a page; each reads its props from the modal manager. */
export function NoteDialogs() {
  return (
    <>
      <AddNoteDialog />
      <EditNoteDialog />
      <DeleteNoteDialog />
      <ViewNoteDialog />
    </>
  );
}

import type { Note } from '@app/shared/schemas/notes';

/** Names of the note dialogs in the modal manager (only one dialog is open at a time). */
export const NOTE_MODALS = {
  add: 'note-add',
  edit: 'note-edit',
  remove: 'note-delete',
  view: 'note-view',
} as const;

/** A session the add dialog can attach a session note to. */
export interface NoteSession {
  identifier: string;
  startAt: string | null;
}

export interface AddNoteProps {
  /** The client's identifier (client notes); missing means "Client ID is missing". */
  clientId?: string | null;
  /** Sessions to choose from for a session note; one fixed session when opened from a booking. */
  sessions: NoteSession[];
  /** Opened from a session: only session notes, on this one. */
  bookingId?: string;
}

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'note-add': AddNoteProps;
    'note-edit': { note: Note; sessions: NoteSession[] };
    'note-delete': { note: Note };
    'note-view': { noteId: string };
  }
}

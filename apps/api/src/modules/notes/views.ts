import type { Note } from '@app/shared/schemas/notes';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, notes, providerClients } from '../../db/schema/index.ts';
import { CONTENT_TYPES, type FileKind } from '../../platform/uploads/sniff.ts';
import { type NoteKeyring, noteAad, unsealText } from './crypto.ts';
import { signNoteFileLink } from './note-files.ts';

export type NoteRecord = typeof notes.$inferSelect;

/** A note row with what its answer needs besides: the client's identifier and the session's start. */
export interface NoteRow extends NoteRecord {
  clientIdentifier: string;
  bookingStartsAt: Date | null;
}

/** The columns of a NoteRow over notes, their client record and their session. */
export const noteRowColumns = {
  id: notes.id,
  providerId: notes.providerId,
  providerClientId: notes.providerClientId,
  bookingId: notes.bookingId,
  type: notes.type,
  keyId: notes.keyId,
  title: notes.title,
  content: notes.content,
  fileKey: notes.fileKey,
  fileName: notes.fileName,
  fileKind: notes.fileKind,
  fileSize: notes.fileSize,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  clientIdentifier: sql<string>`coalesce(${providerClients.userId}, ${providerClients.id})`,
  bookingStartsAt: bookings.startsAt,
};

export function toNote(
  row: NoteRow,
  context: { ring: NoteKeyring; secret: string; now: Date; withFileLink: boolean },
): Note {
  const open = (value: Buffer | null, field: 'title' | 'content' | 'file-name') =>
    value ? unsealText(context.ring, row.keyId, value, noteAad(row.id, field)) : '';
  const kind = row.fileKind as FileKind | null;
  return {
    identifier: row.id,
    type: row.type,
    title: open(row.title, 'title'),
    content: open(row.content, 'content'),
    reference: row.type === 'booking' && row.bookingId ? row.bookingId : row.clientIdentifier,
    clientIdentifier: row.clientIdentifier,
    booking: row.bookingId
      ? { identifier: row.bookingId, startAt: row.bookingStartsAt ? row.bookingStartsAt.toISOString() : null }
      : null,
    file:
      row.fileKey && kind
        ? {
            filename: open(row.fileName, 'file-name'),
            contentType: CONTENT_TYPES[kind] ?? 'application/octet-stream',
            size: row.fileSize ?? 0,
            url: context.withFileLink
              ? signNoteFileLink(context.secret, { noteId: row.id, providerId: row.providerId, now: context.now })
              : null,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Notes by a condition on the notes table, with their client and session (one statement). */
export function selectNoteRows(db: Tx) {
  return db
    .select(noteRowColumns)
    .from(notes)
    .innerJoin(providerClients, eq(providerClients.id, notes.providerClientId))
    .leftJoin(bookings, eq(bookings.id, notes.bookingId));
}

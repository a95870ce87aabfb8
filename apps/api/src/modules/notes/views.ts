import type { Note } from '@app/shared/schemas/notes';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, bufferOf, notes, providerClients } from '../../db/schema/index.ts';
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

/** A NoteRow as a hand-written statement gives it (rawNoteSelect): bytes as the driver has them. */
export interface RawNoteRow {
  id: string;
  providerId: string;
  providerClientId: string;
  bookingId: string | null;
  type: 'booking' | 'client';
  keyId: string;
  title: Buffer | Uint8Array;
  content: Buffer | Uint8Array | null;
  fileKey: string | null;
  fileName: Buffer | Uint8Array | null;
  fileKind: string | null;
  fileSize: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  clientIdentifier: string;
  bookingStartsAt: Date | string | null;
}

/** The select of RawNoteRows matching `condition` (on notes), for statements written by hand. */
export function rawNoteSelect(condition: SQL) {
  return sql`SELECT notes.id, notes.provider_id AS "providerId", notes.provider_client_id AS "providerClientId",
           notes.booking_id AS "bookingId", notes.type, notes.key_id AS "keyId", notes.title, notes.content,
           notes.file_key AS "fileKey", notes.file_name AS "fileName", notes.file_kind AS "fileKind",
           notes.file_size AS "fileSize", notes.created_at AS "createdAt", notes.updated_at AS "updatedAt",
           coalesce(provider_clients.user_id, provider_clients.id) AS "clientIdentifier",
           bookings.starts_at AS "bookingStartsAt"
      FROM notes
      JOIN provider_clients ON provider_clients.id = notes.provider_client_id
      LEFT JOIN bookings ON bookings.id = notes.booking_id
     WHERE ${condition}`;
}

export function fromRawNoteRow(row: RawNoteRow): NoteRow {
  return {
    ...row,
    title: bufferOf(row.title),
    content: row.content ? bufferOf(row.content) : null,
    fileName: row.fileName ? bufferOf(row.fileName) : null,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    bookingStartsAt: row.bookingStartsAt === null ? null : new Date(row.bookingStartsAt),
  };
}

import { randomUUID } from 'node:crypto';
import {
  CLIENT_NOTE_FILE_ACCEPT,
  CLIENT_NOTE_FILE_KINDS,
  ClientFileNoteBodySchema,
  CreateClientNoteBodySchema,
  CreateNoteFieldsSchema,
  CreateSessionNoteBodySchema,
  type Note,
  NoteTextSchema,
  SESSION_NOTE_FILE_ACCEPT,
  SESSION_NOTE_FILE_KINDS,
  SessionFileNoteBodySchema,
  UpdateNoteBodySchema,
} from '@app/shared/schemas/notes';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, notes } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { MAX_UPLOAD_BYTES, safeFileName, sniffFile } from '../../platform/uploads/sniff.ts';
import { ensureClientRecord, resolveClient } from '../clients/relation.ts';
import { recordNoteAccess } from './access-log.ts';
import { keyringOf, noteAad, sealText } from './crypto.ts';
import { noteFileKey, putNoteFile, removeNoteFiles } from './note-files.ts';
import { loadOwnNoteRow } from './read-notes.ts';
import { parseOrFail } from './validation.ts';
import { toNote } from './views.ts';

export interface NoteUpload {
  filename: string;
  bytes: Buffer;
}

type NoteDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'privateStorage'>;

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** One of the provider's bookings (someone else's, or none: NOT_FOUND). */
async function ownBooking(db: Tx, providerId: string, bookingId: string): Promise<{ id: string; clientId: string }> {
  const [row] = await db
    .select({ id: bookings.id, clientId: bookings.clientId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.providerId, providerId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The client record a note is about: the session's client, or the client named on the page. */
async function clientRecordFor(
  db: Tx,
  input: { providerId: string; type: 'booking' | 'client'; reference: string; now: Date },
): Promise<{ recordId: string; bookingId: string | null }> {
  if (input.type === 'booking') {
    const booking = await ownBooking(db, input.providerId, input.reference);
    const client = await resolveClient(db, { providerId: input.providerId, id: booking.clientId });
    return {
      recordId: await ensureClientRecord(db, { providerId: input.providerId, client, now: input.now }),
      bookingId: booking.id,
    };
  }
  const client = await resolveClient(db, { providerId: input.providerId, id: input.reference });
  return {
    recordId: await ensureClientRecord(db, { providerId: input.providerId, client, now: input.now }),
    bookingId: null,
  };
}

/**
 * POST /note (multipart: title, content, reference, type, optional file): a session note on one
 * of the provider's bookings or a client note on one of their clients. Title, content and the
 * file's name are sealed before they reach the database, the file before it reaches storage.
 */
export async function createNote(
  deps: NoteDeps,
  input: { actor: Actor; fields: Record<string, string>; file: NoteUpload | null },
): Promise<Note> {
  assertProvider(input.actor);
  const fields = parseOrFail(CreateNoteFieldsSchema, input.fields);
  const hasFile = input.file !== null;
  const schema =
    fields.type === 'booking'
      ? hasFile
        ? SessionFileNoteBodySchema
        : CreateSessionNoteBodySchema
      : hasFile
        ? ClientFileNoteBodySchema
        : CreateClientNoteBodySchema;
  const body = parseOrFail(
    schema,
    { title: fields.title, id: fields.reference, content: fields.content ?? '' },
    { id: 'reference' },
  );

  let sniffed: Awaited<ReturnType<typeof sniffFile>> = null;
  if (input.file) {
    if (input.file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE');
    sniffed = await sniffFile(
      input.file.bytes,
      fields.type === 'booking' ? SESSION_NOTE_FILE_KINDS : CLIENT_NOTE_FILE_KINDS,
    );
    if (!sniffed) {
      throw new AppError('NOTE_FILE_TYPE', {
        types: (fields.type === 'booking' ? SESSION_NOTE_FILE_ACCEPT : CLIENT_NOTE_FILE_ACCEPT)
          .replaceAll('.', '')
          .replaceAll(',', ', '),
      });
    }
  }

  const now = deps.clock.now();
  const providerId = input.actor.userId;
  // Access before anything is stored: someone else's booking or client is NOT_FOUND.
  await clientRecordFor(deps.db, { providerId, type: fields.type, reference: body.id, now });

  const ring = keyringOf(deps.config);
  const keyId = ring.currentId;
  const noteId = randomUUID();
  const fileKey = input.file && sniffed ? noteFileKey() : null;
  if (input.file && fileKey) {
    await putNoteFile(deps, { ring, keyId, noteId, key: fileKey, bytes: input.file.bytes });
  }
  try {
    await deps.db.transaction(async (tx) => {
      const target = await clientRecordFor(tx, { providerId, type: fields.type, reference: body.id, now });
      await tx.insert(notes).values({
        id: noteId,
        providerId,
        providerClientId: target.recordId,
        bookingId: target.bookingId,
        type: fields.type,
        keyId,
        title: sealText(ring, keyId, body.title, noteAad(noteId, 'title')),
        content: body.content ? sealText(ring, keyId, body.content, noteAad(noteId, 'content')) : null,
        fileKey,
        fileName:
          input.file && sniffed
            ? sealText(ring, keyId, withExtension(input.file.filename, sniffed.extension), noteAad(noteId, 'file-name'))
            : null,
        fileKind: sniffed?.kind ?? null,
        fileSize: input.file ? input.file.bytes.length : null,
        createdAt: now,
        updatedAt: now,
      });
      await recordNoteAccess(tx, { actorId: providerId, action: 'create', noteIds: [noteId], at: now });
    });
  } catch (error) {
    await removeNoteFiles(deps, [fileKey]);
    throw error;
  }
  const row = await loadOwnNoteRow(deps.db, { providerId, noteId });
  return toNote(row, { ring, secret: deps.config.APP_SECRET, now, withFileLink: false });
}

/** The provider's words for the file, ending in the real type's extension. */
function withExtension(filename: string, extension: string): string {
  const safe = safeFileName(filename);
  const lower = safe.toLowerCase();
  if (lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'))) return safe;
  return safeFileName(`${safe}.${extension}`);
}

/**
 * PUT /note/{id}: title and content (content may stay empty on a file note), and for a session
 * note the booking (`id`, another of the provider's sessions). Sealed under the note's own key so
 * every field of a row shares one key id; rotation moves whole rows (reencrypt-notes.ts).
 */
export async function updateNote(
  deps: NoteDeps,
  input: { actor: Actor; noteId: string; body: unknown },
): Promise<Note> {
  assertProvider(input.actor);
  const providerId = input.actor.userId;
  const current = await loadOwnNoteRow(deps.db, { providerId, noteId: input.noteId });
  const body = parseOrFail(UpdateNoteBodySchema, input.body);
  if (!current.fileKey) {
    const content = NoteTextSchema.safeParse(body.content);
    if (!content.success) throw fieldError('content', content.error.issues[0]?.message ?? 'notes.contentRequired');
  }
  const now = deps.clock.now();
  const ring = keyringOf(deps.config);
  await deps.db.transaction(async (tx) => {
    let move: { recordId: string; bookingId: string | null } | null = null;
    if (current.type === 'booking' && body.id && body.id !== current.bookingId) {
      move = await clientRecordFor(tx, { providerId, type: 'booking', reference: body.id, now });
    }
    const [updated] = await tx
      .update(notes)
      .set({
        title: sealText(ring, current.keyId, body.title, noteAad(current.id, 'title')),
        content: body.content ? sealText(ring, current.keyId, body.content, noteAad(current.id, 'content')) : null,
        ...(move ? { bookingId: move.bookingId, providerClientId: move.recordId } : {}),
        updatedAt: now,
      })
      // The key id is part of the condition: a re-encryption that moved the row meanwhile is not undone.
      .where(and(eq(notes.id, current.id), eq(notes.providerId, providerId), eq(notes.keyId, current.keyId)))
      .returning({ id: notes.id });
    if (!updated) throw new AppError('CONFLICT');
    await recordNoteAccess(tx, { actorId: providerId, action: 'update', noteIds: [current.id], at: now });
  });
  const row = await loadOwnNoteRow(deps.db, { providerId, noteId: current.id });
  return toNote(row, { ring, secret: deps.config.APP_SECRET, now, withFileLink: false });
}

/** DELETE /note/{id}: the note and its file are gone; the access log keeps that it was deleted, by whom. */
export async function deleteNote(
  deps: NoteDeps,
  input: { actor: Actor; noteId: string },
): Promise<{ identifier: string; type: 'booking' | 'client' }> {
  assertProvider(input.actor);
  const providerId = input.actor.userId;
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notes)
      .where(and(eq(notes.id, input.noteId), eq(notes.providerId, providerId)))
      .returning({ id: notes.id, type: notes.type, fileKey: notes.fileKey });
    if (!row) throw new AppError('NOT_FOUND');
    await recordNoteAccess(tx, { actorId: providerId, action: 'delete', noteIds: [row.id], at: now });
    return row;
  });
  await removeNoteFiles(deps, [removed.fileKey]);
  return { identifier: removed.id, type: removed.type };
}

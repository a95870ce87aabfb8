import type { ClientNotesQuery, Note, NotePage } from '@app/shared/schemas/notes';
import { ClientNotesQuerySchema } from '@app/shared/schemas/notes';
import { addDays, isValidIsoDate, startOfZonedDate } from '@app/shared/slots';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, notes, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rawRows } from '../../platform/prepared.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';
import { resolveClient } from '../clients/relation.ts';
import { recordNoteAccess } from './access-log.ts';
import { keyringOf, noteAad, unsealText } from './crypto.ts';
import { readNoteFile, verifyNoteFileLink } from './note-files.ts';
import { parseOrFail } from './validation.ts';
import { fromRawNoteRow, type NoteRow, type RawNoteRow, rawNoteSelect, selectNoteRows, toNote } from './views.ts';

type ReadDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'privateStorage'>;

/** Newest first, in the order of notes_client_created_idx (DESC NULLS LAST), so no sort is needed. */
const newestFirst = [sql`${notes.createdAt} DESC NULLS LAST`, sql`${notes.id} DESC NULLS LAST`];

/** One note of this provider's (anyone else's, or none: NOT_FOUND), with its client and session. */
export async function loadOwnNoteRow(db: Tx, input: { providerId: string; noteId: string }): Promise<NoteRow> {
  if (!UUID_PATTERN.test(input.noteId)) throw new AppError('NOT_FOUND');
  const [row] = await selectNoteRows(db).where(and(eq(notes.id, input.noteId), eq(notes.providerId, input.providerId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function context(deps: ReadDeps, withFileLink: boolean) {
  return { ring: keyringOf(deps.config), secret: deps.config.APP_SECRET, now: deps.clock.now(), withFileLink };
}

/** GET /note/{id}: one note for its author, with a short-lived link to its file; recorded as a read. */
export async function getNote(deps: ReadDeps, input: { actor: Actor; noteId: string }): Promise<Note> {
  const row = await loadOwnNoteRow(deps.db, { providerId: input.actor.userId, noteId: input.noteId });
  const note = toNote(row, context(deps, true));
  await recordNoteAccess(deps.db, {
    actorId: input.actor.userId,
    action: 'read',
    noteIds: [row.id],
    at: deps.clock.now(),
  });
  return note;
}

/** GET /note/booking/{id}: the notes of one of the provider's sessions, newest first. */
export async function listBookingNotes(
  deps: ReadDeps,
  input: { actor: Actor; bookingId: string },
): Promise<{ data: Note[] }> {
  const providerId = input.actor.userId;
  const [booking] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.providerId, providerId)));
  if (!booking) throw new AppError('NOT_FOUND');
  const rows = await selectNoteRows(deps.db)
    .where(and(eq(notes.bookingId, booking.id), eq(notes.providerId, providerId)))
    .orderBy(...newestFirst);
  const ctx = context(deps, false);
  const data = rows.map((row) => toNote(row, ctx));
  await recordNoteAccess(deps.db, {
    actorId: providerId,
    action: 'list',
    noteIds: rows.map((row) => row.id),
    at: ctx.now,
  });
  return { data };
}

/** Start of a day in a zone, as an instant; an impossible day (2027-02-30) is a 400 on `field`. */
function startOfDay(day: string, zone: string, field: string): Date {
  if (!isValidIsoDate(day)) throw fieldError(field, 'validation.invalidFormat');
  return new Date(startOfZonedDate(day, zone));
}

/**
 * GET /note/client/{id}?type&page&title&fromDate&toDate: the notes about one of the provider's
 * clients (client notes and notes of their sessions), newest first, 20 a page. Dates are days in
 * the provider's time zone. Titles are ciphertext, so a title filter decrypts the client's titles
 * (after the SQL filters) and pages in memory; without one, the page is an index range.
 */
export async function listClientNotes(
  deps: ReadDeps,
  input: { actor: Actor; clientId: string; query: ClientNotesQuery },
): Promise<NotePage> {
  const providerId = input.actor.userId;
  const query = parseOrFail(ClientNotesQuerySchema, input.query);
  if (!query.title && !query.fromDate && !query.toDate) {
    return listClientNotesPage(deps, { providerId, clientId: input.clientId, query });
  }
  const client = await resolveClient(deps.db, { providerId, id: input.clientId });
  const perPage = query.perPage;
  const empty = { data: [], meta: { page: query.page, perPage, total: 0, totalPages: 0 } };
  if (!client.recordId) return empty;

  const conditions: SQL[] = [eq(notes.providerClientId, client.recordId), eq(notes.providerId, providerId)];
  if (query.type) conditions.push(eq(notes.type, query.type));
  if (query.fromDate || query.toDate) {
    const [me] = await deps.db.select({ timezone: users.timezone }).from(users).where(eq(users.id, providerId));
    const zone = me?.timezone ?? 'UTC';
    if (query.fromDate) conditions.push(gte(notes.createdAt, startOfDay(query.fromDate, zone, 'fromDate')));
    if (query.toDate) {
      startOfDay(query.toDate, zone, 'toDate');
      conditions.push(lt(notes.createdAt, startOfDay(addDays(query.toDate, 1), zone, 'toDate')));
    }
  }
  const where = and(...conditions);
  const ring = keyringOf(deps.config);
  const offset = (query.page - 1) * perPage;

  const title = query.title?.toLocaleLowerCase();
  const ctx = context(deps, false);
  if (!title) {
    // One statement: the count and the page's ids from the index, the page's rows, and their
    // access-log rows (so a listing costs one round trip and one commit).
    const found = await rawRows<RawNoteRow & { total: number }>(
      deps.db,
      sql`WITH total AS (SELECT count(*)::int AS total FROM notes WHERE ${where}),
               page AS (SELECT id FROM notes WHERE ${where}
                         ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${perPage} OFFSET ${offset}),
               logged AS (INSERT INTO note_access_log (note_id, actor_id, action, created_at)
                          SELECT id, ${providerId}, 'list', ${ctx.now} FROM page RETURNING note_id)
          SELECT total.total, shown.*
            FROM total
            LEFT JOIN (${rawNoteSelect(sql`notes.id IN (SELECT id FROM page)`)}) shown ON true
           ORDER BY shown."createdAt" DESC, shown.id DESC`,
    );
    const total = Number(found[0]?.total ?? 0);
    const data = found.filter((row) => row.id !== null).map((row) => toNote(fromRawNoteRow(row), ctx));
    return { data, meta: { page: query.page, perPage, total, totalPages: Math.ceil(total / perPage) } };
  }
  const candidates = await deps.db
    .select({ id: notes.id, keyId: notes.keyId, title: notes.title })
    .from(notes)
    .where(where)
    .orderBy(...newestFirst);
  const matches = candidates.filter((row) =>
    unsealText(ring, row.keyId, row.title, noteAad(row.id, 'title')).toLocaleLowerCase().includes(title),
  );
  const total = matches.length;
  const pageIds = matches.slice(offset, offset + perPage).map((row) => row.id);
  const rows =
    pageIds.length > 0
      ? await selectNoteRows(deps.db)
          .where(inArray(notes.id, pageIds))
          .orderBy(...newestFirst)
      : [];
  const data = rows.map((row) => toNote(row, ctx));
  await recordNoteAccess(deps.db, { actorId: providerId, action: 'list', noteIds: pageIds, at: ctx.now });
  return { data, meta: { page: query.page, perPage, total, totalPages: Math.ceil(total / perPage) } };
}

/**
 * GET /note/file/<signed token>: the decrypted file of a note, for the provider the link was
 * signed for while the note is still theirs; recorded as a download. Anything else: NOT_FOUND.
 */
export async function downloadNoteFile(
  deps: ReadDeps,
  input: { token: string },
): Promise<{ bytes: Buffer; contentType: string; filename: string }> {
  const now = deps.clock.now();
  const link = verifyNoteFileLink(deps.config.APP_SECRET, input.token, now);
  if (!link) throw new AppError('NOT_FOUND');
  const row = await loadOwnNoteRow(deps.db, { providerId: link.providerId, noteId: link.noteId });
  if (!row.fileKey) throw new AppError('NOT_FOUND');
  const ring = keyringOf(deps.config);
  const note = toNote(row, { ring, secret: deps.config.APP_SECRET, now, withFileLink: false });
  const bytes = await readNoteFile(deps, { ring, keyId: row.keyId, noteId: row.id, key: row.fileKey });
  if (!bytes || !note.file) throw new AppError('NOT_FOUND');
  await recordNoteAccess(deps.db, { actorId: link.providerId, action: 'file_download', noteIds: [row.id], at: now });
  return { bytes, contentType: note.file.contentType, filename: note.file.filename };
}

/**
 * The usual listing (no title or date filter) in one statement: who the client is (as
 * resolveClient decides it), the count and the page's ids from the index, the page's rows, and
 * their access-log rows. Not the provider's client: NOT_FOUND (and nothing was logged).
 */
async function listClientNotesPage(
  deps: ReadDeps,
  input: { providerId: string; clientId: string; query: ReturnType<typeof ClientNotesQuerySchema.parse> },
): Promise<NotePage> {
  const { providerId, clientId, query } = input;
  if (!UUID_PATTERN.test(clientId)) throw new AppError('NOT_FOUND');
  const perPage = query.perPage;
  const offset = (query.page - 1) * perPage;
  const ctx = context(deps, false);
  const kind = query.type ? sql`AND type = ${query.type}` : sql``;
  // The record is the provider's (rec), and a note's provider is its record's: the index alone answers.
  const mine = sql`provider_client_id = (SELECT id FROM rec) ${kind}`;
  const found = await rawRows<RawNoteRow & { total: number; recordId: string | null; booked: boolean }>(
    deps.db,
    sql`WITH rec AS (SELECT id, user_id FROM provider_clients
                      WHERE provider_id = ${providerId} AND (id = ${clientId} OR user_id = ${clientId})
                      ORDER BY (user_id = ${clientId}) DESC NULLS LAST LIMIT 1),
             total AS (SELECT count(*)::int AS total FROM notes WHERE ${mine}),
             page AS (SELECT id FROM notes WHERE ${mine} ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${perPage} OFFSET ${offset}),
             logged AS (INSERT INTO note_access_log (note_id, actor_id, action, created_at)
                        SELECT id, ${providerId}, 'list', ${ctx.now} FROM page RETURNING note_id)
        SELECT (SELECT id FROM rec) AS "recordId",
               EXISTS (SELECT 1 FROM bookings b
                        WHERE b.client_id = coalesce((SELECT user_id FROM rec), ${clientId}::uuid)
                          AND b.provider_id = ${providerId}) AS booked,
               total.total, shown.*
          FROM total
          LEFT JOIN (${rawNoteSelect(sql`notes.id IN (SELECT id FROM page)`)}) shown ON true
         ORDER BY shown."createdAt" DESC, shown.id DESC`,
  );
  const head = found[0];
  if (!head || (!head.recordId && !head.booked)) throw new AppError('NOT_FOUND');
  const total = Number(head.total ?? 0);
  const data = found.filter((row) => row.id !== null).map((row) => toNote(fromRawNoteRow(row), ctx));
  return { data, meta: { page: query.page, perPage, total, totalPages: Math.ceil(total / perPage) } };
}

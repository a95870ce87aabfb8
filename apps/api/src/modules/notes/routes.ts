import { IdParamsSchema } from '@app/shared/schemas/common';
import { SessionDiagnosisSchema, SessionDiagnosisUpdateSchema } from '@app/shared/schemas/documents';
import {
  ClientNotesQuerySchema,
  NoteDeletedSchema,
  NoteListSchema,
  NotePageSchema,
  NoteSchema,
  UpdateNoteBodySchema,
} from '@app/shared/schemas/notes';
import { z } from '@app/shared/zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { ownerOnlyNotInViewMode, requireRole } from '../../platform/auth-guard.ts';
import { translate } from '../../platform/i18n.ts';
import { byUser, rateLimit } from '../../platform/rate-limits.ts';
import { MAX_UPLOAD_BYTES } from '../../platform/uploads/sniff.ts';
import { getSessionDiagnosis, saveSessionDiagnosis } from './diagnoses.ts';
import { downloadNoteFile, getNote, listBookingNotes, listClientNotes } from './read-notes.ts';
import { createNote, deleteNote, type NoteUpload, updateNote } from './write-notes.ts';

const security = [{ bearer: [] }];
const tags = ['notes'];

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const INLINE_TYPES = new Set(['image/jpeg', 'image/png']);

/** The multipart body of POST /note: text fields and one optional `file`. */
async function readNoteForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: NoteUpload | null }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, string> = {};
  let file: NoteUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length > MAX_UPLOAD_BYTES || part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      if (part.fieldname === 'file' && !file && bytes.length > 0) file = { filename: part.filename ?? 'file', bytes };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE');
    throw error;
  }
  return { fields, file };
}

/**
 * Clinical notes (SPEC.md §7 "Notes"), providers only, each note readable by its author alone.
 * Every answer is Cache-Control: no-store (app.ts), nothing of a note is logged (the request log
 * drops these paths' query strings; services log ids only), and every access is recorded in
 * note_access_log.
 */
export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 12, headerPairs: 100 },
  });
  const deps = app.deps;
  // The author alone: an operator viewing the provider's account (view mode) reads no note.
  const provider = { onRequest: [...requireRole('provider'), ownerOnlyNotInViewMode] };
  const writeLimit = rateLimit(app, [{ name: 'noteWrites', keyOf: byUser }]);
  // Links are guessed at no faster than this per address (they are signed and live 5 minutes).
  const fileLimit = rateLimit(app, [{ name: 'noteFiles' }]);

  app.post(
    '/note',
    {
      ...provider,
      preHandler: writeLimit,
      schema: { tags, security, consumes: ['multipart/form-data'], response: { 201: NoteSchema } },
    },
    async (request, reply) => {
      const form = await readNoteForm(request);
      return reply.status(201).send(await createNote(deps, { actor: request.actor, ...form }));
    },
  );

  app.get(
    '/note/booking/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: NoteListSchema } } },
    (request) => listBookingNotes(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.get(
    '/note/client/:id',
    {
      ...provider,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        querystring: ClientNotesQuerySchema,
        response: { 200: NotePageSchema },
      },
    },
    (request) => listClientNotes(deps, { actor: request.actor, clientId: request.params.id, query: request.query }),
  );

  // A signed link (note-files.ts), not a bearer token: the browser downloads it directly.
  app.get(
    '/note/file/*',
    {
      schema: { tags, params: z.object({ '*': z.string().max(1024) }), hide: true },
      preHandler: fileLimit,
    },
    async (request, reply) => {
      const file = await downloadNoteFile(deps, { token: request.params['*'] });
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          contentDisposition(INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment', file.filename),
        )
        .send(file.bytes);
    },
  );

  // A session's diagnosis for the client's US superbill (kept like a note: sealed, every access logged).
  app.get(
    '/note/booking/:id/diagnosis',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: SessionDiagnosisSchema } } },
    (request) => getSessionDiagnosis(deps, { actor: request.actor, bookingId: request.params.id }),
  );

  app.put(
    '/note/booking/:id/diagnosis',
    {
      ...provider,
      preHandler: writeLimit,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: SessionDiagnosisUpdateSchema,
        response: { 200: SessionDiagnosisSchema },
      },
    },
    (request) => saveSessionDiagnosis(deps, { actor: request.actor, bookingId: request.params.id, body: request.body }),
  );

  app.get(
    '/note/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: NoteSchema } } },
    (request) => getNote(deps, { actor: request.actor, noteId: request.params.id }),
  );

  app.put(
    '/note/:id',
    {
      ...provider,
      preHandler: writeLimit,
      schema: { tags, security, params: IdParamsSchema, body: UpdateNoteBodySchema, response: { 200: NoteSchema } },
    },
    (request) => updateNote(deps, { actor: request.actor, noteId: request.params.id, body: request.body }),
  );

  app.delete(
    '/note/:id',
    { ...provider, schema: { tags, security, params: IdParamsSchema, response: { 200: NoteDeletedSchema } } },
    async (request) => {
      const done = await deleteNote(deps, { actor: request.actor, noteId: request.params.id });
      const key = done.type === 'booking' ? 'notes.sessionNoteDeleted' : 'notes.clientNoteDeleted';
      return { message: translate(request.language, key), identifier: done.identifier };
    },
  );
};

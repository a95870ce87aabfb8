import { messageKey, z } from '../zod.ts';

/** SPEC.md §5: a note's title is 3-32 characters, its content at most 4000, a session's booking id at most 400. */
export const NOTE_TITLE_MIN = 3;
export const NOTE_TITLE_MAX = 32;
export const NOTE_CONTENT_MAX = 4000;
export const NOTE_REFERENCE_MAX = 400;
export const NOTES_PAGE_SIZE = 20;
/** SPEC.md §4/§9: the add-note success view closes itself after this long. */
export const NOTE_SUCCESS_CLOSE_MS = 2000;

export const NOTE_TYPES = ['booking', 'client'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

/** SPEC.md §5: what a session note may carry (jpeg is jpg); recognized by content on the server. */
export const SESSION_NOTE_FILE_KINDS = ['doc', 'pdf', 'jpg', 'png', 'mp3', 'wav', 'ogg', 'csv'] as const;
/** SPEC.md §5: client notes also take docx and mp4. */
export const CLIENT_NOTE_FILE_KINDS = [...SESSION_NOTE_FILE_KINDS, 'docx', 'mp4'] as const;
export const SESSION_NOTE_FILE_ACCEPT = '.doc,.pdf,.jpg,.jpeg,.png,.mp3,.wav,.ogg,.csv';
export const CLIENT_NOTE_FILE_ACCEPT = `${SESSION_NOTE_FILE_ACCEPT},.docx,.mp4`;

export const NoteTitleSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .min(NOTE_TITLE_MIN, messageKey('notes.titleTooShort', { minimum: NOTE_TITLE_MIN }))
  .max(NOTE_TITLE_MAX, messageKey('notes.titleTooLong', { maximum: NOTE_TITLE_MAX }));

const contentMax = () =>
  z
    .string()
    .trim()
    .max(NOTE_CONTENT_MAX, messageKey('notes.contentTooLong', { maximum: NOTE_CONTENT_MAX }));
/** Typed notes need content ("required when typing"). */
export const NoteTextSchema = contentMax().min(1, 'notes.contentRequired');
/** A file note's content is optional ("relaxed for file note"). */
export const NoteFileTextSchema = contentMax().default('');

const BookingIdSchema = z
  .string()
  .trim()
  .min(1, 'notes.sessionRequired')
  .max(NOTE_REFERENCE_MAX, messageKey('validation.tooLong', { maximum: NOTE_REFERENCE_MAX }))
  .pipe(z.uuid({ error: 'notes.sessionRequired' }));
const ClientIdSchema = z
  .string()
  .trim()
  .min(1, 'notes.clientIdMissing')
  .pipe(z.uuid({ error: 'notes.clientIdMissing' }));

/** Session note (SPEC.md §3, §5): title, id (the booking) and content. */
export const CreateSessionNoteBodySchema = z.object({
  title: NoteTitleSchema,
  id: BookingIdSchema,
  content: NoteTextSchema,
});
export type CreateSessionNoteBody = z.input<typeof CreateSessionNoteBodySchema>;
export const SessionFileNoteBodySchema = CreateSessionNoteBodySchema.extend({ content: NoteFileTextSchema });

/** Client note (SPEC.md §3, §5): title and content; the client comes from the page ("Client ID is missing"). */
export const CreateClientNoteBodySchema = z.object({
  title: NoteTitleSchema,
  id: ClientIdSchema,
  content: NoteTextSchema,
});
export type CreateClientNoteBody = z.input<typeof CreateClientNoteBodySchema>;
export const ClientFileNoteBodySchema = CreateClientNoteBodySchema.extend({ content: NoteFileTextSchema });

/** The text fields of POST /note (multipart, with an optional `file`). */
export const CreateNoteFieldsSchema = z.object({
  type: z.enum(NOTE_TYPES, { error: 'notes.typeRequired' }),
  reference: z
    .string()
    .trim()
    .max(NOTE_REFERENCE_MAX, messageKey('validation.tooLong', { maximum: NOTE_REFERENCE_MAX })),
  title: z.string(),
  content: z.string().optional(),
});

/** PUT /note/{id}: title and content, and the booking's id for a session note (SPEC.md §7). */
export const UpdateNoteBodySchema = z.object({
  title: NoteTitleSchema,
  content: contentMax().default(''),
  id: BookingIdSchema.optional(),
});
export type UpdateNoteBody = z.input<typeof UpdateNoteBodySchema>;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalidFormat');

/** GET /note/client/{id}?type&page&title&fromDate&toDate (dates are days in the provider's time zone). */
export const ClientNotesQuerySchema = z.object({
  type: z.enum(NOTE_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(NOTES_PAGE_SIZE),
  title: z.string().trim().max(NOTE_TITLE_MAX).optional(),
  fromDate: DaySchema.optional(),
  toDate: DaySchema.optional(),
});
export type ClientNotesQuery = z.input<typeof ClientNotesQuerySchema>;

export const NoteFileSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** A signed link valid a few minutes; each download is recorded. Only in GET /note/{id}. */
  url: z.string().nullable(),
});
export type NoteFile = z.infer<typeof NoteFileSchema>;

export const NoteSchema = z.object({
  identifier: z.uuid(),
  type: z.enum(NOTE_TYPES),
  title: z.string(),
  content: z.string(),
  /** The booking's id (session note) or the client's identifier (client note). */
  reference: z.uuid(),
  clientIdentifier: z.uuid(),
  booking: z.object({ identifier: z.uuid(), startAt: z.string().nullable() }).nullable(),
  file: NoteFileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

export const NoteListSchema = z.object({ data: z.array(NoteSchema) });
export const NotePageSchema = z.object({
  data: z.array(NoteSchema),
  meta: z.object({ page: z.number(), perPage: z.number(), total: z.number(), totalPages: z.number() }),
});
export type NotePage = z.infer<typeof NotePageSchema>;

export const NoteDeletedSchema = z.object({ message: z.string(), identifier: z.uuid() });

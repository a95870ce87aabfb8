import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { providerClients } from './clients.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes (ciphertext). node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
/** A bytea as either driver gives it (node-postgres a Buffer, PGlite a Uint8Array, text as hex), as a Buffer. */
export function bufferOf(value: Buffer | Uint8Array | string): Buffer {
  if (typeof value === 'string') return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: bufferOf,
});

export const noteType = pgEnum('note_type', ['booking', 'client']);
export const noteAccessAction = pgEnum('note_access_action', [
  'create',
  'read',
  'list',
  'update',
  'delete',
  'file_download',
]);

/**
 * A provider's clinical note (notes module): a session note (type booking, on one of their
 * bookings) or a client note. Only its author ever reads it. Title, content and the file's name
 * are AES-256-GCM ciphertext under the key `key_id` names (notes/crypto.ts); an attached file is
 * stored encrypted under the same key at `file_key` in private storage. Nothing readable of a
 * note is in this table.
 */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    /** The client the note is about (a provider's client record; clients module). */
    providerClientId: uuid('provider_client_id')
      .notNull()
      .references(() => providerClients.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    type: noteType('type').notNull(),
    keyId: text('key_id').notNull(),
    title: bytes('title').notNull(),
    content: bytes('content'),
    fileKey: text('file_key'),
    fileName: bytes('file_name'),
    fileKind: text('file_kind'),
    fileSize: integer('file_size'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('notes_client_created_idx').on(table.providerClientId, table.createdAt.desc(), table.id.desc()),
    index('notes_client_type_created_idx').on(
      table.providerClientId,
      table.type,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notes_booking_idx').on(table.bookingId).where(sql`${table.bookingId} IS NOT NULL`),
    index('notes_key_idx').on(table.keyId),
    check('notes_booking_ck', sql`(${table.type} = 'booking') = (${table.bookingId} IS NOT NULL)`),
    check(
      'notes_file_ck',
      sql`(${table.fileKey} IS NULL) = (${table.fileName} IS NULL) AND (${table.fileKey} IS NULL) = (${table.fileKind} IS NULL)`,
    ),
  ],
);

/**
 * Who did what to which note, and when: one row per create, read, listing, update, delete and
 * file download. Never any content. Append-only: triggers refuse UPDATE, DELETE and TRUNCATE
 * (note_access_log_forbid_change). No foreign key to notes: the trail outlives a deleted note.
 */
export const noteAccessLog = pgTable(
  'note_access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noteId: uuid('note_id').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: noteAccessAction('action').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('note_access_log_note_idx').on(table.noteId, table.id),
    index('note_access_log_actor_idx').on(table.actorId, table.createdAt),
  ],
);

/**
 * The diagnosis (ICD-10 codes) a provider records for one session, printed on the client's US
 * superbill, and the place of service of that session. Kept like a clinical note: the codes are
 * AES-256-GCM ciphertext under the notes' keys (`key_id`), and every read and write is in
 * note_access_log under this row's id.
 */
export const sessionDiagnoses = pgTable(
  'session_diagnoses',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    keyId: text('key_id').notNull(),
    codes: bytes('codes').notNull(),
    /** CMS place-of-service code of a telehealth session: 10 (the patient's home) or 02 (elsewhere). */
    placeOfService: text('place_of_service').notNull().default('10'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [check('session_diagnoses_pos_ck', sql`${table.placeOfService} IN ('02', '10')`)],
);

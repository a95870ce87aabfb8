import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { bytes } from './notes.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A provider's own questionnaire (forms module). Its questions are in form_template_versions, one
 * row per save: a sent form points at the version it was sent with, so editing never changes
 * what a client was asked. The questions are the provider's words, not the client's: plain JSON.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    currentVersion: integer('current_version').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    archivedAt: instant('archived_at'),
  },
  (table) => [index('form_templates_provider_idx').on(table.providerId, table.updatedAt.desc())],
);

export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => formTemplates.id),
    version: integer('version').notNull(),
    /** FormDefinition (packages/shared schemas/forms.ts). */
    definition: jsonb('definition').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.version] })],
);

/**
 * What a provider sends to whom: one of their forms or an instrument, to one client (client_id)
 * or to every new client (null), once or again before every Nth paid session (resend_every).
 */
export const formAssignments = pgTable(
  'form_assignments',
  {
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    templateId: uuid('template_id').references(() => formTemplates.id),
    instrument: text('instrument'),
    clientId: uuid('client_id').references(() => users.id),
    resendEvery: integer('resend_every'),
    createdAt: instant('created_at').notNull(),
    removedAt: instant('removed_at'),
  },
  (table) => [
    index('form_assignments_provider_idx').on(table.providerId).where(sql`${table.removedAt} IS NULL`),
    check('form_assignments_form_ck', sql`(${table.templateId} IS NULL) <> (${table.instrument} IS NULL)`),
    check('form_assignments_resend_ck', sql`${table.resendEvery} IS NULL OR ${table.resendEvery} >= 1`),
  ],
);

export const formRequestStatus = pgEnum('form_request_status', ['sent', 'draft', 'submitted']);

/**
 * One form sent to one client, and their answers. The draft, the answers and the result (score
 * and band) are AES-256-GCM ciphertext under the notes' keys (`key_id`; notes/crypto.ts), bound
 * to this row; `urgent` (PHQ-9 item 9 above "not at all") is plain so the provider's overview
 * can put it first. Nothing the client wrote is readable in this table.
 */
export const formRequests = pgTable(
  'form_requests',
  {
    id: uuid('id').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    assignmentId: uuid('assignment_id').references(() => formAssignments.id),
    templateId: uuid('template_id'),
    templateVersion: integer('template_version'),
    instrument: text('instrument'),
    instrumentVersion: integer('instrument_version'),
    /** The paid booking that sent it, if a booking did. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    status: formRequestStatus('status').notNull().default('sent'),
    keyId: text('key_id'),
    draft: bytes('draft'),
    answers: bytes('answers'),
    result: bytes('result'),
    urgent: boolean('urgent').notNull().default(false),
    sentAt: instant('sent_at').notNull(),
    draftSavedAt: instant('draft_saved_at'),
    submittedAt: instant('submitted_at'),
  },
  (table) => [
    index('form_requests_client_idx').on(table.clientId, table.sentAt.desc()),
    index('form_requests_provider_status_idx').on(table.providerId, table.status, table.submittedAt.desc()),
    index('form_requests_progress_idx')
      .on(table.providerId, table.clientId, table.submittedAt)
      .where(sql`${table.instrument} IS NOT NULL AND ${table.status} = 'submitted'`),
    // An assignment has at most one form open per client: a re-send waits for the last one.
    uniqueIndex('form_requests_open_uq')
      .on(table.assignmentId, table.clientId)
      .where(sql`${table.status} <> 'submitted' AND ${table.assignmentId} IS NOT NULL`),
    check('form_requests_form_ck', sql`(${table.templateId} IS NULL) <> (${table.instrument} IS NULL)`),
    check(
      'form_requests_submitted_ck',
      sql`(${table.status} = 'submitted') = (${table.submittedAt} IS NOT NULL AND ${table.answers} IS NOT NULL)`,
    ),
  ],
);

/**
 * A progress chart already opened, sealed again as one value: a provider's chart of one client
 * (`provider_id`), or a client's own across their providers (`provider_id` NULL). A cache of the
 * submitted forms it names in `request_ids` (in chart order): a read whose forms are not exactly
 * those, or whose key is not the current one, rebuilds it, so it never shows a stale chart. It
 * goes with either person's account, and with key rotation.
 */
export const formProgressDigests = pgTable(
  'form_progress_digests',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').references(() => users.id, { onDelete: 'cascade' }),
    requestIds: uuid('request_ids').array().notNull(),
    keyId: text('key_id').notNull(),
    sealed: bytes('sealed').notNull(),
    builtAt: instant('built_at').notNull(),
  },
  (table) => [unique('form_progress_digests_uq').on(table.clientId, table.providerId).nullsNotDistinct()],
);

export const formAccessAction = pgEnum('form_access_action', ['read', 'list', 'draft', 'submit', 'progress']);

/**
 * Who read or wrote which sent form, how and when (never what it holds). Append-only (triggers
 * refuse UPDATE, DELETE and TRUNCATE, as for note_access_log); no foreign key: the trail outlives the form.
 * One row per access: a single form in `request_id`, or every form one read opened together (a
 * progress chart, a list) in `request_ids`, so reading hundreds of forms writes one row.
 */
export const formAccessLog = pgTable(
  'form_access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: uuid('request_id'),
    requestIds: uuid('request_ids').array(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: formAccessAction('action').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('form_access_log_request_idx').on(table.requestId, table.id),
    index('form_access_log_requests_idx').using('gin', table.requestIds),
    index('form_access_log_actor_idx').on(table.actorId, table.createdAt),
    check('form_access_log_forms_ck', sql`(${table.requestId} IS NULL) <> (${table.requestIds} IS NULL)`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** SPEC.md §3 "Qualification types". */
export const qualificationType = pgEnum('qualification_type', [
  'license',
  'education',
  'association',
  'certification',
  'conduct',
]);
export const verificationDecision = pgEnum('verification_decision', ['approved', 'rejected']);

/** One qualification of a provider (a licence with body and credential number, or a titled document). */
export const qualifications = pgTable(
  'qualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: qualificationType('type').notNull(),
    body: text('body'),
    credentialNumber: text('credential_number'),
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('qualifications_provider_idx').on(table.providerId, table.type, table.createdAt)],
);

/** The uploaded files of a qualification, stored privately under `storage_key`. */
export const qualificationFiles = pgTable(
  'qualification_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    qualificationId: uuid('qualification_id')
      .notNull()
      .references(() => qualifications.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('qualification_files_qualification_idx').on(table.qualificationId),
    index('qualification_files_provider_idx').on(table.providerId),
  ],
);

/** SPEC.md §3 "Work history": months as the first day of the month. */
export const workHistory = pgTable(
  'work_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    jobTitle: text('job_title').notNull(),
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    endMonth: date('end_month', { mode: 'string' }),
    currentlyWorksHere: boolean('currently_works_here').notNull().default(false),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('work_history_provider_idx').on(table.providerId, table.startMonth),
    check('work_history_current_no_end', sql`NOT (${table.currentlyWorksHere} AND ${table.endMonth} IS NOT NULL)`),
  ],
);

/** Indemnity insurance documents; the newest expiry decides whether the provider is covered. */
export const indemnityInsurances = pgTable(
  'indemnity_insurances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** When the 30-day and 7-day reminders went out (each is sent once). */
    reminded30At: timestamp('reminded_30_at', { withTimezone: true, mode: 'date' }),
    reminded7At: timestamp('reminded_7_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('indemnity_insurances_provider_idx').on(table.providerId, table.expiresOn),
    index('indemnity_insurances_expires_idx').on(table.expiresOn),
  ],
);

/** Every admin decision on a provider's verification (append-only history). */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    decision: verificationDecision('decision').notNull(),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('verification_decisions_provider_idx').on(table.providerId, table.decidedAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A provider's telehealth consent and practice policy (consent module), one row per saved version:
 * a save never changes an old row, so a signature always points at the exact words signed. The
 * current document is the provider's highest version. `sha256` is the hex digest of the bytes
 * the client read (the UTF-8 of `body`).
 */
export const consentDocuments = pgTable(
  'consent_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull(),
    body: text('body').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('consent_documents_provider_version_uq').on(table.providerId, table.version),
    check('consent_documents_version_positive', sql`${table.version} > 0`),
  ],
);

/** A provider's consent setting: whether the session room waits for the client's signature. */
export const consentSettings = pgTable('consent_settings', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => users.id),
  required: boolean('required').notNull().default(true),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A client's signature of one consent version: the typed name, when, from where (IP, user
 * agent) and the SHA-256 of the version's bytes at signing time. One per client and version:
 * signing twice answers the first signature.
 */
export const consentSignatures = pgTable(
  'consent_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => consentDocuments.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    signedName: text('signed_name').notNull(),
    signedAt: instant('signed_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
  },
  (table) => [
    uniqueIndex('consent_signatures_document_client_uq').on(table.documentId, table.clientId),
    index('consent_signatures_client_idx').on(table.clientId, table.providerId),
    index('consent_signatures_provider_idx').on(table.providerId, table.clientId),
  ],
);

/**
 * That a client was asked (in the app and by email) to sign one consent version: once per client
 * and version, however many sessions they book.
 */
export const consentRequests = pgTable(
  'consent_requests',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => consentDocuments.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    requestedAt: instant('requested_at').notNull(),
  },
  (table) => [uniqueIndex('consent_requests_document_client_uq').on(table.documentId, table.clientId)],
);

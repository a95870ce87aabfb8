import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { users } from './users.ts';
import { ledgerTransactions } from './wallet.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** receipt: money in (top-up, booking payment); refund_receipt: money back; invoice: a paid session. */
export const documentKind = pgEnum('document_kind', ['receipt', 'refund_receipt', 'invoice']);

/**
 * The last number handed out per series and year. A number is taken by an upsert that locks this
 * row until the issuing transaction commits, together with the document that carries it: a
 * rolled-back issue gives its number back, so numbers have no gaps (a sequence would leave them).
 * `series`: `receipt`, `refund`, or `invoice:<provider id>` (the provider issues its invoices).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.series, table.year] }),
    check('document_counters_last_ck', sql`${table.lastNumber} > 0`),
  ],
);

/**
 * Ledger transactions that owe a document (written by a trigger on ledger_transactions in the
 * payment's own transaction, so no payment or refund is ever without one); the issuer deletes the
 * row in the transaction that issues the documents.
 */
export const documentQueue = pgTable(
  'document_queue',
  {
    ledgerTransactionId: uuid('ledger_transaction_id')
      .primaryKey()
      .references(() => ledgerTransactions.id),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('document_queue_created_idx').on(table.createdAt)],
);

/**
 * An issued receipt or invoice: its number and, in `data`, everything printed on it as it was at
 * issue (names, addresses, service, amounts, tax), so a later change of name or address never
 * rewrites it. Immutable: triggers refuse UPDATE, DELETE and TRUNCATE. Kept when its parties are
 * erased (tax and bookkeeping retention, docs/privacy.md).
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: documentKind('kind').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** Who paid (or was refunded). */
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    /** The provider of the session, when there is one. */
    providerId: uuid('provider_id').references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    issuedAt: instant('issued_at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    uniqueIndex('issued_documents_number_uq').on(table.series, table.year, table.sequence),
    uniqueIndex('issued_documents_transaction_kind_uq').on(table.ledgerTransactionId, table.kind),
    uniqueIndex('issued_documents_invoice_booking_uq').on(table.bookingId).where(sql`${table.kind} = 'invoice'`),
    index('issued_documents_payer_idx').on(table.payerId, table.issuedAt.desc()),
    index('issued_documents_provider_idx').on(table.providerId, table.issuedAt.desc()),
    index('issued_documents_booking_idx').on(table.bookingId).where(sql`${table.bookingId} IS NOT NULL`),
    check('issued_documents_sequence_ck', sql`${table.sequence} > 0`),
    check('issued_documents_amount_ck', sql`${table.amountMinor} > 0`),
    check('issued_documents_invoice_ck', sql`${table.kind} <> 'invoice' OR ${table.bookingId} IS NOT NULL`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { therapyCategories } from './catalog.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * The closed vocabularies of a booking are PostgreSQL enums rather than text with CHECK
 * constraints: a value is checked once when it is parsed, while a table's CHECK constraints are
 * parsed and planned again by every statement that writes a row (docs/decisions/bookings-what-a-booking-write-costs-inside-postgresql-enums.md).
 */
export const bookingParty = pgEnum('booking_party', ['client', 'provider']);
export const participantStatus = pgEnum('participant_status', ['awaiting', 'acknowledged', 'rejected']);
export const bookingPaymentMethod = pgEnum('booking_payment_method', ['wallet', 'card', 'free']);
export const rescheduleStatus = pgEnum('reschedule_status', ['pending', 'accepted', 'rejected', 'expired']);
export const refundStatus = pgEnum('refund_status', ['refunded', 'none', 'not_paid']);

export type BookingParty = (typeof bookingParty.enumValues)[number];
export type ParticipantStatus = (typeof participantStatus.enumValues)[number];
export type BookingPaymentMethod = (typeof bookingPaymentMethod.enumValues)[number];
export type RescheduleStatus = (typeof rescheduleStatus.enumValues)[number];
export type RefundStatus = (typeof refundStatus.enumValues)[number];

export const bookingStatus = pgEnum('booking_status', [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'rejected',
  'expired',
]);

/**
 * A session booked by a client with a provider. A pending-or-confirmed booking occupies
 * [starts_at, ends_at) of its provider: the exclusion constraint bookings_no_overlap (custom
 * migration) forbids two such bookings overlapping. Availability reads it as busy time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    therapyCategoryId: uuid('therapy_category_id').references(() => therapyCategories.id),
    modalityKey: text('modality_key'),
    status: bookingStatus('status').notNull().default('pending'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    priceMinor: integer('price_minor').notNull().default(0),
    currencyCode: text('currency_code').notNull().default('NGN'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Bookings module (additive): who created it, the participant's answer, payment, reschedule
    // state, cancellation outcome, completion, series membership.
    previousStatus: bookingStatus('previous_status'),
    createdBy: bookingParty('created_by').notNull().default('client'),
    participantStatus: participantStatus('participant_status').notNull().default('awaiting'),
    participantRespondedAt: instant('participant_responded_at'),
    paidAt: instant('paid_at'),
    paymentMethod: bookingPaymentMethod('payment_method'),
    allowRescheduleCompletedBooking: boolean('allow_reschedule_completed_booking').notNull().default(false),
    remainingClientReschedule: integer('remaining_client_reschedule').notNull().default(2),
    remainingProviderReschedule: integer('remaining_provider_reschedule').notNull().default(2),
    rescheduleStatus: rescheduleStatus('reschedule_status'),
    rescheduleRequestedBy: bookingParty('reschedule_requested_by'),
    /** The signed slot identifier of a reschedule waiting for approval (re-checked on accept). */
    rescheduleSlotId: text('reschedule_slot_id'),
    rescheduleStartsAt: instant('reschedule_starts_at'),
    rescheduleEndsAt: instant('reschedule_ends_at'),
    rescheduleNote: text('reschedule_note'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: text('cancelled_by').$type<BookingParty | 'system'>(),
    cancellationReason: text('cancellation_reason'),
    refundStatus: refundStatus('refund_status'),
    refundMinor: integer('refund_minor'),
    completedAt: instant('completed_at'),
    feedbackProvided: boolean('feedback_provided').notNull().default(false),
    seriesId: uuid('series_id').references((): AnyPgColumn => bookingSeries.id),
    seriesIndex: integer('series_index'),
  },
  (table) => [
    index('bookings_provider_starts_idx').on(table.providerId, table.startsAt),
    index('bookings_client_starts_idx').on(table.clientId, table.startsAt),
    index('bookings_pending_hold_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'pending'`),
    index('bookings_pending_draft_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' AND ${table.startsAt} IS NULL`),
    index('bookings_confirmed_ends_idx').on(table.endsAt).where(sql`${table.status} = 'confirmed'`),
    // Session reminders (notifications module): confirmed sessions starting within the next day.
    index('bookings_confirmed_starts_idx').on(table.startsAt).where(sql`${table.status} = 'confirmed'`),
    index('bookings_series_idx').on(table.seriesId, table.seriesIndex).where(sql`${table.seriesId} IS NOT NULL`),
    // The back office's bookings per day (admin charts).
    index('bookings_created_idx').on(table.createdAt),
    check(
      'bookings_times_ck',
      sql`(${table.startsAt} IS NULL) = (${table.endsAt} IS NULL) AND (${table.startsAt} IS NULL OR ${table.endsAt} > ${table.startsAt})`,
    ),
    check('bookings_price_ck', sql`${table.priceMinor} >= 0`),
    check(
      'bookings_remaining_reschedule_ck',
      sql`${table.remainingClientReschedule} >= 0 AND ${table.remainingProviderReschedule} >= 0`,
    ),
    check('bookings_paid_ck', sql`(${table.paidAt} IS NULL) = (${table.paymentMethod} IS NULL)`),
    check(
      'bookings_reschedule_pending_ck',
      sql`${table.rescheduleStatus} IS DISTINCT FROM 'pending' OR (${table.rescheduleSlotId} IS NOT NULL AND ${table.rescheduleStartsAt} IS NOT NULL AND ${table.rescheduleEndsAt} IS NOT NULL AND ${table.rescheduleRequestedBy} IS NOT NULL)`,
    ),
  ],
);

/** Recurring sessions booked together (POST /booking/series): all or nothing, held and paid as one. */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    occurrences: integer('occurrences').notNull(),
    /** 1: weekly, 2: fortnightly (SERIES_INTERVAL_WEEKS). */
    intervalWeeks: integer('interval_weeks').notNull().default(1),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('booking_series_client_idx').on(table.clientId),
    check('booking_series_occurrences_ck', sql`${table.occurrences} BETWEEN 2 AND 52`),
    check('booking_series_interval_weeks_ck', sql`${table.intervalWeeks} IN (1, 2)`),
  ],
);

/**
 * What happened to a booking, append-only: the timeline of /booking/{id}/details and a
 * transactional outbox for emails. The actor is the booking's party named by `actor_role` (its
 * client or provider; `system` has none), and a client's booking begins with its row (created_at,
 * price): neither is stored again here. An event with `notify_user_id` is written in the same
 * transaction as the change; it is emailed after commit (or by the notification job) and
 * marked `notified_at`, so a rolled-back change never sends mail and a crash loses none.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: events of one transaction share created_at. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    type: text('type').notNull(),
    actorRole: text('actor_role').$type<BookingParty | 'system'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    notifyUserId: uuid('notify_user_id').references(() => users.id),
    notifiedAt: instant('notified_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('booking_events_booking_seq_idx').on(table.bookingId, table.seq),
    index('booking_events_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.notifyUserId} IS NOT NULL AND ${table.notifiedAt} IS NULL`),
  ],
);

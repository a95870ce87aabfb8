import { NO_SESSION_DECISIONS } from '@app/shared/session-rules';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookingParty, bookings } from './bookings.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sessionOutcome = pgEnum('session_outcome', [
  'completed',
  'client_no_show',
  'provider_no_show',
  'interrupted',
]);

/**
 * Who was in a booking's room and when: one row per stay of one browser tab, from its join to
 * its leave. The tab renews `last_seen_at` every 15 s; a stay that stops renewing ended when it
 * was last seen and was `lost` (a dropped connection, not a Leave). Only join and leave times are
 * kept: no media, no recording.
 */
export const sessionVisits = pgTable(
  'session_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    party: bookingParty('party').notNull(),
    tab: text('tab').notNull(),
    joinedAt: instant('joined_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    leftAt: instant('left_at'),
    /** Ended without a Leave: the connection dropped (set when the stay is closed afterwards). */
    lost: boolean('lost').notNull().default(false),
  },
  (table) => [
    index('session_visits_booking_idx').on(table.bookingId, table.joinedAt),
    index('session_visits_open_idx').on(table.bookingId, table.userId, table.tab).where(sql`${table.leftAt} IS NULL`),
    check(
      'session_visits_times_ck',
      sql`${table.lastSeenAt} >= ${table.joinedAt} AND (${table.leftAt} IS NULL OR ${table.leftAt} >= ${table.joinedAt})`,
    ),
  ],
);

/**
 * What happened to a session, decided when its room closes (or at its end for an in-person
 * session): the outcome, who decided it, the money it moved (a provider no-show's refund), and
 * the client's offer to book a replacement (its price and deadline; the booking once taken).
 */
export const sessionOutcomes = pgTable(
  'session_outcomes',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    outcome: sessionOutcome('outcome').notNull(),
    /** What the room recorded first; `outcome` differs when the provider marked a no-show. */
    recordedOutcome: sessionOutcome('recorded_outcome').notNull(),
    decidedBy: text('decided_by').$type<'system' | 'provider'>().notNull(),
    decidedAt: instant('decided_at').notNull(),
    refundMinor: integer('refund_minor').notNull().default(0),
    rebookPriceMinor: integer('rebook_price_minor'),
    rebookUntil: instant('rebook_until'),
    rebookedBookingId: uuid('rebooked_booking_id')
      .unique('session_outcomes_rebooked_uq')
      .references(() => bookings.id),
  },
  (table) => [
    index('session_outcomes_outcome_idx').on(table.outcome),
    // The no-show rate of a period (admin charts).
    index('session_outcomes_decided_idx').on(table.decidedAt),
    check('session_outcomes_decided_by_ck', sql`${table.decidedBy} IN ('system', 'provider')`),
    check(
      'session_outcomes_money_ck',
      sql`${table.refundMinor} >= 0 AND (${table.rebookPriceMinor} IS NULL) = (${table.rebookUntil} IS NULL) AND (${table.rebookPriceMinor} IS NULL OR ${table.rebookPriceMinor} >= 0)`,
    ),
  ],
);

/**
 * A client's report that a session did not take place (within the dispute window after it), and
 * the operator's decision. While it waits, the session's earning is held (not withdrawable).
 */
export const noSessionReports = pgTable(
  'no_session_reports',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull(),
    reportedAt: instant('reported_at').notNull(),
    decision: text('decision').$type<(typeof NO_SESSION_DECISIONS)[number]>(),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** The operator's reasons for the decision (the back office's record beside the audit entry). */
    decisionNote: text('decision_note'),
    /** What went back to the client's wallet (a "did not take place" decision). */
    refundMinor: integer('refund_minor').notNull().default(0),
  },
  (table) => [
    index('no_session_reports_client_idx').on(table.clientId),
    index('no_session_reports_open_idx').on(table.reportedAt).where(sql`${table.decidedAt} IS NULL`),
    check(
      'no_session_reports_decision_ck',
      sql`${table.decision} IS NULL OR ${table.decision} IN (${sql.raw(NO_SESSION_DECISIONS.map((decision) => `'${decision}'`).join(', '))})`,
    ),
    check('no_session_reports_decided_ck', sql`(${table.decision} IS NULL) = (${table.decidedAt} IS NULL)`),
  ],
);

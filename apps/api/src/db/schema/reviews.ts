import {
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_EDITS_ALLOWED,
  REVIEW_RATING_MAX,
  REVIEW_RATING_STEP,
} from '@app/shared/schemas/reviews';
import { type AnyColumn, and, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A constant written into DDL as a literal (a CHECK takes no bound parameter). */
function integer(value: number) {
  if (!Number.isSafeInteger(value)) throw new Error(`a CHECK bound must be an integer, not ${value}`);
  return sql.raw(String(value));
}

/**
 * An open report: reported since the last decision and still visible. The back office's queue of
 * open reports and the index that holds it are both built from this.
 */
export function openReport(table: { lastReportedAt: AnyColumn; hiddenAt: AnyColumn; moderatedAt: AnyColumn }): SQL {
  return and(
    isNotNull(table.lastReportedAt),
    isNull(table.hiddenAt),
    or(isNull(table.moderatedAt), gt(table.lastReportedAt, table.moderatedAt)),
  ) as SQL;
}

/**
 * A client's review of one completed session (SPEC.md §3 "Review"): one per booking (unique),
 * edited at most REVIEW_EDITS_ALLOWED times. The rating is kept in half stars (1-10 = 0.5-5) so it
 * stays an integer. A hidden review (an admin's decision, recorded in audit_log) is left out of
 * every public answer and of the provider's average. Triggers (migration) keep the provider's
 * count and sum in provider_directory in step with every insert, edit, hide and delete.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    ratingHalves: smallint('rating_halves').notNull(),
    comment: text('comment'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    editCount: smallint('edit_count').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    editedAt: instant('edited_at'),
    /** The latest report by the provider (null: never reported). */
    lastReportedAt: instant('last_reported_at'),
    /** The latest admin decision (hide or unhide); reports after it are open again. */
    moderatedAt: instant('moderated_at'),
    hiddenAt: instant('hidden_at'),
    hiddenReason: text('hidden_reason'),
  },
  (table) => [
    uniqueIndex('reviews_booking_uq').on(table.bookingId),
    index('reviews_provider_visible_idx')
      .on(table.providerId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} IS NULL`),
    // The "highest" and "lowest" orders of a provider's page, read in keyset pages.
    index('reviews_provider_highest_idx')
      .on(table.providerId, table.ratingHalves.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} IS NULL`),
    index('reviews_provider_lowest_idx')
      .on(table.providerId, table.ratingHalves, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} IS NULL`),
    index('reviews_client_idx').on(table.clientId, table.createdAt.desc()),
    // DESC NULLS FIRST, as the queue's ORDER BY … DESC asks: an index in another null order is
    // not read in order, and the whole queue would be sorted for each page.
    index('reviews_reported_idx')
      .on(table.lastReportedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.lastReportedAt} IS NOT NULL`),
    // The open queue alone, in the same order: its page and its length read only what is open
    // (the length from the index alone), however many reports were ever decided.
    index('reviews_open_reports_idx')
      .on(table.lastReportedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(openReport(table)),
    // The CHECKs are built from the rules' constants, so the table states each number once with
    // the service and the screens (a change of a constant is a schema change drizzle-kit sees).
    check(
      'reviews_rating_ck',
      sql`${table.ratingHalves} BETWEEN 1 AND ${integer(REVIEW_RATING_MAX / REVIEW_RATING_STEP)}`,
    ),
    check('reviews_edit_count_ck', sql`${table.editCount} BETWEEN 0 AND ${integer(REVIEW_EDITS_ALLOWED)}`),
    check(
      'reviews_comment_ck',
      sql`${table.comment} IS NULL OR char_length(${table.comment}) BETWEEN ${integer(REVIEW_COMMENT_MIN)} AND ${integer(REVIEW_COMMENT_MAX)}`,
    ),
  ],
);

/** A provider's report of a review of theirs: once per review and reporter. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('review_reports_review_reporter_uq').on(table.reviewId, table.reporterId)],
);

/**
 * The reviewed provider's public reply to a review: at most one per review (the primary key), so
 * a second reply is a conflict, not a thread. The provider may edit or delete it
 * (docs/decisions/directory-review-replies-one-per-review-editable.md).
 */
export const reviewReplies = pgTable(
  'review_replies',
  {
    reviewId: uuid('review_id')
      .primaryKey()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    editedAt: instant('edited_at'),
  },
  (table) => [
    index('review_replies_provider_idx').on(table.providerId),
    check('review_replies_body_ck', sql`char_length(${table.body}) BETWEEN 2 AND 2500`),
  ],
);

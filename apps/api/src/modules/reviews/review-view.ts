import type { Language } from '@app/shared/constants';
import { REVIEW_EDITS_ALLOWED, type Review } from '@app/shared/schemas/reviews';
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, reviewReplies, reviews, therapyCategories, users } from '../../db/schema/index.ts';
import { localizedName } from '../../platform/localized.ts';

/** Half stars (1-10) ↔ the rating of the API (0.5-5). */
export const toHalves = (rating: number) => Math.round(rating * 2);
export const fromHalves = (halves: number) => halves / 2;

/** "Ada O.": first name and the initial of the last name, the way reviews sign. */
export function reviewerName(person: { firstName: string | null; lastName: string | null }): string | null {
  const first = person.firstName?.trim();
  if (!first) return null;
  const initial = person.lastName?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Who reads an answer: the author and the reviewed provider see flags the public does not. */
export interface Reader {
  userId: string | null;
  language: Language;
}

/**
 * The columns every review answer is built from. The author's name is read only when the review
 * is not anonymous: an anonymous review's name never leaves the database, whoever asks.
 */
export function reviewColumns(readerId: string | null) {
  return {
    id: reviews.id,
    bookingId: reviews.bookingId,
    providerId: reviews.providerId,
    clientId: reviews.clientId,
    ratingHalves: reviews.ratingHalves,
    comment: reviews.comment,
    isAnonymous: reviews.isAnonymous,
    editCount: reviews.editCount,
    createdAt: reviews.createdAt,
    editedAt: reviews.editedAt,
    hiddenAt: reviews.hiddenAt,
    firstName: sql<
      string | null
    >`CASE WHEN ${reviews.isAnonymous} OR ${users.deletedAt} IS NOT NULL THEN NULL ELSE ${users.firstName} END`,
    lastName: sql<
      string | null
    >`CASE WHEN ${reviews.isAnonymous} OR ${users.deletedAt} IS NOT NULL THEN NULL ELSE ${users.lastName} END`,
    replyBody: reviewReplies.body,
    replyCreatedAt: reviewReplies.createdAt,
    replyEditedAt: reviewReplies.editedAt,
    therapyEn: therapyCategories.nameEn,
    therapyDe: therapyCategories.nameDe,
    reportedByReader: readerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM review_reports WHERE review_reports.review_id = reviews.id AND review_reports.reporter_id = ${readerId})`
      : sql<boolean>`false`,
  };
}

/** reviews joined to their author (for the name), their booking's therapy and the provider's reply. */
export function reviewSelect(db: Tx, readerId: string | null) {
  return joinedReviews(db.select(reviewColumns(readerId)).from(reviews));
}

function joinedReviews(from: ReturnType<typeof reviewsFrom>) {
  return from
    .innerJoin(users, eq(users.id, reviews.clientId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .leftJoin(therapyCategories, eq(therapyCategories.id, bookings.therapyCategoryId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .$dynamic();
}
const reviewsFrom = (db: Tx) => db.select(reviewColumns(null)).from(reviews);

/**
 * The same joins selecting other columns, for a statement that embeds the query in its own SQL.
 * Its type still names reviewColumns' rows: it is never executed on its own.
 */
export function reviewSelectOf(db: Tx, columns: Record<string, SQL.Aliased>) {
  return joinedReviews(db.select(columns).from(reviews) as unknown as ReturnType<typeof reviewsFrom>);
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewSelect>['execute']>>[number];

/**
 * reviewSelect with more values of each review, each a scalar subquery of its own (no further
 * joins). Its type still names ReviewRow's columns: the caller names the values it added.
 */
export function reviewSelectWith(db: Tx, readerId: string | null, extra: Record<string, SQL>) {
  return joinedReviews(
    db.select({ ...reviewColumns(readerId), ...extra }).from(reviews) as unknown as ReturnType<typeof reviewsFrom>,
  );
}

export function toReview(row: ReviewRow, reader: Reader): Review {
  const isMine = reader.userId !== null && reader.userId === row.clientId;
  const name = row.isAnonymous ? null : reviewerName(row);
  return {
    identifier: row.id,
    providerIdentifier: row.providerId,
    rating: fromHalves(row.ratingHalves),
    comment: row.comment,
    isAnonymous: row.isAnonymous,
    reviewer: name ? { name } : null,
    therapy:
      row.therapyEn && row.therapyDe
        ? localizedName({ nameEn: row.therapyEn, nameDe: row.therapyDe }, reader.language)
        : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    editsLeft: isMine ? Math.max(0, REVIEW_EDITS_ALLOWED - row.editCount) : 0,
    isMine,
    reportedByMe: reader.userId !== null && reader.userId === row.providerId && Boolean(row.reportedByReader),
    reply:
      row.replyBody !== null && row.replyCreatedAt !== null
        ? {
            text: row.replyBody,
            createdAt: row.replyCreatedAt.toISOString(),
            editedAt: row.replyEditedAt ? row.replyEditedAt.toISOString() : null,
          }
        : null,
  };
}

/** Visible = not hidden by an admin. */
export const visibleReview = isNull(reviews.hiddenAt);

/** A provider's visible reviews; the provider given as an id, or as SQL in a larger statement. */
export const reviewOfProvider = (providerId: string | SQLWrapper) =>
  and(eq(reviews.providerId, providerId), visibleReview);

import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { reviewReplies, reviewReports, reviews } from '../../db/schema/index.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';

const rating = sql<number>`${reviews.ratingHalves}::float / 2`;

/**
 * The reviews' part of a data export. A client gets every review they wrote (hidden ones too,
 * with the operator's reason). A provider gets the reviews about them and their reports; an
 * anonymous review comes without its reviewer and its booking, as everywhere else
 * (docs/decisions/directory-anonymous-means-no-name-in-any-answer-and.md).
 */
export const reviewsPersonalData: PersonalDataContributor = {
  section: 'reviews',
  async collect(tx: Tx, { userId }) {
    const written = await tx
      .select({
        identifier: reviews.id,
        bookingId: reviews.bookingId,
        providerId: reviews.providerId,
        rating,
        comment: reviews.comment,
        isAnonymous: reviews.isAnonymous,
        createdAt: reviews.createdAt,
        editedAt: reviews.editedAt,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
      })
      .from(reviews)
      .where(eq(reviews.clientId, userId))
      .orderBy(asc(reviews.createdAt));
    const about = await tx
      .select({
        identifier: reviews.id,
        bookingId: sql<string | null>`CASE WHEN ${reviews.isAnonymous} THEN NULL ELSE ${reviews.bookingId} END`,
        reviewerId: sql<string | null>`CASE WHEN ${reviews.isAnonymous} THEN NULL ELSE ${reviews.clientId} END`,
        rating,
        comment: reviews.comment,
        isAnonymous: reviews.isAnonymous,
        createdAt: reviews.createdAt,
        editedAt: reviews.editedAt,
        hidden: sql<boolean>`${reviews.hiddenAt} IS NOT NULL`,
      })
      .from(reviews)
      .where(eq(reviews.providerId, userId))
      .orderBy(asc(reviews.createdAt));
    const reports = await tx
      .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
      .from(reviewReports)
      .where(eq(reviewReports.reporterId, userId))
      .orderBy(asc(reviewReports.createdAt));
    const replies = await tx
      .select({
        reviewId: reviewReplies.reviewId,
        text: reviewReplies.body,
        createdAt: reviewReplies.createdAt,
        editedAt: reviewReplies.editedAt,
      })
      .from(reviewReplies)
      .where(eq(reviewReplies.providerId, userId))
      .orderBy(asc(reviewReplies.createdAt));
    return { written, aboutYou: about, yourReports: reports, yourReplies: replies };
  },
};

/**
 * The reviews' part of erasing an account. A client's reviews become anonymous and lose their
 * comment (free text that may tell who wrote it or about their health); the rating stays, so the
 * therapist's average does not change behind their back (docs/decisions/security-erasure-reviews-keep-their-stars-not-their-words.md). The person's reports and replies (a provider's words) are deleted.
 * Reviews about an erased provider are their authors', and stay.
 */
export const reviewsErasure: AccountDeletingHandler = async (tx, { userId, now }) => {
  await tx
    .update(reviews)
    .set({ comment: null, isAnonymous: true, updatedAt: now })
    .where(eq(reviews.clientId, userId));
  await tx.delete(reviewReports).where(eq(reviewReports.reporterId, userId));
  await tx.delete(reviewReplies).where(eq(reviewReplies.providerId, userId));
  return [];
};

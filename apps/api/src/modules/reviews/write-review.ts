import type { Language } from '@app/shared/constants';
import { type OwnReview, REVIEW_EDITS_ALLOWED } from '@app/shared/schemas/reviews';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, reviews } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadOwnBooking } from '../bookings/booking-data.ts';
import { deliverReviewEmail, type ReviewEmailDeps, recordReviewEmail } from './emails.ts';
import { reviewSelect, toHalves, toReview } from './review-view.ts';

export interface ReviewInput {
  rating: number;
  comment: string | null;
  isAnonymous: boolean;
}

/**
 * Whether a booking's session has taken place: completed, or confirmed and over (the completion
 * job runs every minute; a client who reviews right after the session ends is not refused).
 */
function sessionTookPlace(row: { status: string; endsAt: Date | null }, now: Date): boolean {
  if (row.status === 'completed') return true;
  return row.status === 'confirmed' && row.endsAt !== null && row.endsAt.getTime() <= now.getTime();
}

/** The author's own answer for a review, after a write. */
export async function ownReview(db: Tx, input: { reviewId: string; actor: Actor; language: Language }) {
  const [row] = await reviewSelect(db, input.actor.userId).where(
    and(eq(reviews.id, input.reviewId), eq(reviews.clientId, input.actor.userId)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...toReview(row, { userId: input.actor.userId, language: input.language }),
    bookingIdentifier: row.bookingId,
  };
}

/**
 * POST /review/{bookingId}: the booking's client reviews its session once, after it took place.
 * The booking row is locked so two submissions queue; the unique index on reviews.booking_id
 * settles any race that slips past (REVIEW_ALREADY_EXISTS). The booking's feedbackProvided flag
 * and the provider's count and average (a trigger) change in the same transaction, and the
 * provider's notification (review.received, in the app and by email as their review switches
 * say) is written in it too.
 */
export async function createReview(
  // The demo seed writes reviews without a mailer: its events tell no one, so no email is due.
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'> & Partial<ReviewEmailDeps>,
  input: { actor: Actor; bookingId: string; language: Language } & ReviewInput,
): Promise<OwnReview> {
  const now = deps.clock.now();
  const { mailer, config, log } = deps;
  const mail = mailer && config && log ? { mailer, config, log } : null;
  try {
    let emailId: string | null = null;
    const reviewId = await deps.db.transaction(async (tx) => {
      const booking = await loadOwnBooking(tx, {
        bookingId: input.bookingId,
        actor: input.actor,
        party: 'client',
        lock: true,
      });
      if (booking.feedbackProvided) throw new AppError('REVIEW_ALREADY_EXISTS');
      if (!sessionTookPlace(booking, now)) throw new AppError('REVIEW_NOT_ALLOWED');
      const [created] = await tx
        .insert(reviews)
        .values({
          bookingId: booking.id,
          providerId: booking.providerId,
          clientId: booking.clientId,
          ratingHalves: toHalves(input.rating),
          comment: input.comment,
          isAnonymous: input.isAnonymous,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reviews.id });
      if (!created) throw new Error('review insert returned nothing');
      await tx.update(bookings).set({ feedbackProvided: true, updatedAt: now }).where(eq(bookings.id, booking.id));
      // The provider is told; an anonymous review names nobody and points at no booking.
      const told = await deps.events.notify(tx, {
        userId: booking.providerId,
        kind: 'review.received',
        actorId: input.isAnonymous ? null : booking.clientId,
        subjectId: input.isAnonymous ? null : booking.id,
        at: now,
      });
      if (told.email && mail) {
        emailId = await recordReviewEmail(tx, mail, {
          userId: booking.providerId,
          template: 'received',
          bookingId: input.isAnonymous ? null : booking.id,
          otherId: input.isAnonymous ? null : booking.clientId,
        });
      }
      return created.id;
    });
    if (mail) await deliverReviewEmail(mail, emailId);
    return ownReview(deps.db, { reviewId, actor: input.actor, language: input.language });
  } catch (error) {
    if (isUniqueViolation(error, 'reviews_booking_uq')) throw new AppError('REVIEW_ALREADY_EXISTS');
    throw error;
  }
}

/**
 * PUT /review/{reviewId}: the author edits the rating, comment and anonymity REVIEW_EDITS_ALLOWED
 * times (SPEC.md §4, §9). One conditional statement: a second edit, even a concurrent one, matches no row and is
 * refused with REVIEW_EDIT_LIMIT; someone else's review is NOT_FOUND.
 */
export async function updateReview(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; reviewId: string; language: Language } & ReviewInput,
): Promise<OwnReview> {
  const now = deps.clock.now();
  const updated = await deps.db
    .update(reviews)
    .set({
      ratingHalves: toHalves(input.rating),
      comment: input.comment,
      isAnonymous: input.isAnonymous,
      editCount: sql`${reviews.editCount} + 1`,
      editedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(reviews.id, input.reviewId),
        eq(reviews.clientId, input.actor.userId),
        lt(reviews.editCount, REVIEW_EDITS_ALLOWED),
      ),
    )
    .returning({ id: reviews.id });
  if (updated.length === 0) {
    const [existing] = await deps.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.clientId, input.actor.userId)));
    throw new AppError(existing ? 'REVIEW_EDIT_LIMIT' : 'NOT_FOUND');
  }
  return ownReview(deps.db, { reviewId: input.reviewId, actor: input.actor, language: input.language });
}

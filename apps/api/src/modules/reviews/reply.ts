import type { Language } from '@app/shared/constants';
import type { Review } from '@app/shared/schemas/reviews';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { reviewReplies, reviews } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { deliverReviewEmail, type ReviewEmailDeps, recordReviewEmail } from './emails.ts';
import { reviewSelect, toReview, visibleReview } from './review-view.ts';

type ReplyDeps = Pick<AppDeps, 'db' | 'clock'>;

/** A visible review of the calling provider, locked for the change; anyone else's is NOT_FOUND. */
async function lockOwnReview(tx: Tx, actor: Actor, reviewId: string) {
  const [review] = await tx
    .select({ id: reviews.id, clientId: reviews.clientId, bookingId: reviews.bookingId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.providerId, actor.userId), visibleReview))
    .for('update');
  if (!review) throw new AppError('NOT_FOUND');
  return review;
}

async function answer(deps: ReplyDeps, input: { actor: Actor; reviewId: string; language: Language }): Promise<Review> {
  const [row] = await reviewSelect(deps.db, input.actor.userId).where(eq(reviews.id, input.reviewId));
  if (!row) throw new AppError('NOT_FOUND');
  return toReview(row, { userId: input.actor.userId, language: input.language });
}

/**
 * POST /review/{id}/reply: the reviewed provider answers a review publicly, once
 * (REVIEW_ALREADY_REPLIED). The client is told in the same transaction (review.replied, in the
 * app and by email as their review switches say); an edit of the reply tells no one again.
 */
export async function replyToReview(
  deps: ReplyDeps & ReviewEmailDeps & Pick<AppDeps, 'events'>,
  input: { actor: Actor; reviewId: string; text: string; language: Language },
): Promise<Review> {
  const now = deps.clock.now();
  let emailId: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const review = await lockOwnReview(tx, input.actor, input.reviewId);
      await tx
        .insert(reviewReplies)
        .values({ reviewId: input.reviewId, providerId: input.actor.userId, body: input.text, createdAt: now });
      const told = await deps.events.notify(tx, {
        userId: review.clientId,
        kind: 'review.replied',
        actorId: input.actor.userId,
        subjectId: review.bookingId,
        at: now,
      });
      if (told.email) {
        emailId = await recordReviewEmail(tx, deps, {
          userId: review.clientId,
          template: 'replied',
          bookingId: review.bookingId,
          otherId: input.actor.userId,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('REVIEW_ALREADY_REPLIED');
    throw error;
  }
  await deliverReviewEmail(deps, emailId);
  return answer(deps, input);
}

/** PUT /review/{id}/reply: the provider rewords their reply (marked edited); none yet is NOT_FOUND. */
export async function editReviewReply(
  deps: ReplyDeps,
  input: { actor: Actor; reviewId: string; text: string; language: Language },
): Promise<Review> {
  await deps.db.transaction(async (tx) => {
    await lockOwnReview(tx, input.actor, input.reviewId);
    const updated = await tx
      .update(reviewReplies)
      .set({ body: input.text, editedAt: deps.clock.now() })
      .where(eq(reviewReplies.reviewId, input.reviewId))
      .returning({ reviewId: reviewReplies.reviewId });
    if (updated.length === 0) throw new AppError('NOT_FOUND');
  });
  return answer(deps, input);
}

/** DELETE /review/{id}/reply: the provider takes their reply back (and may write a new one). */
export async function deleteReviewReply(
  deps: ReplyDeps,
  input: { actor: Actor; reviewId: string; language: Language },
): Promise<Review> {
  await deps.db.transaction(async (tx) => {
    await lockOwnReview(tx, input.actor, input.reviewId);
    const deleted = await tx
      .delete(reviewReplies)
      .where(eq(reviewReplies.reviewId, input.reviewId))
      .returning({ reviewId: reviewReplies.reviewId });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
  });
  return answer(deps, input);
}

import type { Review } from '@app/shared/schemas/reviews';

/** Names of the reviews dialogs in the modal manager. */
export const REVIEW_MODALS = {
  /** Review a session, or edit the review once (SPEC.md §2 "Edit reviews"). */
  review: 'reviews-review',
  /** The reviewed provider reports a review. */
  report: 'reviews-report',
  /** The reviewed provider replies to a review (or rewords or deletes the reply). */
  reply: 'reviews-reply',
} as const;

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    'reviews-review': { bookingId: string; providerName: string };
    'reviews-report': { review: Review };
    'reviews-reply': { review: Review };
  }
}

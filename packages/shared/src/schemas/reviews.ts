import { REVIEW_SORTS } from '../review-rules.ts';
import { messageKey, z } from '../zod.ts';

export { REVIEW_SORTS, type ReviewSort } from '../review-rules.ts';

import { pageSchema } from './common.ts';

/** SPEC.md §5 "Review" and §9: a rating in steps of 0.5; a comment of 5-2500 characters when given. */
export const REVIEW_RATING_MIN = 0.5;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_RATING_STEP = 0.5;
export const REVIEW_COMMENT_MIN = 5;
export const REVIEW_COMMENT_MAX = 2500;
/** SPEC.md §9: a review can be edited once. */
export const REVIEW_EDITS_ALLOWED = 1;
/** SPEC.md §9: after a review is saved the screen refreshes after 2 s. */
export const REVIEW_REFRESH_DELAY_MS = 2000;
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_REPORT_REASON_MAX = 500;

export const ReviewRatingSchema = z
  .number({ error: 'reviews.ratingRequired' })
  .min(REVIEW_RATING_MIN, 'reviews.ratingRange')
  .max(REVIEW_RATING_MAX, 'reviews.ratingRange')
  .refine((value) => Number.isInteger(value / REVIEW_RATING_STEP), 'reviews.ratingStep');

/** Optional; an empty or blank comment counts as none. */
export const ReviewCommentSchema = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX, messageKey('reviews.commentTooLong', { maximum: REVIEW_COMMENT_MAX }))
  .refine(
    (value) => value.length === 0 || value.length >= REVIEW_COMMENT_MIN,
    messageKey('reviews.commentTooShort', { minimum: REVIEW_COMMENT_MIN }),
  )
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /review/{bookingId} and PUT /review/{reviewId}: rating, comment, isAnonymous (SPEC.md §7). */
export const ReviewBodySchema = z.object({
  rating: ReviewRatingSchema,
  comment: ReviewCommentSchema,
  isAnonymous: z.boolean().default(false),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

/** A provider's replies to a review: one per review, 2-2500 characters. */
export const REVIEW_REPLY_MIN = 2;
export const REVIEW_REPLY_MAX = 2500;

export const ReviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(REVIEWS_PAGE_SIZE),
  sort: z.enum(REVIEW_SORTS).default('newest'),
  /** The `nextCursor` of the previous page (keyset); when given, `page` is ignored. */
  cursor: z.string().max(200).optional(),
});
export type ReviewPageQuery = z.output<typeof ReviewPageQuerySchema>;

/** POST and PUT /review/{id}/reply (the reviewed provider). */
export const ReviewReplyBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(REVIEW_REPLY_MIN, messageKey('validation.tooShort', { minimum: REVIEW_REPLY_MIN }))
    .max(REVIEW_REPLY_MAX, messageKey('validation.tooLong', { maximum: REVIEW_REPLY_MAX })),
});
export type ReviewReplyBody = z.input<typeof ReviewReplyBodySchema>;

export const ReviewReplySchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

/**
 * A review as anyone reads it. `reviewer` is null for an anonymous review in EVERY answer
 * (the public list, the provider's, the admin's, even the author's own): an anonymous review
 * names nobody. `isMine` tells the author it is theirs.
 */
export const ReviewSchema = z.object({
  identifier: z.uuid(),
  providerIdentifier: z.uuid(),
  rating: z.number(),
  comment: z.string().nullable(),
  isAnonymous: z.boolean(),
  /** First name and initial ("Ada O."); null when anonymous or the account was deleted. */
  reviewer: z.object({ name: z.string() }).nullable(),
  /** The therapy reviewed, when known. */
  therapy: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** How many more edits the author may make (author only; 0 for everyone else). */
  editsLeft: z.number().int(),
  isMine: z.boolean(),
  /** The reviewed provider has reported it (that provider only; false for everyone else). */
  reportedByMe: z.boolean(),
  /** The reviewed provider's public reply, shown under the review. */
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The author's own review of a booking (GET /review/booking/{id}, the answers of POST/PUT). */
export const OwnReviewSchema = ReviewSchema.extend({ bookingIdentifier: z.uuid() });
export type OwnReview = z.infer<typeof OwnReviewSchema>;

export const ReviewPageSchema = pageSchema(ReviewSchema).extend({
  /** Pass as `cursor` for the next page in the same order; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const ReviewSummarySchema = z.object({
  providerIdentifier: z.uuid(),
  count: z.number().int(),
  /** The mean of the visible ratings, to one decimal; null without reviews. */
  average: z.number().nullable(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** POST /review/{id}/report (the reviewed provider). */
export const ReportReviewBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(REVIEW_COMMENT_MIN, messageKey('reviews.reasonTooShort', { minimum: REVIEW_COMMENT_MIN }))
    .max(REVIEW_REPORT_REASON_MAX, messageKey('reviews.reasonTooLong', { maximum: REVIEW_REPORT_REASON_MAX })),
});
export type ReportReviewBody = z.input<typeof ReportReviewBodySchema>;

export const ReviewReportAnswerSchema = z.object({
  reviewIdentifier: z.uuid(),
  reportedAt: z.string(),
  message: z.string(),
});

// ---------------------------------------------------------------- admin

export const REPORTED_REVIEW_STATUSES = ['open', 'hidden', 'all'] as const;
export type ReportedReviewStatus = (typeof REPORTED_REVIEW_STATUSES)[number];

export const ReportedReviewsQuerySchema = z.object({
  status: z.enum(REPORTED_REVIEW_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const ReportedReviewSchema = ReviewSchema.omit({
  isMine: true,
  editsLeft: true,
  reportedByMe: true,
  reply: true,
}).extend({
  providerName: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  reports: z.array(z.object({ reason: z.string(), reportedAt: z.string() })),
  lastReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof ReportedReviewSchema>;
export const ReportedReviewPageSchema = pageSchema(ReportedReviewSchema);
export type ReportedReviewPage = z.infer<typeof ReportedReviewPageSchema>;

export const HideReviewBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, messageKey('validation.tooShort', { minimum: 3 }))
    .max(REVIEW_REPORT_REASON_MAX, messageKey('validation.tooLong', { maximum: REVIEW_REPORT_REASON_MAX })),
});
export type HideReviewBody = z.infer<typeof HideReviewBodySchema>;

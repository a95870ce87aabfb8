/**
 * The orders of a provider's reviews: newest first, or by rating (newest first within a rating).
 * Apart from the schemas so a public page can offer them without loading zod.
 */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

import type { ReviewSort } from '@app/shared/schemas/reviews';
import { and, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { reviews } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';

/** Where a page of reviews ended: the last row's sort keys, for the order it was read in. */
interface ReviewPosition {
  sort: ReviewSort;
  ratingHalves: number;
  createdAt: Date;
  id: string;
}

export function encodeReviewCursor(position: ReviewPosition): string {
  const { sort, ratingHalves, createdAt, id } = position;
  return Buffer.from(JSON.stringify([sort, ratingHalves, createdAt.toISOString(), id])).toString('base64url');
}

/** The position a cursor names in this order; anything else (tampered, another order) is INVALID_CURSOR. */
export function decodeReviewCursor(cursor: string, sort: ReviewSort): ReviewPosition {
  try {
    const [cursorSort, ratingHalves, iso, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const createdAt = new Date(iso);
    if (
      cursorSort === sort &&
      Number.isInteger(ratingHalves) &&
      typeof iso === 'string' &&
      !Number.isNaN(createdAt.getTime()) &&
      typeof id === 'string' &&
      UUID_PATTERN.test(id)
    ) {
      return { sort, ratingHalves, createdAt, id };
    }
  } catch {
    // fall through
  }
  throw new AppError('INVALID_CURSOR');
}

/**
 * The ORDER BY of each order: by rating when asked, then always newest first, the id breaking
 * ties, so every row has one place and a keyset page never repeats or skips one.
 */
export function reviewOrder(sort: ReviewSort): SQL[] {
  const newest = [desc(reviews.createdAt), desc(reviews.id)];
  if (sort === 'highest') return [desc(reviews.ratingHalves), ...newest];
  if (sort === 'lowest') return [sql`${reviews.ratingHalves} ASC`, ...newest];
  return newest;
}

/** The rows after a position in its order. */
export function afterPosition(position: ReviewPosition): SQL {
  const olderInRating = sql`(${reviews.createdAt}, ${reviews.id}) < (${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;
  if (position.sort === 'newest') return olderInRating;
  const nextRating =
    position.sort === 'highest'
      ? lt(reviews.ratingHalves, position.ratingHalves)
      : gt(reviews.ratingHalves, position.ratingHalves);
  return or(nextRating, and(eq(reviews.ratingHalves, position.ratingHalves), olderInRating)) as SQL;
}

import type { Language } from '@app/shared/constants';
import type { OwnReview, ReviewPage, ReviewSort, ReviewSummary } from '@app/shared/schemas/reviews';
import { and, Column, count, desc, eq, is, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, providerDirectory, reviews, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { prepared } from '../../platform/prepared.ts';
import { listedProviderSql } from '../credentials/listing.ts';
import { afterPosition, decodeReviewCursor, encodeReviewCursor, reviewOrder } from './review-cursor.ts';
import {
  type ReviewRow,
  reviewColumns,
  reviewOfProvider,
  reviewSelect,
  reviewSelectOf,
  toReview,
} from './review-view.ts';

/**
 * A provider whose reviews anyone may read: listed (the listing rule of credentials/listing.ts).
 * The provider themself may always read their own.
 */
async function assertReviewsReadable(db: Tx, providerId: string, readerId: string | null, now: Date): Promise<void> {
  if (readerId === providerId) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, providerId), listedProviderSql(users.id, now)));
  if (!row) throw new AppError('NOT_FOUND');
}

/**
 * GET /review/provider/{id}: a provider's visible reviews (public) in one of REVIEW_SORTS. With
 * `cursor` (the previous answer's nextCursor) the page starts after that row (keyset: stable
 * while reviews arrive); without it, `page` counts from the start.
 */
export async function listProviderReviews(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: {
    providerId: string;
    readerId: string | null;
    language: Language;
    page: number;
    perPage: number;
    sort?: ReviewSort;
    cursor?: string;
  },
): Promise<ReviewPage> {
  const sort = input.sort ?? 'newest';
  const position = input.cursor ? decodeReviewCursor(input.cursor, sort) : null;
  await assertReviewsReadable(deps.db, input.providerId, input.readerId, deps.clock.now());
  const page = position ? 1 : input.page;
  const [rows, [counted]] = await Promise.all([
    reviewSelect(deps.db, input.readerId)
      .where(and(reviewOfProvider(input.providerId), position ? afterPosition(position) : undefined))
      .orderBy(...reviewOrder(sort))
      .limit(input.perPage + 1)
      .offset(position ? 0 : (page - 1) * input.perPage),
    deps.db.select({ total: count() }).from(reviews).where(reviewOfProvider(input.providerId)),
  ]);
  return reviewPage(rows, { ...input, sort, page, total: counted?.total ?? 0 });
}

/** One answer's page of review rows (read one past the page, to know whether a next page exists). */
function reviewPage(
  rows: ReviewRow[],
  input: {
    readerId: string | null;
    language: Language;
    page: number;
    perPage: number;
    sort: ReviewSort;
    total: number;
  },
): ReviewPage {
  const { total, sort, page } = input;
  const shown = rows.slice(0, input.perPage);
  const last = shown.at(-1);
  const reader = { userId: input.readerId, language: input.language };
  return {
    data: shown.map((row) => toReview(row, reader)),
    meta: { page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
    nextCursor:
      rows.length > input.perPage && last
        ? encodeReviewCursor({ sort, ratingHalves: last.ratingHalves, createdAt: last.createdAt, id: last.id })
        : null,
  };
}

/** The columns of a review as the public reads it, built once: a provider's page decodes them on every render. */
const PUBLIC_COLUMNS = Object.entries(reviewColumns(null));

/**
 * The first page of a provider's visible reviews as the public reads them, for another module's
 * statement: a JSON array of `reviewColumns` rows in the sort's order, one past the page (to know
 * whether a next page exists). `provider` is the SQL of the provider's id in that statement;
 * `firstReviewRows` turns the array into the rows `listedReviewRows` reads.
 */
export function firstReviewsJsonSql(db: Tx, provider: SQL, sort: ReviewSort, perPage: number): SQL<unknown[]> {
  const item = sql.join(
    PUBLIC_COLUMNS.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  );
  const page = reviewSelectOf(db, {
    item: sql`json_build_object(${item})`.as('item'),
    position: sql<number>`row_number() OVER (ORDER BY ${sql.join(reviewOrder(sort), sql`, `)})`.as('position'),
  })
    .where(reviewOfProvider(provider))
    .orderBy(...reviewOrder(sort))
    .limit(perPage + 1);
  return sql`(SELECT coalesce(json_agg(page.item ORDER BY page.position), '[]'::json) FROM (${page}) page)`;
}

/** The rows of `firstReviewsJsonSql`'s array, each value as the driver would have read its column. */
export function firstReviewRows(json: unknown[]): ReviewRow[] {
  return json.map((item) => {
    const values = item as Record<string, unknown>;
    return Object.fromEntries(
      PUBLIC_COLUMNS.map(([name, column]) => {
        const value = values[name] ?? null;
        return [name, value !== null && is(column, Column) ? column.mapFromDriverValue(value) : value];
      }),
    ) as ReviewRow;
  });
}

/** The first page's answer made from `firstReviewRows`' rows. */
export function firstReviewPage(
  rows: ReviewRow[],
  input: { language: Language; perPage: number; sort: ReviewSort; total: number },
): ReviewPage {
  return reviewPage(rows, { ...input, readerId: null, page: 1 });
}

/**
 * A page of a provider's visible reviews as the public reads them (the first, or the one after
 * `cursor`), for a caller that checks the provider is listed and counts the reviews itself (their
 * page's one statement, directory/provider-page.ts): the rows, read at once, and the answer made
 * from them with the total. A first page is one statement per order, prepared once per connection.
 */
export async function listedReviewRows(
  db: Tx,
  input: { providerId: string; perPage: number; sort: ReviewSort; cursor?: string },
): Promise<{ page(answer: { language: Language; total: number }): ReviewPage }> {
  const { sort } = input;
  const position = input.cursor ? decodeReviewCursor(input.cursor, sort) : null;
  const rows = position
    ? await reviewSelect(db, null)
        .where(and(reviewOfProvider(input.providerId), afterPosition(position)))
        .orderBy(...reviewOrder(sort))
        .limit(input.perPage + 1)
    : await prepared(db, `reviews_first_page_${sort}`, (name) =>
        reviewSelect(db, null)
          .where(reviewOfProvider(sql.placeholder('providerId')))
          .orderBy(...reviewOrder(sort))
          .limit(sql.placeholder('limit'))
          .prepare(name),
      ).execute({ providerId: input.providerId, limit: input.perPage + 1 });
  return {
    page: (answer) => reviewPage(rows, { ...input, ...answer, readerId: null, page: 1 }),
  };
}

/** The count and mean of a provider's visible reviews, as the directory keeps them. */
export async function reviewSummary(db: Tx, providerId: string): Promise<ReviewSummary> {
  const [row] = await db
    .select({ count: providerDirectory.reviewCount, sum: providerDirectory.ratingSumHalves })
    .from(providerDirectory)
    .where(eq(providerDirectory.providerId, providerId));
  return summaryOf(providerId, row?.count ?? 0, row?.sum ?? 0);
}

export function summaryOf(providerId: string, reviewCount: number, sumHalves: number): ReviewSummary {
  return {
    providerIdentifier: providerId,
    count: reviewCount,
    average: reviewCount > 0 ? Math.round((sumHalves / 2 / reviewCount) * 10) / 10 : null,
  };
}

/** GET /review/provider/{id}/count (public). */
export async function getReviewSummary(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { providerId: string; readerId: string | null },
): Promise<ReviewSummary> {
  await assertReviewsReadable(deps.db, input.providerId, input.readerId, deps.clock.now());
  return reviewSummary(deps.db, input.providerId);
}

/**
 * GET /review/participant/{id}: the reviews a client wrote (hidden ones included, so they know),
 * newest first. Only that client may read them: an anonymous review must never be tied to its
 * author for anyone else. Anyone else: NOT_FOUND.
 */
export async function listParticipantReviews(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; participantId: string; language: Language },
): Promise<OwnReview[]> {
  if (input.participantId !== input.actor.userId) throw new AppError('NOT_FOUND');
  const rows = await reviewSelect(deps.db, input.actor.userId)
    .where(eq(reviews.clientId, input.actor.userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const reader = { userId: input.actor.userId, language: input.language };
  return rows.map((row) => ({ ...toReview(row, reader), bookingIdentifier: row.bookingId }));
}

/**
 * GET /review/booking/{id}: the review of one of the caller's bookings. Its client always reads
 * it; its provider reads it only when it is visible and not anonymous (an anonymous review is
 * never tied to a booking, and so to a client, for the provider). Otherwise NOT_FOUND, the same
 * answer as "no review yet", so the provider cannot tell the two apart.
 */
export async function getBookingReview(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; bookingId: string; language: Language },
): Promise<OwnReview> {
  const { actor } = input;
  const party =
    actor.role === 'client'
      ? eq(bookings.clientId, actor.userId)
      : actor.role === 'provider'
        ? and(eq(bookings.providerId, actor.userId), eq(reviews.isAnonymous, false), isNull(reviews.hiddenAt))
        : undefined;
  if (!party) throw new AppError('NOT_FOUND');
  const [row] = await reviewSelect(deps.db, actor.userId).where(and(eq(reviews.bookingId, input.bookingId), party));
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toReview(row, { userId: actor.userId, language: input.language }), bookingIdentifier: row.bookingId };
}

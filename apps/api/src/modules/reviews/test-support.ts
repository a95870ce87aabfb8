import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { bookings, providerDirectory, reviews, therapyCategories } from '../../db/schema/index.ts';

/** Test helpers of the reviews module (not used by the app). */

/**
 * A booking of `client` with `provider` whose session ended `hoursAgo` hours before the test
 * clock (completed by default; `status: 'confirmed'` for one the completion job has not reached).
 */
export async function pastBooking(
  t: TestApp,
  client: TestUser,
  provider: TestUser,
  options: { hoursAgo?: number; status?: 'completed' | 'confirmed' | 'cancelled' | 'pending' } = {},
): Promise<string> {
  const now = t.deps.clock.now().getTime();
  const endsAt = new Date(now - (options.hoursAgo ?? 24) * 3600_000);
  const [therapy] = await t.deps.db
    .select({ id: therapyCategories.id })
    .from(therapyCategories)
    .where(eq(therapyCategories.key, 'individual-therapy'));
  const status = options.status ?? 'completed';
  const [row] = await t.deps.db
    .insert(bookings)
    .values({
      clientId: client.id,
      providerId: provider.id,
      therapyCategoryId: therapy?.id ?? null,
      modalityKey: 'video-session',
      status,
      startsAt: status === 'pending' ? null : new Date(endsAt.getTime() - 3600_000),
      endsAt: status === 'pending' ? null : endsAt,
      priceMinor: 0,
      paymentMethod: status === 'pending' ? null : 'free',
      paidAt: status === 'pending' ? null : new Date(endsAt.getTime() - 48 * 3600_000),
      completedAt: status === 'completed' ? endsAt : null,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('booking insert failed');
  return row.id;
}

/** A future confirmed booking (its session has not taken place). */
export async function futureBooking(t: TestApp, client: TestUser, provider: TestUser): Promise<string> {
  const id = await pastBooking(t, client, provider, { hoursAgo: -48, status: 'confirmed' });
  return id;
}

export async function postReview(
  t: TestApp,
  user: TestUser,
  bookingId: string,
  payload: Record<string, unknown> = { rating: 4.5, comment: 'Very helpful session.', isAnonymous: false },
) {
  return t.app.inject({ method: 'POST', url: `/api/review/${bookingId}`, headers: user.headers, payload });
}

export async function reviewed(t: TestApp, user: TestUser, bookingId: string, payload?: Record<string, unknown>) {
  const response = await postReview(t, user, bookingId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { identifier: string; rating: number };
}

/** The directory's kept count and sum against a recount of the visible reviews. */
export async function keptAndCounted(t: TestApp, providerId: string) {
  const [kept] = await t.deps.db
    .select({ count: providerDirectory.reviewCount, sum: providerDirectory.ratingSumHalves })
    .from(providerDirectory)
    .where(eq(providerDirectory.providerId, providerId));
  const [counted] = await t.deps.db
    .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.ratingHalves}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.providerId, providerId), isNull(reviews.hiddenAt)));
  return { kept, counted };
}

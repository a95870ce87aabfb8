import { REVIEW_SORTS, REVIEWS_PAGE_SIZE } from '@app/shared/schemas/reviews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { reviews } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { pastBooking, reviewed } from '../reviews/test-support.ts';
import { directoryWebServices } from './web-services.ts';

/**
 * A provider's page reads its first page of reviews in the provider's own statement; a later
 * page is read beside it. Both must be the page the public reviews API answers.
 */
let t: TestApp;
let provider: TestUser;

const CLIENTS = [
  ['Zoë', "O'Brien-Adeyemi"],
  ["D'Arcy", 'Nakamura-Kowalski'],
  ['Siobhán', "Ní Bhriain-O'Hara"],
  ['Chiamaka', 'Eze'],
];
const RATINGS = [5, 4.5, 3, 5, 2.5, 4, 5, 1, 3.5, 4.5, 5, 2, 4, 3];

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  await catalog(t);
  provider = await createProvider(t, { fee: 1_500_000, firstName: 'Ada', lastName: 'Eze' });
  const clients = await Promise.all(
    CLIENTS.map(([firstName, lastName]) => createTestUser(t, { role: 'client', firstName, lastName })),
  );
  const written: string[] = [];
  for (const [index, rating] of RATINGS.entries()) {
    const client = clients[index % clients.length] as TestUser;
    const bookingId = await pastBooking(t, client, provider, { hoursAgo: 24 + index });
    const review = await reviewed(t, client, bookingId, {
      rating,
      comment: index % 5 === 0 ? null : `Session ${index}: calm, practical – and on time.`,
      isAnonymous: index % 3 === 0,
    });
    written.push(review.identifier);
  }
  // One reply, and one review hidden by moderation, which no page shows.
  const replied = await t.app.inject({
    method: 'POST',
    url: `/api/review/${written[1]}/reply`,
    headers: provider.headers,
    payload: { text: 'Thank you, Zoë – see you next week.' },
  });
  expect(replied.statusCode, replied.body).toBe(201);
  await t.deps.db
    .update(reviews)
    .set({ hiddenAt: new Date('2027-03-01T08:00:00Z'), hiddenReason: 'test' })
    .where(eq(reviews.id, written[4] as string));
});
afterAll(() => t.close());

const webPage = (sort: (typeof REVIEW_SORTS)[number], cursor: string | null) =>
  directoryWebServices(t.deps).provider({
    providerId: provider.id,
    language: 'en',
    countryCode: 'NG',
    reviewsSort: sort,
    reviewsCursor: cursor,
  });

const apiPage = async (sort: string, cursor?: string) => {
  const query = new URLSearchParams({ sort, ...(cursor ? { cursor } : {}) });
  const response = await t.app.inject({ url: `/api/review/provider/${provider.id}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('a provider’s page reads their reviews', () => {
  it.each(REVIEW_SORTS)('first and later pages, %s first, as the reviews API answers them', async (sort) => {
    const first = await webPage(sort, null);
    const api = await apiPage(sort);
    expect(first?.reviews).toEqual(api);
    expect(first?.reviews.data).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first?.reviews.meta.total).toBe(RATINGS.length - 1);

    const cursor = first?.reviews.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const later = await webPage(sort, cursor as string);
    expect(later?.reviews).toEqual(await apiPage(sort, cursor as string));
    expect(later?.reviews.data).toHaveLength(RATINGS.length - 1 - REVIEWS_PAGE_SIZE);
    expect(later?.reviews.nextCursor).toBeNull();

    const shown = [...(first?.reviews.data ?? []), ...(later?.reviews.data ?? [])];
    expect(shown.filter((review) => review.reply !== null)).toHaveLength(1);
    expect(shown.some((review) => review.reviewer === null)).toBe(true);
    expect(shown.map((review) => review.reviewer?.name)).toContain("D'Arcy N.");
  });

  it('reads the first page with the provider, the provider as the API answers', async () => {
    const page = await webPage('newest', null);
    const api = await t.app.inject({ url: `/api/providers/${provider.id}` });
    expect(page?.provider).toEqual(api.json());
  });
});

import { REVIEW_EDITS_ALLOWED } from '@app/shared/schemas/reviews';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { bookings, reviews } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { futureBooking, keptAndCounted, pastBooking, postReview, reviewed } from './test-support.ts';

const clock = fixedClock('2027-03-10T12:00:00Z');
let t: TestApp;
let provider: TestUser;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  provider = await makeListed(t, await createTestUser(t, { role: 'provider', firstName: 'Chiamaka', lastName: 'Eze' }));
  client = await createTestUser(t, { role: 'client', firstName: 'Bola', lastName: 'Stone' });
});
afterAll(() => t.close());

const reviewRow = async (bookingId: string) =>
  (await t.deps.db.select().from(reviews).where(eq(reviews.bookingId, bookingId)))[0];
const bookingRow = async (bookingId: string) =>
  (await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];

describe('POST /review/{bookingId}', () => {
  it('reviews a completed session once: the review, feedbackProvided and the provider average', async () => {
    const bookingId = await pastBooking(t, client, provider);
    const response = await postReview(t, client, bookingId, {
      rating: 4.5,
      comment: '  Warm and very helpful.  ',
      isAnonymous: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      bookingIdentifier: bookingId,
      providerIdentifier: provider.id,
      rating: 4.5,
      comment: 'Warm and very helpful.',
      isAnonymous: false,
      reviewer: { name: 'Bola S.' },
      therapy: 'Individual Therapy',
      editsLeft: 1,
      isMine: true,
      editedAt: null,
    });
    expect(await reviewRow(bookingId)).toMatchObject({ ratingHalves: 9, clientId: client.id, editCount: 0 });
    expect((await bookingRow(bookingId))?.feedbackProvided).toBe(true);
    const summary = await t.app.inject({ url: `/api/review/provider/${provider.id}/count` });
    expect(summary.json()).toEqual({ providerIdentifier: provider.id, count: 1, average: 4.5 });

    const again = await postReview(t, client, bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REVIEW_ALREADY_EXISTS',
      message: 'You have already reviewed this session.',
    });
    expect((await keptAndCounted(t, provider.id)).kept).toEqual({ count: 1, sum: 9 });
  });

  it('tells the provider in the app; an anonymous review names nobody and links to no booking', async () => {
    const reviewer = await createTestUser(t, { role: 'client', firstName: 'Kemi', lastName: 'Ade' });
    const therapist = await createTestUser(t, { role: 'provider', firstName: 'Tunde', lastName: 'Bello' });
    const named = await pastBooking(t, reviewer, therapist);
    const hidden = await pastBooking(t, reviewer, therapist);
    expect((await postReview(t, reviewer, named, { rating: 4, comment: null, isAnonymous: false })).statusCode).toBe(
      201,
    );
    expect((await postReview(t, reviewer, hidden, { rating: 2, comment: null, isAnonymous: true })).statusCode).toBe(
      201,
    );
    const list = await t.app.inject({ url: '/api/notifications', headers: therapist.headers });
    const received = (
      list.json() as { data: { kind: string; actorName: string | null; link: string | null }[] }
    ).data.filter((item) => item.kind === 'review.received');
    expect(received).toHaveLength(2);
    expect(received).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorName: null, link: '/appointments/' }),
        expect.objectContaining({ actorName: 'Kemi Ade', link: `/appointments/${named}/` }),
      ]),
    );
    const mine = await t.app.inject({ url: '/api/notifications', headers: reviewer.headers });
    expect((mine.json() as { data: { kind: string }[] }).data.some((item) => item.kind === 'review.received')).toBe(
      false,
    );
  });

  it('accepts a confirmed session that has ended before the completion job reached it', async () => {
    const bookingId = await pastBooking(t, client, provider, { hoursAgo: 0.5, status: 'confirmed' });
    expect((await postReview(t, client, bookingId, { rating: 5 })).statusCode).toBe(201);
    expect((await reviewRow(bookingId))?.comment).toBeNull();
  });

  it('refuses before the session took place, and for cancelled or unscheduled bookings', async () => {
    for (const bookingId of [
      await futureBooking(t, client, provider),
      await pastBooking(t, client, provider, { status: 'cancelled' }),
      await pastBooking(t, client, provider, { status: 'pending' }),
    ]) {
      const response = await postReview(t, client, bookingId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'REVIEW_NOT_ALLOWED',
        message: 'You can review a session once it has taken place.',
      });
      expect(await reviewRow(bookingId)).toBeUndefined();
      expect((await bookingRow(bookingId))?.feedbackProvided).toBe(false);
    }
  });

  it('checks the rating steps and the comment length with the schema words, changing nothing', async () => {
    const bookingId = await pastBooking(t, client, provider);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 4.3 }, 'Ratings go in steps of 0.5'],
      [{ rating: 0 }, 'Choose a rating between 0.5 and 5 stars'],
      [{ rating: 5.5 }, 'Choose a rating between 0.5 and 5 stars'],
      [{}, 'Please choose a rating'],
      [{ rating: 4, comment: 'ok' }, 'Your comment must be at least 5 characters'],
      [{ rating: 4, comment: 'x'.repeat(2501) }, 'Your comment must not exceed 2500 characters'],
    ];
    for (const [payload, words] of cases) {
      const response = await postReview(t, client, bookingId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(words);
    }
    expect(await reviewRow(bookingId)).toBeUndefined();
    const german = await t.app.inject({
      method: 'POST',
      url: `/api/review/${bookingId}`,
      headers: { ...client.headers, 'x-language': 'de' },
      payload: { rating: 4.3 },
    });
    expect(german.json().message).toContain('Bewertungen gehen in Schritten von 0,5');
    // An empty comment is no comment; 0.5 and 5 are the ends of the scale.
    expect((await postReview(t, client, bookingId, { rating: 0.5, comment: '   ' })).statusCode).toBe(201);
    expect(await reviewRow(bookingId)).toMatchObject({ ratingHalves: 1, comment: null });
  });

  it("answers 404 for someone else's booking, 403 for a provider, 401 without a token", async () => {
    const bookingId = await pastBooking(t, client, provider);
    const stranger = await createTestUser(t, { role: 'client' });
    expect((await postReview(t, stranger, bookingId)).statusCode).toBe(404);
    expect((await postReview(t, provider, bookingId)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/review/${bookingId}`, payload: { rating: 4 } });
    expect(anonymous.statusCode).toBe(401);
    expect(await reviewRow(bookingId)).toBeUndefined();
  });
});

describe('PUT /review/{reviewId}', () => {
  it('edits once; a second edit is refused and changes nothing', async () => {
    const other = await createTestUser(t, { role: 'provider' });
    const bookingId = await pastBooking(t, client, other);
    const review = await reviewed(t, client, bookingId, { rating: 2, comment: 'Not for me.', isAnonymous: false });
    const edit = (payload: Record<string, unknown>, user = client) =>
      t.app.inject({ method: 'PUT', url: `/api/review/${review.identifier}`, headers: user.headers, payload });

    const first = await edit({ rating: 3.5, comment: 'Better on reflection.', isAnonymous: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ rating: 3.5, isAnonymous: true, reviewer: null, editsLeft: 0 });
    expect(first.json().editedAt).toBe('2027-03-10T12:00:00.000Z');
    expect((await keptAndCounted(t, other.id)).kept).toEqual({ count: 1, sum: 7 });

    const second = await edit({ rating: 1, comment: 'Changed my mind again.', isAnonymous: false });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'REVIEW_EDIT_LIMIT', message: 'A review can be edited only once.' });
    expect(await reviewRow(bookingId)).toMatchObject({ ratingHalves: 7, isAnonymous: true, editCount: 1 });

    const stranger = await createTestUser(t, { role: 'client' });
    expect((await edit({ rating: 1 }, stranger)).statusCode).toBe(404);
    expect((await edit({ rating: 1 }, other)).statusCode).toBe(403);
  });
});

describe('the edit limit, stated once', () => {
  it('the database CHECK on edit_count allows 0 to REVIEW_EDITS_ALLOWED', async () => {
    const [constraint] = await rawRows<{ definition: string }>(
      t.deps.db,
      sql`SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
           WHERE c.conname = 'reviews_edit_count_ck' AND c.conrelid = 'reviews'::regclass`,
    );
    const bounds = /edit_count >= (\d+)\) AND \(edit_count <= (\d+)\)/.exec(constraint?.definition ?? '');
    expect(bounds?.slice(1).map(Number), constraint?.definition).toEqual([0, REVIEW_EDITS_ALLOWED]);
  });

  it('lets the author edit REVIEW_EDITS_ALLOWED times, counting down editsLeft, then refuses', async () => {
    const other = await createTestUser(t, { role: 'provider' });
    const review = await reviewed(t, client, await pastBooking(t, client, other), { rating: 3 });
    for (let edit = 1; edit <= REVIEW_EDITS_ALLOWED; edit++) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/review/${review.identifier}`,
        headers: client.headers,
        payload: { rating: 4 },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().editsLeft).toBe(REVIEW_EDITS_ALLOWED - edit);
    }
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/review/${review.identifier}`,
      headers: client.headers,
      payload: { rating: 5 },
    });
    expect(refused.json().code).toBe('REVIEW_EDIT_LIMIT');
  });
});

describe('reading reviews', () => {
  it('lists a provider’s visible reviews newest first, a page at a time (public)', async () => {
    const listed = await makeListed(t, await createTestUser(t, { role: 'provider' }));
    for (const [minutesLater, rating] of [
      [1, 5],
      [2, 4],
      [3, 3],
    ] as const) {
      clock.set(new Date(Date.parse('2027-03-10T12:00:00Z') + minutesLater * 60_000));
      const reviewer = await createTestUser(t, { role: 'client', firstName: `R${rating}`, lastName: 'Lee' });
      const bookingId = await pastBooking(t, reviewer, listed);
      await reviewed(t, reviewer, bookingId, { rating, comment: `Rated ${rating} stars.`, isAnonymous: false });
    }
    clock.set('2027-03-10T12:00:00Z');
    const first = await t.app.inject({ url: `/api/review/provider/${listed.id}?perPage=2` });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, perPage: 2, total: 3, totalPages: 2 });
    expect(first.json().data.map((review: { rating: number }) => review.rating)).toEqual([3, 4]);
    expect(first.json().data[0]).toMatchObject({ reviewer: { name: 'R3 L.' }, isMine: false, editsLeft: 0 });
    const second = await t.app.inject({ url: `/api/review/provider/${listed.id}?perPage=2&page=2` });
    expect(second.json().data.map((review: { rating: number }) => review.rating)).toEqual([5]);
    expect((await t.app.inject({ url: `/api/review/provider/${listed.id}/count` })).json()).toMatchObject({
      count: 3,
      average: 4,
    });
  });

  it('answers 404 for the reviews of a provider who is not listed, except to that provider', async () => {
    const hidden = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    expect((await t.app.inject({ url: `/api/review/provider/${hidden.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/review/provider/${hidden.id}/count` })).statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/review/provider/${hidden.id}`, headers: hidden.headers });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/review/provider/${client.id}` })).statusCode).toBe(404);
  });

  it('gives the author their reviews by participant, and nobody else', async () => {
    const author = await createTestUser(t, { role: 'client' });
    const bookingId = await pastBooking(t, author, provider);
    await reviewed(t, author, bookingId, { rating: 4, comment: 'Good listener.', isAnonymous: true });
    const own = await t.app.inject({ url: `/api/review/participant/${author.id}`, headers: author.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toHaveLength(1);
    expect(own.json()[0]).toMatchObject({ bookingIdentifier: bookingId, isMine: true, reviewer: null, editsLeft: 1 });
    for (const reader of [client, provider]) {
      const other = await t.app.inject({ url: `/api/review/participant/${author.id}`, headers: reader.headers });
      expect(other.statusCode).toBe(404);
    }
  });

  it("gives a booking's review to its client, and to its provider only when not anonymous", async () => {
    const named = await createTestUser(t, { role: 'client', firstName: 'Uche', lastName: 'Nwosu' });
    const namedBooking = await pastBooking(t, named, provider);
    await reviewed(t, named, namedBooking, { rating: 5, comment: 'Excellent, thank you.', isAnonymous: false });
    const asProvider = await t.app.inject({ url: `/api/review/booking/${namedBooking}`, headers: provider.headers });
    expect(asProvider.statusCode).toBe(200);
    expect(asProvider.json()).toMatchObject({ reviewer: { name: 'Uche N.' }, isMine: false });
    const asStranger = await t.app.inject({
      url: `/api/review/booking/${namedBooking}`,
      headers: (await createTestUser(t, { role: 'provider' })).headers,
    });
    expect(asStranger.statusCode).toBe(404);

    const unreviewed = await pastBooking(t, named, provider);
    expect((await t.app.inject({ url: `/api/review/booking/${unreviewed}`, headers: named.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('anonymous reviews', () => {
  it('name nobody in any answer: public list, summary, booking, participant, search, profile, back office', async () => {
    const secret = await createTestUser(t, { role: 'client', firstName: 'Zelda', lastName: 'Quartermaine' });
    const therapist = await makeListed(
      t,
      await createTestUser(t, { role: 'provider', firstName: 'Pat', lastName: 'Ireland' }),
    );
    const admin = await createTestUser(t, { role: 'admin' });
    const bookingId = await pastBooking(t, secret, therapist);
    const created = await postReview(t, secret, bookingId, {
      rating: 2.5,
      comment: 'I would rather not be named.',
      isAnonymous: true,
    });
    expect(created.statusCode).toBe(201);
    const reviewId = created.json().identifier as string;
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/review/${reviewId}/report`,
      headers: therapist.headers,
      payload: { reason: 'This does not describe my session.' },
    });
    expect(reported.statusCode).toBe(201);

    const answers = [
      created,
      await t.app.inject({ url: `/api/review/provider/${therapist.id}` }),
      await t.app.inject({ url: `/api/review/provider/${therapist.id}`, headers: therapist.headers }),
      await t.app.inject({ url: `/api/review/provider/${therapist.id}/count` }),
      await t.app.inject({ url: `/api/review/booking/${bookingId}`, headers: secret.headers }),
      await t.app.inject({ url: `/api/review/booking/${bookingId}`, headers: therapist.headers }),
      await t.app.inject({ url: `/api/review/participant/${secret.id}`, headers: secret.headers }),
      await t.app.inject({ url: `/api/providers/${therapist.id}` }),
      await t.app.inject({ url: '/api/providers?q=Ireland' }),
      await t.app.inject({ url: '/api/admin/reviews/reported?status=all', headers: admin.headers }),
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/reviews/${reviewId}/hide`,
        headers: admin.headers,
        payload: { reason: 'Checked with the provider.' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/Zelda|Quartermaine/);
      expect(answer.body).not.toContain(secret.id);
      expect(answer.body).not.toContain(secret.email);
    }
    // The provider cannot tie the anonymous review to its booking (the same 404 as "no review").
    expect(answers[5]?.statusCode).toBe(404);
    expect(answers[1]?.json().data[0]).toMatchObject({ isAnonymous: true, reviewer: null, rating: 2.5 });
    expect(answers[4]?.json()).toMatchObject({ isAnonymous: true, reviewer: null, isMine: true });
  });

  it("never tells the provider which booking was reviewed: feedbackProvided is the client's alone", async () => {
    const shy = await createTestUser(t, { role: 'client' });
    const therapist = await createTestUser(t, { role: 'provider' });
    const reviewedBooking = await pastBooking(t, shy, therapist, { hoursAgo: 30 });
    const otherBooking = await pastBooking(t, shy, therapist, { hoursAgo: 20 });
    await reviewed(t, shy, reviewedBooking, { rating: 1.5, comment: 'Rather not say who.', isAnonymous: true });

    const flags = (body: { data: { identifier: string; feedbackProvided: boolean }[] }) =>
      Object.fromEntries(body.data.map((booking) => [booking.identifier, booking.feedbackProvided]));
    const asClient = await t.app.inject({ url: '/api/booking', headers: shy.headers });
    expect(flags(asClient.json())).toEqual({ [reviewedBooking]: true, [otherBooking]: false });

    const asProvider = [
      await t.app.inject({ url: '/api/appointment', headers: therapist.headers }),
      await t.app.inject({ url: `/api/appointment/client/${shy.id}`, headers: therapist.headers }),
    ];
    for (const answer of asProvider) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(flags(answer.json())).toEqual({ [reviewedBooking]: false, [otherBooking]: false });
    }
    const one = await t.app.inject({ url: `/api/appointment/${reviewedBooking}`, headers: therapist.headers });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ identifier: reviewedBooking, feedbackProvided: false });
    const own = await t.app.inject({ url: `/api/booking/${reviewedBooking}`, headers: shy.headers });
    expect(own.json()).toMatchObject({ identifier: reviewedBooking, feedbackProvided: true });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { emails, notifications, reviewReplies, reviews } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { reviewsErasure, reviewsPersonalData } from './personal-data.ts';
import { pastBooking, reviewed } from './test-support.ts';

const clock = fixedClock('2027-03-10T12:00:00Z');
let t: TestApp;
let provider: TestUser;
let otherProvider: TestUser;
let client: TestUser;
/** Review ids by rating, each written a day apart: 4 (oldest), 2, 5, 4 (newest). */
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  provider = await makeListed(
    t,
    await createTestUser(t, { role: 'provider', firstName: 'Jean-Luc', lastName: 'Adébáyọ̀' }),
  );
  otherProvider = await makeListed(t, await createTestUser(t, { role: 'provider', firstName: 'Ngozi' }));
  client = await createTestUser(t, { role: 'client', firstName: 'Maya', lastName: "O'Patel" });
  const ratings: [string, number][] = [
    ['oldFour', 4],
    ['two', 2],
    ['five', 5],
    ['newFour', 4],
  ];
  for (const [index, [key, rating]] of ratings.entries()) {
    const writer = await createTestUser(t, { role: 'client', firstName: `Writer ${index}` });
    const review = await reviewed(t, writer, await pastBooking(t, writer, provider), {
      rating,
      comment: `A session worth ${rating} stars.`,
      isAnonymous: false,
    });
    ids[key] = review.identifier;
    await t.deps.db
      .update(reviews)
      .set({ createdAt: new Date(Date.parse('2027-03-01T09:00:00Z') + index * 86_400_000) })
      .where(eq(reviews.id, review.identifier));
  }
});
afterAll(() => t.close());

const reply = (user: TestUser, id: string, text: string, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({ method, url: `/api/review/${id}/reply`, headers: user.headers, payload: { text } });
const replyRow = async (id: string) =>
  (await t.deps.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, id)))[0];

describe('a provider replies to a review', () => {
  it('once, shown under the review on the public list', async () => {
    const response = await reply(provider, ids.two as string, '  Thank you, Maya — I am sorry it felt rushed.  ');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().reply).toEqual({
      text: 'Thank you, Maya — I am sorry it felt rushed.',
      createdAt: '2027-03-10T12:00:00.000Z',
      editedAt: null,
    });
    expect(await replyRow(ids.two as string)).toMatchObject({
      providerId: provider.id,
      body: 'Thank you, Maya — I am sorry it felt rushed.',
    });

    const again = await reply(provider, ids.two as string, 'A second answer.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REVIEW_ALREADY_REPLIED',
      message: 'You have already replied to this review. Edit your reply instead.',
    });
    expect((await replyRow(ids.two as string))?.body).toBe('Thank you, Maya — I am sorry it felt rushed.');

    const list = (await t.app.inject({ url: `/api/review/provider/${provider.id}` })).json();
    const shown = list.data.find((item: { identifier: string }) => item.identifier === ids.two);
    expect(shown.reply.text).toBe('Thank you, Maya — I am sorry it felt rushed.');
    expect(list.data.find((item: { identifier: string }) => item.identifier === ids.five).reply).toBeNull();
  });

  it("answers 404 for another provider's review and changes nothing", async () => {
    const response = await reply(otherProvider, ids.five as string, 'Not my review to answer.');
    expect(response.statusCode).toBe(404);
    expect(await replyRow(ids.five as string)).toBeUndefined();
    const edit = await reply(otherProvider, ids.two as string, 'Rewording someone else’s reply.', 'PUT');
    expect(edit.statusCode).toBe(404);
    expect((await replyRow(ids.two as string))?.body).toBe('Thank you, Maya — I am sorry it felt rushed.');
  });

  it('refuses a client and a blank reply in the reader’s language', async () => {
    expect((await reply(client, ids.five as string, 'Clients cannot reply.')).statusCode).toBe(403);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/review/${ids.five}/reply`,
      headers: { ...provider.headers, 'accept-language': 'de' },
      payload: { text: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.text).toEqual(['Mindestens 2 Zeichen']);
    expect(await replyRow(ids.five as string)).toBeUndefined();
  });

  it('may be reworded (marked edited) and withdrawn, after which a new one may be written', async () => {
    const edited = await reply(provider, ids.two as string, 'Thank you for telling me, Maya.', 'PUT');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().reply).toMatchObject({
      text: 'Thank you for telling me, Maya.',
      editedAt: '2027-03-10T12:00:00.000Z',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/review/${ids.two}/reply`,
      headers: provider.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().reply).toBeNull();
    expect(await replyRow(ids.two as string)).toBeUndefined();
    expect((await reply(provider, ids.two as string, 'Thank you, Maya.')).statusCode).toBe(201);
  });
});

describe('a provider’s reviews in order', () => {
  const order = async (sort: string, perPage: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `sort=${sort}&perPage=${perPage}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await t.app.inject({ url: `/api/review/provider/${provider.id}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.meta.total).toBe(4);
      seen.push(...page.data.map((item: { identifier: string }) => item.identifier));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('newest, highest and lowest first, in keyset pages that neither repeat nor skip', async () => {
    expect(await order('newest', 10)).toEqual([ids.newFour, ids.five, ids.two, ids.oldFour]);
    expect(await order('newest', 1)).toEqual([ids.newFour, ids.five, ids.two, ids.oldFour]);
    expect(await order('highest', 1)).toEqual([ids.five, ids.newFour, ids.oldFour, ids.two]);
    expect(await order('lowest', 3)).toEqual([ids.two, ids.newFour, ids.oldFour, ids.five]);
  });

  it('refuses a cursor of another order or a tampered one', async () => {
    const first = (await t.app.inject({ url: `/api/review/provider/${provider.id}?sort=highest&perPage=1` })).json();
    const other = await t.app.inject({
      url: `/api/review/provider/${provider.id}?sort=lowest&cursor=${first.nextCursor}`,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('INVALID_CURSOR');
    const bad = await t.app.inject({ url: `/api/review/provider/${provider.id}?sort=newest&cursor=not-a-cursor` });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ url: `/api/review/provider/${provider.id}?sort=loudest` });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('a reply is the provider’s personal data', () => {
  it('is in their export and gone after their erasure; the review stays', async () => {
    const now = clock.now();
    const exported = (await t.deps.db.transaction((tx) =>
      reviewsPersonalData.collect(tx, { userId: provider.id, role: 'provider', now }),
    )) as { yourReplies: { reviewId: string; text: string }[] };
    expect(exported.yourReplies).toEqual([expect.objectContaining({ reviewId: ids.two, text: 'Thank you, Maya.' })]);

    await t.deps.db.transaction((tx) => reviewsErasure(tx, { userId: provider.id, now }));
    expect(await t.deps.db.select().from(reviewReplies).where(eq(reviewReplies.providerId, provider.id))).toEqual([]);
    expect(
      (
        await t.deps.db
          .select()
          .from(reviews)
          .where(eq(reviews.id, ids.two as string))
      )[0]?.comment,
    ).toBe('A session worth 2 stars.');
  });
});

describe('the client is told of a reply', () => {
  const told = async (user: TestUser) => ({
    inApp: await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'review.replied'))),
    emails: await t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, user.email.toLowerCase()), eq(emails.template, 'reviews.replied'))),
  });

  it('in the app and by email in their language, once: an edit tells no one again', async () => {
    const german = await createTestUser(t, {
      role: 'client',
      firstName: 'Zoë',
      lastName: 'Müller-Lüdenscheidt',
      language: 'de',
    });
    const bookingId = await pastBooking(t, german, provider);
    const review = await reviewed(t, german, bookingId, { rating: 3, comment: 'Etwas zu kurz.', isAnonymous: true });
    // The provider heard of the review by email too (their review switch is on by default).
    const providerEmails = await t.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, provider.email.toLowerCase()), eq(emails.template, 'reviews.received')));
    expect(providerEmails.at(-1)?.subject).toBe('You have a new review');

    expect((await reply(provider, review.identifier, 'Danke für die ehrliche Rückmeldung.')).statusCode).toBe(201);
    const first = await told(german);
    expect(first.inApp).toHaveLength(1);
    expect(first.inApp[0]).toMatchObject({ actorId: provider.id, subjectId: bookingId, readAt: null });
    expect(first.emails).toHaveLength(1);
    expect(first.emails[0]).toMatchObject({
      language: 'de',
      subject: 'Jean-Luc Adébáyọ̀ hat auf deine Bewertung geantwortet',
    });
    expect(first.emails[0]?.text).toContain('Hallo Zoë,');
    expect(first.emails[0]?.text).toContain(`/de/appointments/${bookingId}/`);
    // The reply's words stay in the app.
    expect(first.emails[0]?.text).not.toContain('Danke für die ehrliche Rückmeldung.');

    const inbox = await t.app.inject({ url: '/api/notifications', headers: german.headers });
    expect(inbox.json().data[0]).toMatchObject({
      kind: 'review.replied',
      category: 'review',
      actorName: 'Jean-Luc Adébáyọ̀',
      link: `/appointments/${bookingId}/`,
    });

    expect((await reply(provider, review.identifier, 'Danke dir!', 'PUT')).statusCode).toBe(200);
    const afterEdit = await told(german);
    expect(afterEdit.inApp).toHaveLength(1);
    expect(afterEdit.emails).toHaveLength(1);
  });

  it('as their review switches say: email off still tells in the app; the app off tells nowhere', async () => {
    const quiet = await createTestUser(t, { role: 'client', firstName: "D'Arcy" });
    const silent = await createTestUser(t, { role: 'client', firstName: 'Ngozi' });
    const preferences = (user: TestUser, preferences: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        headers: user.headers,
        payload: { preferences },
      });
    expect((await preferences(quiet, [{ category: 'review', channel: 'email', enabled: false }])).statusCode).toBe(200);
    expect(
      (
        await preferences(silent, [
          { category: 'review', channel: 'inApp', enabled: false },
          { category: 'review', channel: 'email', enabled: false },
        ])
      ).statusCode,
    ).toBe(200);
    for (const user of [quiet, silent]) {
      const review = await reviewed(t, user, await pastBooking(t, user, provider), {
        rating: 5,
        comment: null,
        isAnonymous: false,
      });
      expect((await reply(provider, review.identifier, 'Thank you.')).statusCode).toBe(201);
    }
    expect(await told(quiet)).toMatchObject({ inApp: [{ kind: 'review.replied' }], emails: [] });
    expect(await told(silent)).toEqual({ inApp: [], emails: [] });
  });
});

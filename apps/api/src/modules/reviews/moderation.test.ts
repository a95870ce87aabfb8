import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { auditLog, reviewReports, reviews } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { queueOrder, statusWhere } from './moderation.ts';
import { keptAndCounted, pastBooking, reviewed } from './test-support.ts';

const clock = fixedClock('2027-03-10T12:00:00Z');
let t: TestApp;
let provider: TestUser;
let admin: TestUser;
let reviewId: string;
let kindReviewId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  provider = await makeListed(
    t,
    await createTestUser(t, { role: 'provider', firstName: 'Funke', lastName: 'Adeyemi' }),
  );
  admin = await createTestUser(t, { role: 'admin' });
  const client = await createTestUser(t, { role: 'client', firstName: 'Kemi', lastName: 'Bello' });
  const kind = await createTestUser(t, { role: 'client' });
  kindReviewId = (
    await reviewed(t, kind, await pastBooking(t, kind, provider), { rating: 5, comment: 'Lovely.', isAnonymous: false })
  ).identifier;
  const review = await reviewed(t, client, await pastBooking(t, client, provider), {
    rating: 1,
    comment: 'Rude and late, avoid.',
    isAnonymous: false,
  });
  reviewId = review.identifier;
});
afterAll(() => t.close());

const report = (user: TestUser, id = reviewId, reason = 'Untrue: the session started on time.') =>
  t.app.inject({ method: 'POST', url: `/api/review/${id}/report`, headers: user.headers, payload: { reason } });
const decide = (action: 'hide' | 'unhide', user = admin, id = reviewId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${id}/${action}`,
    headers: user.headers,
    ...(action === 'hide' ? { payload: { reason: 'Breaks the review rules.' } } : {}),
  });
const reportedList = (status: string, user = admin) =>
  t.app.inject({ url: `/api/admin/reviews/reported?status=${status}`, headers: user.headers });
const publicRatings = async () =>
  (await t.app.inject({ url: `/api/review/provider/${provider.id}` }))
    .json()
    .data.map((item: { rating: number }) => item.rating);

describe('a provider reports a review', () => {
  it('once, of their own reviews only; the review stays visible', async () => {
    const response = await report(provider);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      reviewIdentifier: reviewId,
      reportedAt: '2027-03-10T12:00:00.000Z',
      message: 'Thank you. We will look at this review.',
    });
    const rows = await t.deps.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));
    expect(rows).toMatchObject([{ reporterId: provider.id, reason: 'Untrue: the session started on time.' }]);
    expect(await publicRatings()).toContain(1);
    const flag = async (headers = {}) =>
      (await t.app.inject({ url: `/api/review/provider/${provider.id}`, headers }))
        .json()
        .data.find((item: { identifier: string }) => item.identifier === reviewId).reportedByMe;
    expect(await flag(provider.headers)).toBe(true);
    expect(await flag()).toBe(false);

    const again = await report(provider);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REVIEW_ALREADY_REPORTED');
    const otherProvider = await createTestUser(t, { role: 'provider' });
    expect((await report(otherProvider)).statusCode).toBe(404);
    const client = await createTestUser(t, { role: 'client' });
    expect((await report(client)).statusCode).toBe(403);
    expect((await report(provider, reviewId, 'no')).statusCode).toBe(400);
    expect(await t.deps.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId))).toHaveLength(1);
  });
});

describe('the back office', () => {
  it('lists open reports for admins only', async () => {
    const open = await reportedList('open');
    expect(open.statusCode).toBe(200);
    expect(open.json().meta.total).toBe(1);
    expect(open.json().data[0]).toMatchObject({
      identifier: reviewId,
      providerName: 'Funke Adeyemi',
      rating: 1,
      comment: 'Rude and late, avoid.',
      reviewer: { name: 'Kemi B.' },
      hiddenAt: null,
      reports: [{ reason: 'Untrue: the session started on time.', reportedAt: '2027-03-10T12:00:00.000Z' }],
    });
    expect((await reportedList('open', provider)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/reviews/reported' })).statusCode).toBe(401);
  });

  it('hides a review: gone from the public list and the average, recorded in the audit trail', async () => {
    clock.set('2027-03-10T12:05:00Z');
    expect((await decide('hide', provider)).statusCode).toBe(403);
    const hidden = await decide('hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      identifier: reviewId,
      hiddenAt: '2027-03-10T12:05:00.000Z',
      hiddenReason: 'Breaks the review rules.',
    });
    expect(await publicRatings()).toEqual([5]);
    expect((await t.app.inject({ url: `/api/review/provider/${provider.id}/count` })).json()).toMatchObject({
      count: 1,
      average: 5,
    });
    const { kept, counted } = await keptAndCounted(t, provider.id);
    expect(kept).toEqual(counted);
    const trail = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, reviewId)));
    expect(trail).toMatchObject([
      { actorId: admin.id, actorRole: 'admin', action: 'review.hide', detail: { providerId: provider.id, reports: 1 } },
    ]);
    expect(JSON.stringify(trail)).not.toContain('Rude');
    expect((await reportedList('open')).json().meta.total).toBe(0);
    expect((await reportedList('hidden')).json().data.map((item: { identifier: string }) => item.identifier)).toEqual([
      reviewId,
    ]);

    // Hiding what is hidden decides nothing and records nothing.
    expect((await decide('hide')).statusCode).toBe(200);
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, reviewId))),
    ).toHaveLength(1);
  });

  it('unhides it: back in the list and the average, recorded too', async () => {
    clock.set('2027-03-10T12:10:00Z');
    const shown = await decide('unhide');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect((await publicRatings()).sort()).toEqual([1, 5]);
    expect((await t.app.inject({ url: `/api/review/provider/${provider.id}/count` })).json()).toMatchObject({
      count: 2,
      average: 3,
    });
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, reviewId));
    expect(actions.map((row) => row.action).sort()).toEqual(['review.hide', 'review.unhide']);
    const [row] = await t.deps.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row?.moderatedAt?.toISOString()).toBe('2027-03-10T12:10:00.000Z');
    expect((await reportedList('open')).json().meta.total).toBe(0);
  });

  it('answers 404 for an unknown review', async () => {
    expect((await decide('hide', admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the queue’s pages', () => {
  it('pages every reported review, latest report first, each with its reports newest first and the total', async () => {
    clock.set('2027-03-10T12:12:00Z');
    expect((await report(provider, kindReviewId, 'Written by someone who never came.')).statusCode).toBe(201);
    // A second report of the first review, by another account, after the first.
    await t.deps.db.insert(reviewReports).values({
      reviewId,
      reporterId: admin.id,
      reason: 'Names a colleague.',
      createdAt: new Date('2027-03-10T12:11:00Z'),
    });
    const page = async (number: number) => {
      const response = await t.app.inject({
        url: `/api/admin/reviews/reported?status=all&perPage=1&page=${number}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const first = await page(1);
    expect(first.meta).toEqual({ page: 1, perPage: 1, total: 2, totalPages: 2 });
    expect(first.data).toMatchObject([
      {
        identifier: kindReviewId,
        providerName: 'Funke Adeyemi',
        lastReportedAt: '2027-03-10T12:12:00.000Z',
        reports: [{ reason: 'Written by someone who never came.', reportedAt: '2027-03-10T12:12:00.000Z' }],
      },
    ]);
    const second = await page(2);
    expect(second.meta.total).toBe(2);
    expect(second.data.map((item: { identifier: string }) => item.identifier)).toEqual([reviewId]);
    expect(second.data[0].reports).toEqual([
      { reason: 'Names a colleague.', reportedAt: '2027-03-10T12:11:00.000Z' },
      { reason: 'Untrue: the session started on time.', reportedAt: '2027-03-10T12:00:00.000Z' },
    ]);
    // Past the end: no reviews, and still the queue's length.
    expect(await page(3)).toMatchObject({ data: [], meta: { page: 3, total: 2, totalPages: 2 } });
  });
});

describe('the queue’s index', () => {
  it('reads a page of each queue in order from its index, with no sort', async () => {
    // Sequential and bitmap scans and sorts priced out, as this table is small: a sort stays only
    // if no index holds the queue's order exactly (nulls included), and then every page sorts the
    // whole queue.
    for (const status of ['open', 'hidden', 'all'] as const) {
      const plan = await t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        const page = tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(statusWhere(status))
          .orderBy(...queueOrder)
          .limit(20);
        return rawRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${page}`);
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text, status).toContain(status === 'open' ? 'reviews_open_reports_idx' : 'reviews_reported_idx');
      expect(text, status).not.toMatch(/Sort/);
    }
  });

  it('counts the open queue from its index alone', async () => {
    await t.deps.db.execute(sql`VACUUM reviews`);
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const length = tx.select({ total: count() }).from(reviews).where(statusWhere('open'));
      return rawRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${length}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('Index Only Scan using reviews_open_reports_idx');
  });
});

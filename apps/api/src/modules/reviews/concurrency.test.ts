import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, makeListed, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { reviews } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { keptAndCounted, pastBooking, postReview } from './test-support.ts';

describe.runIf(testDriver === 'pg')('reviews under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let provider: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2027-03-10T12:00:00Z') });
    provider = await makeListed(t, await createTestUser(t, { role: 'provider' }));
    admin = await createTestUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it("keeps the provider's count and average exact when many clients review, edit and get hidden at once", async () => {
    const clients = await Promise.all(Array.from({ length: 24 }, () => createTestUser(t, { role: 'client' })));
    const bookings = await Promise.all(clients.map((client) => pastBooking(t, client, provider)));
    const ratings = clients.map((_client, index) => ((index % 10) + 1) / 2);
    const created = await Promise.all(
      clients.map((client, index) =>
        postReview(t, client, bookings[index] as string, {
          rating: ratings[index],
          comment: `Session number ${index}.`,
          isAnonymous: index % 3 === 0,
        }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(24).fill(201));
    let { kept, counted } = await keptAndCounted(t, provider.id);
    expect(kept).toEqual({ count: 24, sum: ratings.reduce((sum, rating) => sum + rating * 2, 0) });
    expect(kept).toEqual(counted);

    // Edits, hides and unhides racing each other on the same provider's row.
    const ids = created.map((response) => response.json().identifier as string);
    await Promise.all([
      ...clients.slice(0, 12).map((client, index) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/review/${ids[index]}`,
          headers: client.headers,
          payload: { rating: 5, comment: 'Edited after a week.', isAnonymous: false },
        }),
      ),
      ...ids.slice(8, 16).map((id) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/reviews/${id}/hide`,
          headers: admin.headers,
          payload: { reason: 'Race test' },
        }),
      ),
    ]);
    ({ kept, counted } = await keptAndCounted(t, provider.id));
    expect(kept).toEqual(counted);
    expect(kept?.count).toBe(16);
    await Promise.all(
      ids
        .slice(8, 12)
        .map((id) => t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/unhide`, headers: admin.headers })),
    );
    ({ kept, counted } = await keptAndCounted(t, provider.id));
    expect(kept).toEqual(counted);
    expect(kept?.count).toBe(20);
    const summary = (await t.app.inject({ url: `/api/review/provider/${provider.id}/count` })).json();
    expect(summary.average).toBe(Math.round(((counted?.sum ?? 0) / 2 / 20) * 10) / 10);
  });

  it('takes one review when the same booking is submitted many times at once', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const bookingId = await pastBooking(t, client, provider);
    const answers = await Promise.all(Array.from({ length: 8 }, () => postReview(t, client, bookingId)));
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, ...Array(7).fill(409)]);
    expect(answers.filter((response) => response.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(7).fill('REVIEW_ALREADY_EXISTS'),
    );
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.bookingId, bookingId))).toHaveLength(1);
  });

  it('applies exactly one of many concurrent edits', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const created = await postReview(t, client, await pastBooking(t, client, provider));
    const id = created.json().identifier as string;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 1.5].map((rating) =>
        t.app.inject({ method: 'PUT', url: `/api/review/${id}`, headers: client.headers, payload: { rating } }),
      ),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [row] = await t.deps.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.editCount).toBe(1);
    const { kept, counted } = await keptAndCounted(t, provider.id);
    expect(kept).toEqual(counted);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bookings, reviews, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { DEMO_CLIENT, DEMO_PROVIDERS, seedDemoData } from '../../scripts/seed/demo.ts';
import { keptAndCounted } from './test-support.ts';

let t: TestApp;
const now = new Date('2027-03-01T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock(now) });
  await seedDemoData(t.deps.db, now, privateStorageOf(t.deps));
});
afterAll(() => t.close());

describe('demo history', () => {
  it('gives the demo client past sessions with several providers, two of them still to review', async () => {
    const [client] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CLIENT.email));
    const past = await t.deps.db
      .select({ providerId: bookings.providerId, feedbackProvided: bookings.feedbackProvided, endsAt: bookings.endsAt })
      .from(bookings)
      .where(and(eq(bookings.clientId, client?.id as string), eq(bookings.status, 'completed')));
    expect(new Set(past.map((row) => row.providerId)).size).toBeGreaterThanOrEqual(4);
    expect(past.every((row) => (row.endsAt?.getTime() ?? 0) < now.getTime())).toBe(true);
    expect(past.filter((row) => !row.feedbackProvided).length).toBeGreaterThanOrEqual(2);
    const written = await t.deps.db
      .select()
      .from(reviews)
      .where(eq(reviews.clientId, client?.id as string));
    expect(written.map((row) => row.isAnonymous).sort()).toEqual([false, true]);
  });

  it('gives every demo provider reviews, some anonymous, with the kept average matching them', async () => {
    const providers = await t.deps.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_PROVIDERS.map((provider) => provider.email),
        ),
      );
    expect(providers).toHaveLength(DEMO_PROVIDERS.length);
    let anonymous = 0;
    for (const provider of providers) {
      const summary = (await t.app.inject({ url: `/api/review/provider/${provider.id}/count` })).json();
      expect(summary.count, provider.email).toBeGreaterThanOrEqual(2);
      expect(summary.average, provider.email).toBeGreaterThanOrEqual(3.5);
      const { kept, counted } = await keptAndCounted(t, provider.id);
      expect(kept).toEqual(counted);
      const page = (await t.app.inject({ url: `/api/review/provider/${provider.id}` })).json();
      anonymous += page.data.filter((review: { reviewer: unknown }) => review.reviewer === null).length;
    }
    expect(anonymous).toBeGreaterThanOrEqual(5);
  });

  it('knows every demo provider’s next free slot for the directory (the fully booked ones have none this week)', async () => {
    const answer = (await t.app.inject({ url: '/api/providers?availableWithinDays=7&perPage=50' })).json();
    const names: string[] = answer.data.map((provider: { name: string }) => provider.name);
    const nameOf = (provider: (typeof DEMO_PROVIDERS)[number]) => `${provider.firstName} ${provider.lastName}`;
    for (const provider of DEMO_PROVIDERS.filter((item) => !item.practice.fullyBooked)) {
      expect(names).toContain(nameOf(provider));
    }
    const full = DEMO_PROVIDERS.filter((item) => item.practice.fullyBooked);
    expect(full.filter((provider) => names.includes(nameOf(provider))).length).toBeLessThan(full.length);
  });
});

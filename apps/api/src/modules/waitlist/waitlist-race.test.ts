import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTestApp, type Catalog, createProvider, scheduledBooking } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { waitlistClaims } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { processWaitlist } from './offers.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
const WEDNESDAY = '2027-03-03';

/** Real concurrency: only on PostgreSQL (PGlite has one connection). */
describe.runIf(testDriver === 'pg')('waitlist offers under concurrency', () => {
  let t: TestApp;
  let second: TestApp;
  let ids: Catalog;
  beforeAll(async () => {
    ({ t, ids } = await bookingTestApp(clock));
    // A second app instance on the same database: its own services and events, its own connections.
    second = await buildTestApp({ clock, database: t.database });
  });
  afterAll(async () => {
    await second?.app.close();
    await t?.close();
  });

  it('two openings, three clients waiting, two instances at once: each slot to one client, in join order', async () => {
    for (let round = 0; round < 3; round++) {
      const provider = await createProvider(t, { firstName: 'Şükrü', lastName: `Öztürk-${round}` });
      const held = await Promise.all(
        [0, 1].map((index) => scheduledBooking(t, ids, { provider, date: WEDNESDAY, index, pay: true })),
      );
      const waiting = [];
      for (const name of ["Adaeze O'Neil-Okafor", 'Jürgen Groß', '李小龍']) {
        const client = await createTestUser(t, { role: 'client', firstName: name });
        const joined = await t.app.inject({
          method: 'POST',
          url: '/api/waitlist',
          headers: client.headers,
          payload: {
            providerIdentifier: provider.id,
            beforeDate: '2027-03-10',
            days: [],
            fromTime: '00:00',
            toTime: '24:00',
          },
        });
        expect(joined.statusCode, joined.body).toBe(201);
        waiting.push(client);
      }
      // Both slots open at once, each cancelled through a different instance.
      await Promise.all(
        held.map(({ client, booking }, index) =>
          (index === 0 ? t : second).app.inject({
            method: 'POST',
            url: `/api/booking/${booking.identifier}/cancel`,
            headers: client.headers,
            payload: { note: 'Plans changed' },
          }),
        ),
      );
      const results = await Promise.all([processWaitlist(t.deps), processWaitlist(second.deps)]);
      expect(results.reduce((sum, result) => sum + result.offered, 0)).toBe(2);

      const claims = await t.deps.db.select().from(waitlistClaims).where(eq(waitlistClaims.providerId, provider.id));
      expect(claims).toHaveLength(2);
      expect(claims.every((claim) => claim.status === 'offered')).toBe(true);
      expect(new Set(claims.map((claim) => claim.startsAt.toISOString()))).toEqual(
        new Set(held.map(({ slot }) => slot.startAt)),
      );
      // The first two to join got them; the third still waits.
      expect(claims.map((claim) => claim.clientId).sort()).toEqual([waiting[0]?.id, waiting[1]?.id].sort());
    }
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, escrowOf, listedSlot, walletOf } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, sessionOutcomes } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { completeSessions } from './complete-sessions.ts';
import { confirmedSession, expectBalancedLedger, minutesAfter, type Session, stay } from './room-test-support.ts';

/** Races need real connections: PostgreSQL only (TEST_DATABASE_URL). */
describe.runIf(testDriver === 'pg')('what happened, under concurrency (PostgreSQL)', () => {
  const START = '2027-03-01T09:00:00Z';
  const clock = fixedClock(START);
  let t: TestApp;
  let ids: Catalog;

  beforeAll(async () => {
    t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
    ids = await catalog(t);
  });
  afterAll(async () => {
    (t.database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
      'error',
      () => {},
    );
    await t.close();
  });

  const rebook = (session: Session, slotId: string, acceptedPriceMinor: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/booking/${session.bookingId}/rebook`,
      headers: session.client.headers,
      payload: { timeslotIdentifier: slotId, acceptedPriceMinor },
    });

  it('settles each ended session once when completion jobs run side by side: one refund, one earning', async () => {
    clock.set(START);
    const noShow = await confirmedSession(t, ids, { date: '2027-03-02', index: 0 });
    const held = await confirmedSession(t, ids, { date: '2027-03-02', index: 0 });
    for (const user of [held.provider, held.client]) {
      await stay(t, clock, { session: held, user, from: minutesAfter(held, 0), to: minutesAfter(held, 60) });
    }
    const walletBefore = await walletOf(t, noShow.client.id);
    clock.set(minutesAfter(noShow, 75));
    const results = await Promise.all(Array.from({ length: 6 }, () => completeSessions(t.deps, { limit: 1 })));
    expect(results.reduce((sum, result) => sum + result.completed, 0)).toBe(2);
    expect(results.reduce((sum, result) => sum + result.refunded, 0)).toBe(1);
    expect(results.reduce((sum, result) => sum + result.credited, 0)).toBe(1);
    expect(await walletOf(t, noShow.client.id)).toBe(walletBefore + 500_000);
    const outcomes = await t.deps.db
      .select()
      .from(sessionOutcomes)
      .where(inArray(sessionOutcomes.bookingId, [noShow.bookingId, held.bookingId]));
    expect(outcomes.map((row) => row.outcome).sort()).toEqual(['completed', 'provider_no_show']);
    await expectBalancedLedger(t);
  });

  it('takes one replacement of ten concurrent requests, and charges the wallet once', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-03', index: 0 });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 30),
    });
    clock.set(minutesAfter(session, 75));
    await completeSessions(t.deps);
    const slots = await Promise.all(
      [0, 1, 2, 3, 4].map((index) => listedSlot(t, session.provider.id, '2027-03-04', index)),
    );
    const walletBefore = await walletOf(t, session.client.id);
    const escrowBefore = await escrowOf(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        rebook(session, (slots[index % 5] as { identifier: string }).identifier, 250_000),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(
      answers
        .filter((answer) => answer.statusCode !== 200)
        .every((answer) => answer.json().code === 'REBOOK_NOT_OFFERED'),
    ).toBe(true);
    expect(await walletOf(t, session.client.id)).toBe(walletBefore - 250_000);
    expect(await escrowOf(t)).toBe(escrowBefore + 250_000);
    const replacements = await t.deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.clientId, session.client.id));
    expect(replacements).toHaveLength(2); // the missed session and its one replacement
    await expectBalancedLedger(t);
  });

  it('orders a no-show record and a free replacement: never a free replacement of a recorded no-show', async () => {
    clock.set(START);
    const session = await confirmedSession(t, ids, { date: '2027-03-05', index: 0 });
    // They never met: the client came only after the provider had gone (interrupted).
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 20),
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 30),
      to: minutesAfter(session, 35),
    });
    clock.set(minutesAfter(session, 75));
    await completeSessions(t.deps);
    const slot = await listedSlot(t, session.provider.id, '2027-03-08', 0);
    const [mark, free] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/appointment/${session.bookingId}/client-no-show`,
        headers: session.provider.headers,
      }),
      rebook(session, slot.identifier, 0),
    ]);
    const [outcome] = await t.deps.db
      .select()
      .from(sessionOutcomes)
      .where(eq(sessionOutcomes.bookingId, session.bookingId));
    if (mark.statusCode === 200) {
      // The no-show came first: the free replacement was refused (its price changed).
      expect(free.json().code).toBe('REBOOK_PRICE_CHANGED');
      expect(outcome).toMatchObject({ outcome: 'client_no_show', rebookedBookingId: null });
    } else {
      expect(free.statusCode).toBe(200);
      expect(mark.json().code).toBe('NO_SHOW_NOT_ALLOWED');
      expect(outcome).toMatchObject({ outcome: 'interrupted', rebookedBookingId: free.json().identifier });
    }
    await expectBalancedLedger(t);
  });
});

import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  type ListedSlot,
  listedSlot,
  payWithWallet,
  postPayment,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, ledgerTransactions } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { fundWallet } from '../money/test-helpers.ts';

/** Races need real connections: PostgreSQL only (TEST_DATABASE_URL). */
describe.runIf(testDriver === 'pg')('bookings under concurrency (PostgreSQL)', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let t: TestApp;
  let ids: Catalog;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    ids = await catalog(t);
  });
  afterAll(async () => {
    // The forced drop of the test database may reach a pooled connection still closing.
    (t.database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
      'error',
      () => {},
    );
    await t.close();
  });

  const overlapping = async (providerId: string) => {
    const result = await t.deps.db.execute(sql`
      SELECT count(*)::int AS n FROM bookings a JOIN bookings b
        ON a.provider_id = b.provider_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
      WHERE a.provider_id = ${providerId} AND a.starts_at IS NOT NULL AND b.starts_at IS NOT NULL
        AND a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? -1;
  };

  // Fifty sign-ups and twenty rounds of fifty requests take most of the default 30 s on a busy machine.
  it('lets exactly one of 50 clients take a slot, 20 rounds in a row; the 49 others get SLOT_TAKEN', async () => {
    const provider = await createProvider(t);
    const clients: TestUser[] = [];
    for (let index = 0; index < 50; index++) clients.push(await createTestUser(t, { role: 'client' }));
    const dates = ['2027-03-02', '2027-03-03', '2027-03-04'];
    const slots: ListedSlot[] = [];
    for (const date of dates)
      for (let index = 0; index < 7; index++) slots.push(await listedSlot(t, provider.id, date, index));

    for (let round = 0; round < 20; round++) {
      const slot = slots[round] as ListedSlot;
      const drafts = await t.deps.db
        .insert(bookings)
        .values(
          clients.map((client) => ({
            clientId: client.id,
            providerId: provider.id,
            therapyCategoryId: ids.therapyId,
            modalityKey: 'video-session',
            priceMinor: 500_000,
            currencyCode: 'NGN',
            note: `round ${round}`,
          })),
        )
        .returning({ id: bookings.id, clientId: bookings.clientId });
      const answers = await Promise.all(
        drafts.map((draft) =>
          t.app.inject({
            method: 'POST',
            url: `/api/booking/${draft.id}/schedule`,
            headers: (clients.find((client) => client.id === draft.clientId) as TestUser).headers,
            payload: { timeslotIdentifier: slot.identifier },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.filter((status) => status === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        `round ${round}`,
      ).toHaveLength(49);
      for (const answer of answers.filter((item) => item.statusCode === 409)) {
        expect(answer.json().code).toBe('SLOT_TAKEN');
      }
      const holders = await t.deps.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.providerId, provider.id),
            eq(bookings.startsAt, new Date(slot.startAt)),
            inArray(bookings.status, ['pending', 'confirmed']),
          ),
        );
      expect(holders, `round ${round}`).toHaveLength(1);
      // The winner pays, as a client would: a client holds at most three unpaid bookings with one
      // provider, and one who won three rounds unpaid would be refused the next for that
      // (PROVIDER_HOLD_LIMIT_REACHED) before the slot is even asked for.
      const won = drafts[statuses.indexOf(200)] as (typeof drafts)[number];
      await fundWallet(t, won.clientId, 500_000);
      await payWithWallet(t, clients.find((client) => client.id === won.clientId) as TestUser, won.id);
    }
    expect(await overlapping(provider.id)).toBe(0);
    const losers = await t.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.providerId, provider.id), like(bookings.note, 'round %'), sql`starts_at IS NULL`));
    expect(losers[0]?.count).toBe(20 * 49);
  }, 90_000);

  it('asks whether a slot is taken after the calendar lock, seeing a winner that committed meanwhile', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const winner = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-10');
    const lock = sql`pg_advisory_xact_lock(hashtextextended(${`bookings:provider:${provider.id}`}, 0))`;
    const range = sql`${slot.startAt}::timestamptz, ${slot.endAt}::timestamptz`;
    let asked: Promise<unknown> | undefined;
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${lock}`);
      await tx
        .update(bookings)
        .set({ startsAt: new Date(slot.startAt), endsAt: new Date(slot.endAt), holdExpiresAt: null })
        .where(eq(bookings.id, winner.identifier));
      // Another connection's statement starts (its snapshot taken) and waits for the lock (then()
      // sends it now: Drizzle's queries run when awaited).
      asked = t.deps.db
        .execute(sql`
        SELECT ${lock}::text AS locked,
          booking_slot_taken(${provider.id}::uuid, ${range}, now(), gen_random_uuid()) AS taken,
          EXISTS (SELECT 1 FROM bookings WHERE provider_id = ${provider.id}::uuid AND starts_at IS NOT NULL
            AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${range}, '[)')) AS "sameSnapshot"`)
        .then((result) => result);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const { rows } = (await asked) as { rows: Array<{ taken: boolean; sameSnapshot: boolean }> };
    // The function reads after the lock with a snapshot of its own; the statement's own does not.
    expect(rows[0]).toEqual({ locked: '', taken: true, sameSnapshot: false });
  });

  it('refunds once when the client cancels 10 times at the same moment', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 500_000);
    const booking = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, '2027-03-08')).identifier);
    await payWithWallet(t, client, booking.identifier);
    expect(await walletOf(t, client.id)).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/booking/${booking.identifier}/cancel`,
          headers: client.headers,
          payload: { note: 'Cancel' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(await walletOf(t, client.id)).toBe(500_000);
    const refunds = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `booking:${booking.identifier}:refund%`));
    expect(refunds).toHaveLength(1);
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });

  it('debits once when the client pays 10 times at the same moment', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 5_000_000);
    const booking = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, '2027-03-09')).identifier);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postPayment(t, client, booking.identifier, 'wallet')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    expect(await walletOf(t, client.id)).toBe(4_500_000);
  });
});

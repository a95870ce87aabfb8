import { PAYABLE } from '@app/shared/booking-rules';
import { firstRefusal } from '@app/shared/conditions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRow,
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings, ledgerAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { fixedClock } from '../../platform/clock.ts';
import { whereAll } from '../../platform/conditions-sql.ts';
import { rawRows } from '../../platform/prepared.ts';
import { bookingScope } from '../bookings/booking-conditions.ts';
import { accountKey, ESCROW_SHARDS } from '../money/ledger-math.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { payInOneStatement, payInTransaction } from './pay-booking.ts';

/**
 * One table of cases through both wallet payment paths: the one statement pays exactly the
 * bookings the transaction pays, and the transaction names the refusal for every other one. Both
 * read PAYABLE (@app/shared/booking-rules) and the owner condition, so a change to either moves
 * both columns of this table together.
 */

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let provider: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
  provider = await createProvider(t, { firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" });
  stranger = await createTestUser(t, { role: 'client', firstName: '小龍', lastName: '李' });
  // Every escrow shard's account exists, so the one statement never leaves a first use to the transaction.
  for (let shard = 0; shard < ESCROW_SHARDS; shard++) {
    await t.deps.db
      .insert(ledgerAccounts)
      .values({
        key: accountKey({ kind: 'booking_escrow', currencyCode: 'NGN', shard }),
        kind: 'booking_escrow',
        currencyCode: 'NGN',
      })
      .onConflictDoNothing();
  }
});
afterAll(async () => {
  await t.close();
});

type Change = Partial<typeof bookings.$inferInsert> | ((made: number) => Partial<typeof bookings.$inferInsert>);

/** Weekdays with free slots: the provider works Monday to Friday, eight one-hour slots a day. */
const WORKDAYS = ['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-08', '2027-03-09', '2027-03-10'];
let made = 0;

/** A new client's scheduled, unpaid booking, funded to pay it; then `change` applied to its row. */
async function bookingIn(change: Change) {
  const client = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
  await fundWallet(t, client.id, 500_000);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, WORKDAYS[Math.floor(made / 8)] as string);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  const columns = typeof change === 'function' ? change(made) : change;
  made += 1;
  if (Object.keys(columns).length > 0) {
    await t.deps.db.update(bookings).set(columns).where(eq(bookings.id, booking.identifier));
  }
  return { client, bookingId: booking.identifier };
}

/** A start before now, a different hour for each booking (two pending ones may not overlap). */
const started = (made: number) => ({
  startsAt: new Date(Date.UTC(2027, 1, 27, made)),
  endsAt: new Date(Date.UTC(2027, 1, 27, made + 1)),
});
const cases: Array<{ name: string; change: Change; other?: true; refusal: string | null }> = [
  { name: 'payable', change: {}, refusal: null },
  {
    name: 'paid',
    change: { status: 'confirmed', previousStatus: 'pending', paidAt: clock.now(), paymentMethod: 'wallet' },
    refusal: 'BOOKING_ALREADY_PAID',
  },
  {
    name: 'expired',
    change: { status: 'expired', previousStatus: 'pending', holdExpiresAt: null },
    refusal: 'BOOKING_EXPIRED',
  },
  { name: 'started', change: started, refusal: 'BOOKING_EXPIRED' },
  { name: 'free', change: { priceMinor: 0 }, refusal: 'BOOKING_NOT_PAYABLE' },
  {
    name: 'without a slot',
    change: { startsAt: null, endsAt: null, holdExpiresAt: null },
    refusal: 'BOOKING_NOT_PAYABLE',
  },
  { name: 'cancelled', change: { status: 'cancelled', previousStatus: 'pending' }, refusal: 'BOOKING_NOT_PAYABLE' },
  { name: "another client's", change: {}, other: true, refusal: 'NOT_FOUND' },
];

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : error);

describe('the wallet payment paths apply one rule', () => {
  it.each(cases)('$name: the rendered SQL and the check on the row agree', async ({ change, refusal }) => {
    if (refusal === 'NOT_FOUND') return; // the owner, not PAYABLE: the paths below cover it
    const { bookingId } = await bookingIn(change);
    const row = await bookingRow(t, bookingId);
    const [read] = await rawRows<{ payable: boolean }>(
      t.deps.db,
      sql`SELECT ${whereAll(PAYABLE, bookingScope('bk', { now: sql`${clock.now().toISOString()}::timestamptz` }))} AS payable
        FROM bookings bk WHERE bk.id = ${bookingId}::uuid`,
    );
    expect(firstRefusal(PAYABLE, row, { now: clock.now() })).toBe(refusal);
    expect(read?.payable).toBe(refusal === null);
  });

  it.each(cases)('$name: the one statement and the transaction answer alike', async ({ change, other, refusal }) => {
    const fast = await bookingIn(change);
    const slow = await bookingIn(change);
    const actorOf = (client: TestUser) => {
      const actor = other ? stranger : client;
      return { userId: actor.id, role: 'client' as const, sessionId: actor.sessionId };
    };
    const before = await bookingRow(t, fast.bookingId);

    const oneStatement = await payInOneStatement(
      t.deps,
      { actor: actorOf(fast.client), language: 'en', bookingId: fast.bookingId },
      clock.now(),
    );
    const transaction = await payInTransaction(t.deps, {
      actor: actorOf(slow.client),
      language: 'en',
      bookingId: slow.bookingId,
    }).then(
      (booking) => booking,
      (error: unknown) => codeOf(error),
    );

    if (refusal === null) {
      expect(oneStatement).toMatchObject({ status: 'confirmed', isPaid: true, paymentMethod: 'wallet' });
      expect(transaction).toMatchObject({ status: 'confirmed', isPaid: true, paymentMethod: 'wallet' });
      expect(await walletOf(t, fast.client.id)).toBe(0);
      expect(await walletOf(t, slow.client.id)).toBe(0);
    } else {
      // The one statement writes nothing and leaves the case to the transaction, which refuses it.
      expect(oneStatement).toBeUndefined();
      expect(transaction).toBe(refusal);
      expect(await bookingRow(t, fast.bookingId)).toEqual(before);
      expect(await walletOf(t, fast.client.id)).toBe(500_000);
      expect(await walletOf(t, slow.client.id)).toBe(500_000);
    }
  });
});

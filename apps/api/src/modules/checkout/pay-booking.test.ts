import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  emailsTo,
  escrowOf,
  eventTypes,
  listedSlot,
  payWithWallet,
  postPayment,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookingEvents, bookings, ledgerAccounts, ledgerTransactions } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { bookingView, viewContext } from '../bookings/booking-view.ts';
import { BOOKING_NOTIFICATIONS_JOB } from '../bookings/outbox.ts';
import { refundToWallet } from '../money/escrow.ts';
import { accountBalance, postTransaction } from '../money/ledger.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { accountKey, escrowShard } from '../money/ledger-math.ts';
import { references } from '../money/references.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
/** The jobs a request woke (the server connects deps.jobs to its running jobs). */
const woken: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  t.deps.jobs = { wake: (name) => woken.push(name) };
  ids = await catalog(t);
});
afterAll(async () => {
  (t.database.db as unknown as { $client?: { on?(event: 'error', listener: () => void): void } }).$client?.on?.(
    'error',
    () => {},
  );
  await t.close();
});

async function scheduledBooking(date: string, fund = 500_000) {
  const provider = await createProvider(t);
  const client = await createTestUser(t, { role: 'client' });
  await fundWallet(t, client.id, fund);
  const booking = await createBookingVia(t, client, provider, ids);
  await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, date)).identifier);
  return { provider, client, booking };
}

const shardBalance = (shard?: number) =>
  accountBalance(
    t.deps.db,
    shard === undefined
      ? { kind: 'booking_escrow', currencyCode: 'NGN' }
      : { kind: 'booking_escrow', currencyCode: 'NGN', shard },
  );

describe('wallet payment of a booking', () => {
  it('moves the price into the escrow shard of the booking, confirms it, and answers as the view does', async () => {
    const { provider, client, booking } = await scheduledBooking('2027-03-08');
    // A shard's account is made by the first payment into it (the transaction path); after that
    // payments take the one-statement path.
    const shard = escrowShard(booking.identifier);
    await t.deps.db
      .insert(ledgerAccounts)
      .values({
        key: accountKey({ kind: 'booking_escrow', currencyCode: 'NGN', shard }),
        kind: 'booking_escrow',
        currencyCode: 'NGN',
      })
      .onConflictDoNothing();
    const shardBefore = await shardBalance(shard);
    const escrowBefore = await escrowOf(t);

    // The usual case opens no transaction: one statement does it all, and the provider's notice
    // and email are left in the outbox for the notification job, which the payment wakes.
    const transactions = vi.spyOn(t.deps.db, 'transaction');
    let opened = -1;
    woken.length = 0;
    const paid = await payWithWallet(t, client, booking.identifier).finally(() => {
      opened = transactions.mock.calls.length;
      transactions.mockRestore();
    });
    expect(opened).toBe(0);
    expect(woken).toEqual([BOOKING_NOTIFICATIONS_JOB]);
    expect(await emailsTo(t, provider.email, 'bookings.bookingConfirmed')).toHaveLength(0);
    await deliverBookingNotifications(t.deps); // the job's run

    expect(paid).toMatchObject({ status: 'confirmed', isPaid: true, paymentMethod: 'wallet', holdExpiresAt: null });
    expect(paid).toEqual(await bookingView(t.deps.db, booking.identifier, viewContext(t.deps, 'en', client.id)));
    expect(await walletOf(t, client.id)).toBe(0);
    expect(await shardBalance(shard)).toBe(shardBefore + 500_000);
    expect(await escrowOf(t)).toBe(escrowBefore + 500_000);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.identifier));
    expect(row).toMatchObject({ status: 'confirmed', previousStatus: 'pending', paymentMethod: 'wallet' });
    expect(row?.paidAt?.toISOString()).toBe('2027-03-01T09:00:00.000Z');
    expect((await eventTypes(t, booking.identifier)).slice(-2)).toEqual(['paid', 'confirmed']);
    // The price, currency and start the statement read under its lock, as the transaction writes them.
    const events = await t.deps.db
      .select({ type: bookingEvents.type, data: bookingEvents.data, notify: bookingEvents.notifyUserId })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.identifier), inArray(bookingEvents.type, ['paid', 'confirmed'])))
      .orderBy(asc(bookingEvents.type));
    expect(events).toEqual([
      {
        type: 'confirmed',
        data: { template: 'bookingConfirmed', notifyParty: 'provider', startAt: row?.startsAt?.toISOString() },
        notify: provider.id,
      },
      { type: 'paid', data: { method: 'wallet', amountMinor: 500_000, currencyCode: 'NGN' }, notify: null },
    ]);
    expect(await emailsTo(t, provider.email, 'bookings.bookingConfirmed')).toHaveLength(1);
    const [posting] = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, references.bookingPayment(booking.identifier)));
    expect(posting).toMatchObject({
      type: 'booking_payment',
      metadata: { channel: 'wallet', bookingId: booking.identifier },
    });
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });

  it('answers INSUFFICIENT_FUNDS for a short wallet and changes nothing', async () => {
    const { client, booking } = await scheduledBooking('2027-03-09', 499_999);
    const escrowBefore = await escrowOf(t);
    const answer = await postPayment(t, client, booking.identifier, 'wallet');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await walletOf(t, client.id)).toBe(499_999);
    expect(await escrowOf(t)).toBe(escrowBefore);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.identifier));
    expect(row).toMatchObject({ status: 'pending', paidAt: null });
  });

  it('answers another client’s booking with 404 and a second payment with BOOKING_ALREADY_PAID', async () => {
    const { client, booking } = await scheduledBooking('2027-03-10');
    const stranger = await createTestUser(t, { role: 'client' });
    await fundWallet(t, stranger.id, 500_000);
    const foreign = await postPayment(t, stranger, booking.identifier, 'wallet');
    expect(foreign.statusCode).toBe(404);
    expect(await walletOf(t, stranger.id)).toBe(500_000);
    await payWithWallet(t, client, booking.identifier);
    await fundWallet(t, client.id, 500_000);
    const again = await postPayment(t, client, booking.identifier, 'wallet');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'BOOKING_ALREADY_PAID' });
    expect(await walletOf(t, client.id)).toBe(500_000);
  });
});

describe('escrow shards', () => {
  it('refunds a booking from the shard its payment credited', async () => {
    const { client, booking } = await scheduledBooking('2027-03-11');
    await payWithWallet(t, client, booking.identifier);
    const shard = escrowShard(booking.identifier);
    const before = await shardBalance(shard);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/cancel`,
      headers: client.headers,
      payload: { note: 'Cannot come' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await walletOf(t, client.id)).toBe(500_000);
    expect(await shardBalance(shard)).toBe(before - 500_000);
  });

  it('returns money paid before the shards from the unsharded escrow account', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 200_000);
    const bookingId = randomUUID();
    // A payment as the ledger posted it before escrow had shards.
    await postTransaction(t.deps.db, {
      type: 'booking_payment',
      reference: references.bookingPayment(bookingId),
      metadata: { channel: 'wallet', bookingId },
      lines: [
        { account: { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id }, amountMinor: -200_000 },
        { account: { kind: 'booking_escrow', currencyCode: 'NGN' }, amountMinor: 200_000 },
      ],
    });
    const legacyBefore = await shardBalance();
    const shardBefore = await shardBalance(escrowShard(bookingId));
    await refundToWallet(t.deps.db, {
      userId: client.id,
      amountMinor: 200_000,
      currencyCode: 'NGN',
      reference: references.bookingRefund(bookingId),
      bookingId,
    });
    expect(await walletOf(t, client.id)).toBe(200_000);
    expect(await shardBalance()).toBe(legacyBefore - 200_000);
    expect(await shardBalance(escrowShard(bookingId))).toBe(shardBefore);
    // No account below zero, every transaction balanced, cached balances equal to the entries.
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });
});

/** Races need real connections: PostgreSQL only (TEST_DATABASE_URL). */
describe.runIf(testDriver === 'pg')('wallet payments under concurrency (PostgreSQL)', () => {
  it('pays 12 bookings at once while each is also being cancelled: no deadlock, no lost or doubled money', async () => {
    const setups = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        scheduledBooking(`2027-03-${String(15 + (index % 5)).padStart(2, '0')}`),
      ),
    );
    const escrowBefore = await escrowOf(t);
    const answers = await Promise.all(
      setups.flatMap(({ client, booking }) => [
        postPayment(t, client, booking.identifier, 'wallet'),
        t.app.inject({
          method: 'POST',
          url: `/api/booking/${booking.identifier}/cancel`,
          headers: client.headers,
          payload: { note: 'Changed my mind' },
        }),
      ]),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const rows = await t.deps.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          setups.map(({ booking }) => booking.identifier),
        ),
      );
    let stillEscrowed = 0;
    for (const { client, booking } of setups) {
      const row = rows.find((candidate) => candidate.id === booking.identifier);
      const wallet = await walletOf(t, client.id);
      if (row?.status === 'confirmed') {
        expect(wallet).toBe(0);
        stillEscrowed += 500_000;
      } else {
        // Cancelled, unpaid or paid and refunded in full: the client has the money back.
        expect(row?.status).toBe('cancelled');
        expect(wallet).toBe(500_000);
      }
    }
    expect(await escrowOf(t)).toBe(escrowBefore + stillEscrowed);
    const payments = await t.deps.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, 'booking:%:payment'));
    expect(payments.length).toBeGreaterThan(0);
    // No account below zero, every transaction balanced, cached balances equal to the entries.
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });
});

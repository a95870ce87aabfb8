import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Catalog,
  catalog,
  createProvider,
  createSeriesVia,
  listedSlot,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { type FakePaystack, startFakePaystack } from '../../../test/fake-paystack.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, ledgerTransactions, payments } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { references } from '../money/references.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';

const PRICE = 500_000;
const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let fake: FakePaystack;
let provider: TestUser;

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await buildTestApp({
    clock,
    config: {
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_BASE_URL: fake.url,
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PUBLIC_URL: 'https://app.example.test',
      rateLimits: { holdCreationPerUser: { max: 1000, windowSeconds: 600 } },
    },
  });
  ids = await catalog(t);
  provider = await createProvider(t, { firstName: 'Adaeze', lastName: "O'Neil-Okafor" });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/**
 * A new client's series of `occurrences` weekly sessions from the provider's first free slot of the
 * day (a taken slot leaves the list, so the next series starts at the next one).
 */
async function seriesOf(client: TestUser, occurrences = 4) {
  const slot = await listedSlot(t, provider.id, '2027-03-02', 0);
  const series = await createSeriesVia(t, client, provider, ids, { slotId: slot.identifier, occurrences });
  return { seriesId: series.identifier, sessionIds: series.bookings.map((b) => b.identifier) };
}

const paySeries = (client: TestUser, seriesId: string, payload: Record<string, unknown> = { method: 'wallet' }) =>
  t.app.inject({ method: 'POST', url: `/api/payment/series/${seriesId}`, headers: client.headers, payload });

const rowsOf = (sessionIds: string[]) =>
  t.deps.db
    .select({
      id: bookings.id,
      status: bookings.status,
      paidAt: bookings.paidAt,
      paymentMethod: bookings.paymentMethod,
    })
    .from(bookings)
    .where(inArray(bookings.id, sessionIds));

const paymentsOf = (sessionIds: string[]) =>
  t.deps.db
    .select({ reference: ledgerTransactions.reference, metadata: ledgerTransactions.metadata })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.type, 'booking_payment'),
        inArray(
          ledgerTransactions.reference,
          sessionIds.map((id) => references.bookingPayment(id)),
        ),
      ),
    );

describe('POST /payment/series/{id} from the wallet', () => {
  it('pays every session in one payment: the total checked once, one ledger posting per session', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Groß' });
    await fundWallet(t, client.id, 4 * PRICE);
    const { seriesId, sessionIds } = await seriesOf(client);
    const response = await paySeries(client, seriesId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().bookings.map((b: { status: string; isPaid: boolean }) => [b.status, b.isPaid])).toEqual(
      Array(4).fill(['confirmed', true]),
    );
    expect(await walletOf(t, client.id)).toBe(0);
    const rows = await rowsOf(sessionIds);
    expect(rows.every((row) => row.status === 'confirmed' && row.paymentMethod === 'wallet')).toBe(true);
    const posted = await paymentsOf(sessionIds);
    expect(posted).toHaveLength(4);
    expect(new Set(posted.map((row) => (row.metadata as { bookingId: string }).bookingId))).toEqual(
      new Set(sessionIds),
    );
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });

  it('tells what follows a confirmation of every session paid at once, not only the first', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Siobhán', lastName: "D'Arcy-Nwosu" });
    await fundWallet(t, client.id, 4 * PRICE);
    const { seriesId, sessionIds } = await seriesOf(client);
    const confirmed = vi.spyOn(t.deps.events, 'bookingsConfirmed');
    try {
      expect((await paySeries(client, seriesId)).statusCode).toBe(200);
      await deliverBookingNotifications(t.deps);
      const told = new Set(confirmed.mock.calls.flatMap(([event]) => event.bookingIds));
      expect(sessionIds.filter((id) => told.has(id))).toEqual(sessionIds);
    } finally {
      confirmed.mockRestore();
    }
  });

  it('answers INSUFFICIENT_FUNDS with the total short and changes nothing', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: '小龍', lastName: '李' });
    await fundWallet(t, client.id, 4 * PRICE - 1);
    const { seriesId, sessionIds } = await seriesOf(client);
    const response = await paySeries(client, seriesId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your wallet balance is too low for this payment',
    });
    expect(await walletOf(t, client.id)).toBe(4 * PRICE - 1);
    expect((await rowsOf(sessionIds)).every((row) => row.status === 'pending' && row.paidAt === null)).toBe(true);
    expect(await paymentsOf(sessionIds)).toEqual([]);
  });

  it('pays one session alone, then the rest at once; another client’s series is not found', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 3 * PRICE);
    const { seriesId, sessionIds } = await seriesOf(client, 3);
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/payment/booking/${sessionIds[1]}`,
      headers: client.headers,
      payload: { method: 'wallet' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(await walletOf(t, client.id)).toBe(2 * PRICE);
    const stranger = await createTestUser(t, { role: 'client' });
    expect((await paySeries(stranger, seriesId)).statusCode).toBe(404);
    const rest = await paySeries(client, seriesId);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await walletOf(t, client.id)).toBe(0);
    expect(await paymentsOf(sessionIds)).toHaveLength(3);
    const again = await paySeries(client, seriesId);
    expect(again.json().code).toBe('BOOKING_ALREADY_PAID');
  });
});

describe('POST /payment/series/{id} by card', () => {
  it('opens one checkout for the total; once paid, every session is paid with its own posting', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Adaeze', lastName: "O'Neil-Okafor" });
    const { seriesId, sessionIds } = await seriesOf(client);
    const started = await paySeries(client, seriesId, { method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json().payment;
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ purpose: 'booking_series', purposeId: seriesId, amountMinor: 4 * PRICE });
    fake.pay(reference);
    const status = await t.app.inject({ url: `/api/payment/status/${reference}`, headers: client.headers });
    expect(status.json()).toMatchObject({ status: 'success', creditedTo: 'booking', purpose: 'booking_series' });
    const rows = await rowsOf(sessionIds);
    expect(rows.every((row) => row.status === 'confirmed' && row.paymentMethod === 'card')).toBe(true);
    expect(await paymentsOf(sessionIds)).toHaveLength(4);
    expect(await walletOf(t, client.id)).toBe(0);
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });
});

describe.runIf(testDriver === 'pg')('paying a series twice at the same time (PostgreSQL)', () => {
  it('lets exactly one payment through and debits the wallet once', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 8 * PRICE);
    const { seriesId, sessionIds } = await seriesOf(client);
    const answers = await Promise.all([paySeries(client, seriesId), paySeries(client, seriesId)]);
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'ok' : answer.json().code)).sort();
    expect(codes).toEqual(['BOOKING_ALREADY_PAID', 'ok']);
    expect(await walletOf(t, client.id)).toBe(4 * PRICE);
    expect(await paymentsOf(sessionIds)).toHaveLength(4);
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  });
});

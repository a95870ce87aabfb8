import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { countries, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { payFromWallet, refundToWallet } from './escrow.ts';
import { postTransaction } from './ledger.ts';

const clock = fixedClock('2027-03-15T12:00:00Z');
let t: TestApp;
let client: TestUser;

/** Money arriving from the sandbox gateway at a given instant, as a top-up of the given channel. */
async function fund(userId: string, amountMinor: number, at: string, currencyCode = 'NGN', channel = 'card') {
  return t.deps.db.transaction((tx) =>
    postTransaction(tx, {
      type: 'top_up',
      reference: `test-fund:${randomUUID()}`,
      at: new Date(at),
      metadata: { channel },
      lines: [
        {
          account: { kind: 'gateway_clearing', currencyCode, gateway: 'sandbox', shard: 0 },
          amountMinor: -amountMinor,
        },
        { account: { kind: 'client_wallet', currencyCode, userId }, amountMinor },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  client = await createTestUser(t, { role: 'client', timezone: 'Africa/Lagos' });
  await fund(client.id, 1_000_000, '2027-02-10T10:00:00Z');
  await fund(client.id, 500_000, '2027-03-01T23:30:00Z', 'NGN', 'bank_transfer'); // 2 March in Lagos
  await t.deps.db.transaction((tx) =>
    payFromWallet(tx, {
      userId: client.id,
      amountMinor: 300_000,
      currencyCode: 'NGN',
      reference: 'booking:b1:payment',
      description: 'Session with Dr Ada',
      at: new Date('2027-03-05T09:00:00Z'),
    }),
  );
  await t.deps.db.transaction((tx) =>
    refundToWallet(tx, {
      userId: client.id,
      amountMinor: 300_000,
      currencyCode: 'NGN',
      reference: 'booking:b1:refund',
      at: new Date('2027-03-06T09:00:00Z'),
    }),
  );
});
afterAll(() => t.close());

describe('GET /api/wallet/balance', () => {
  it('answers the balance in minor units and the currency of the user', async () => {
    const res = await t.app.inject({ url: '/api/wallet/balance', headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: 1_500_000, currency: 'NGN', others: [] });
  });

  it('derives the currency from the country, falling back to NGN', async () => {
    for (const [countryCode, currency] of [
      ['GB', 'GBP'],
      ['US', 'USD'],
      ['DE', 'EUR'],
      ['KE', 'NGN'],
      ['XX', 'NGN'],
    ]) {
      const user = await createTestUser(t, { role: 'client', countryCode });
      const res = await t.app.inject({ url: '/api/wallet/balance', headers: user.headers });
      expect(res.json(), countryCode).toEqual({ balance: 0, currency, others: [] });
    }
  });

  it('shows money held in another currency beside the home one, e.g. after the owner moved country', async () => {
    const mover = await createTestUser(t, { role: 'client', countryCode: 'NG' });
    await fund(mover.id, 700_000, '2027-03-01T10:00:00Z');
    await fund(mover.id, 2_500, '2027-03-02T10:00:00Z', 'USD');
    // An emptied wallet in a third currency is not worth a line.
    await fund(mover.id, 1_000, '2027-03-03T10:00:00Z', 'EUR');
    await t.deps.db.transaction((tx) =>
      payFromWallet(tx, {
        userId: mover.id,
        amountMinor: 1_000,
        currencyCode: 'EUR',
        reference: `booking:${randomUUID()}:payment`,
        at: new Date('2027-03-04T09:00:00Z'),
      }),
    );
    const [gb] = await t.deps.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'GB'));
    await t.deps.db.update(users).set({ countryId: gb?.id }).where(eq(users.id, mover.id));

    const res = await t.app.inject({ url: '/api/wallet/balance', headers: mover.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      balance: 0,
      currency: 'GBP',
      others: [
        { balance: 700_000, currency: 'NGN' },
        { balance: 2_500, currency: 'USD' },
      ],
    });
    const overview = await t.app.inject({ url: '/api/overview', headers: mover.headers });
    expect(overview.json().wallet).toEqual(res.json());
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/wallet/balance' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/wallet/stats', () => {
  it('sums money in and out, ever and in the current month of the user time zone', async () => {
    const res = await t.app.inject({ url: '/api/wallet/stats', headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'NGN',
      totalIn: 1_800_000,
      totalOut: 300_000,
      thisMonthIn: 800_000,
      thisMonthOut: 300_000,
      transactionCount: 4,
    });
  });

  it('answers zeros for a new wallet', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({ url: '/api/wallet/stats', headers: user.headers });
    expect(res.json()).toEqual({
      currency: 'NGN',
      totalIn: 0,
      totalOut: 0,
      thisMonthIn: 0,
      thisMonthOut: 0,
      transactionCount: 0,
    });
  });
});

describe('GET /api/wallet/transactions', () => {
  it('lists the statement newest first with titles, directions and running balances', async () => {
    const res = await t.app.inject({ url: '/api/wallet/transactions', headers: client.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, perPage: 20, total: 4, totalPages: 1 });
    expect(
      body.data.map(
        (item: { type: string; direction: string; amount: number; balanceAfter: number; title: string }) => [
          item.type,
          item.direction,
          item.amount,
          item.balanceAfter,
          item.title,
        ],
      ),
    ).toEqual([
      ['refund', 'credit', 300_000, 1_500_000, 'Refund'],
      ['booking_payment', 'debit', 300_000, 1_200_000, 'Session payment'],
      ['top_up', 'credit', 500_000, 1_500_000, 'Bank transfer top-up'],
      ['top_up', 'credit', 1_000_000, 1_000_000, 'Card top-up'],
    ]);
    expect(body.data[1]).toMatchObject({
      currencyCode: 'NGN',
      description: 'Session with Dr Ada',
      reference: 'booking:b1:payment',
      createdAt: '2027-03-05T09:00:00.000Z',
    });
  });

  it('titles in German for a German request', async () => {
    const res = await t.app.inject({
      url: '/api/wallet/transactions',
      headers: { ...client.headers, 'x-language': 'de' },
    });
    expect(res.json().data.map((item: { title: string }) => item.title)).toEqual([
      'Erstattung',
      'Zahlung für eine Sitzung',
      'Aufladung per Überweisung',
      'Aufladung per Karte',
    ]);
  });

  it('pages with perPage', async () => {
    const res = await t.app.inject({ url: '/api/wallet/transactions?page=2&perPage=3', headers: client.headers });
    const body = res.json();
    expect(body.meta).toEqual({ page: 2, perPage: 3, total: 4, totalPages: 2 });
    expect(body.data).toHaveLength(1);
    expect(body.data[0].amount).toBe(1_000_000);
  });

  it('filters by type and by whole days in the user time zone', async () => {
    const topUps = await t.app.inject({
      url: '/api/wallet/transactions?transactionType=top_up',
      headers: client.headers,
    });
    expect(topUps.json().meta.total).toBe(2);
    // 2027-03-01T23:30Z is already 2 March in Lagos.
    const firstOfMarch = await t.app.inject({
      url: '/api/wallet/transactions?fromDate=2027-03-01&toDate=2027-03-01',
      headers: client.headers,
    });
    expect(firstOfMarch.json().meta.total).toBe(0);
    const secondOfMarch = await t.app.inject({
      url: '/api/wallet/transactions?fromDate=2027-03-02&toDate=2027-03-02',
      headers: client.headers,
    });
    expect(secondOfMarch.json().data.map((item: { amount: number }) => item.amount)).toEqual([500_000]);
    const march = await t.app.inject({
      url: '/api/wallet/transactions?fromDate=2027-03-01&toDate=2027-03-31&transactionType=top_up',
      headers: client.headers,
    });
    expect(march.json().meta.total).toBe(1);
  });

  it('refuses bad filters with field messages', async () => {
    const type = await t.app.inject({ url: '/api/wallet/transactions?transactionType=gift', headers: client.headers });
    expect(type.statusCode).toBe(400);
    expect(type.json().fieldErrors.transactionType).toEqual(['Choose one of the listed options']);
    const date = await t.app.inject({ url: '/api/wallet/transactions?fromDate=01.03.2027', headers: client.headers });
    expect(date.statusCode).toBe(400);
    expect(date.json().fieldErrors.fromDate).toEqual(['Invalid format']);
    const range = await t.app.inject({
      url: '/api/wallet/transactions?fromDate=2027-03-02&toDate=2027-03-01',
      headers: client.headers,
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe('The end date must not be before the start date');
    const page = await t.app.inject({ url: '/api/wallet/transactions?page=0', headers: client.headers });
    expect(page.statusCode).toBe(400);
  });

  it('shows a user only their own wallet', async () => {
    const other = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({ url: '/api/wallet/transactions', headers: other.headers });
    expect(res.json()).toEqual({ data: [], meta: { page: 1, perPage: 20, total: 0, totalPages: 0 } });
  });
});

describe('GET /api/wallet/transactions/:id', () => {
  it('answers one of the owner transactions, with its payment when there is one', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const { payment } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/payment/wallet',
        headers: user.headers,
        payload: { amount: 70_000 },
      })
    ).json();
    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.reference}/approve` });
    const list = (await t.app.inject({ url: '/api/wallet/transactions', headers: user.headers })).json();
    const id = list.data[0].identifier;
    const res = await t.app.inject({ url: `/api/wallet/transactions/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...list.data[0],
      payment: { reference: payment.reference, channel: 'card', status: 'success' },
    });
    expect(res.json()).toMatchObject({ type: 'top_up', amount: 70_000, title: 'Card top-up' });

    const stranger = await t.app.inject({ url: `/api/wallet/transactions/${id}`, headers: client.headers });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('NOT_FOUND');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject({ url: `/api/wallet/transactions/${randomUUID()}`, headers: client.headers });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/wallet/transactions/abc', headers: client.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

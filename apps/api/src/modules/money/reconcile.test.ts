import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { type FakePaystack, startFakePaystack } from '../../../test/fake-paystack.ts';
import { payments, payouts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { startCardPayment } from './card-payments.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { accountBalance } from './ledger.ts';
import { reconcilePendingPayouts } from './payouts.ts';
import { paymentJobs, reconcilePendingPayments } from './reconcile.ts';
import { earn } from './test-helpers.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let fake: FakePaystack;
let t: TestApp;
let client: TestUser;

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await buildTestApp({
    clock,
    config: { PAYMENT_GATEWAY: 'paystack', PAYSTACK_BASE_URL: fake.url, PAYSTACK_SECRET_KEY: fake.secretKey },
  });
  client = await createTestUser(t, { role: 'client' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const start = async (amountMinor = 50_000) =>
  (await startCardPayment(t.deps, { userId: client.id, amountMinor, currencyCode: 'NGN', purpose: { type: 'top_up' } }))
    .payment.reference;
const statusOf = async (reference: string) =>
  (await t.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0]?.status;

describe('reconcilePendingPayments', () => {
  it('leaves fresh checkouts to the webhook and the poll', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const reference = await start();
    fake.pay(reference);
    clock.set('2027-03-01T09:04:00Z');
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ checked: 0 });
    expect(await statusOf(reference)).toBe('pending');
  });

  it('credits a paid checkout whose webhook never came, once', async () => {
    clock.set('2027-03-01T09:10:00Z');
    const result = await reconcilePendingPayments(t.deps);
    expect(result).toMatchObject({ settled: 1, errors: 0 });
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
      50_000,
    );
    clock.set('2027-03-01T09:20:00Z');
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ settled: 0 });
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
      50_000,
    );
  });

  it('asks again after a minute, counts gateway errors, and abandons unpaid checkouts after a day', async () => {
    clock.set('2027-03-02T09:00:00Z');
    const reference = await start();
    clock.set('2027-03-02T09:06:00Z');
    fake.failNext(/^\/transaction\/verify\//, 503);
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ checked: 1, errors: 1 });
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ checked: 0 });
    clock.set('2027-03-02T09:08:00Z');
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ checked: 1, settled: 0, failed: 0 });
    expect(await statusOf(reference)).toBe('pending');
    clock.set('2027-03-03T09:01:00Z');
    expect(await reconcilePendingPayments(t.deps)).toMatchObject({ checked: 1, failed: 1 });
    expect(await statusOf(reference)).toBe('abandoned');
  });

  it('still credits an abandoned checkout that turns out paid (money is never lost)', async () => {
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.status, 'abandoned'));
    const reference = row?.reference as string;
    const before = await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id });
    const delivery = fake.chargeEvent(fake.pay(reference));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paystack',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(reference)).toBe('success');
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
      before + 50_000,
    );
  });
});

describe('reconcilePendingPayouts', () => {
  it('settles or reverses payouts whose webhook never came', async () => {
    clock.set('2027-03-05T09:00:00Z');
    const provider = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, provider.id, payer.id, 100_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/bank-account',
      headers: provider.headers,
      payload: {
        accountName: 'Ada Obi',
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: '0123456785',
      },
    });
    const pay = async (amount: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/earnings/payouts',
          headers: provider.headers,
          payload: { amount },
        })
      ).json().reference as string;
    const ok = await pay(10_000);
    const bad = await pay(20_000);
    fake.setTransferStatus(ok, 'success');
    fake.setTransferStatus(bad, 'failed');
    clock.set('2027-03-05T09:10:00Z');
    expect(await reconcilePendingPayouts(t.deps)).toEqual({ checked: 2, errors: 0 });
    const rows = await t.deps.db.select().from(payouts).where(eq(payouts.userId, provider.id));
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.status]))).toEqual({
      [ok]: 'success',
      [bad]: 'failed',
    });
    expect(
      await accountBalance(t.deps.db, { kind: 'provider_earnings', currencyCode: 'NGN', userId: provider.id }),
    ).toBe(85_000 - 10_000);
  });
});

describe('jobs of the domain', () => {
  it('lists reconciliation, the idempotency purge and the webhook-event purge', () => {
    expect(paymentJobs.map((job) => job.name)).toEqual([
      'reconcile-pending-payments',
      'reconcile-pending-payouts',
      'purge-idempotency-keys',
      'purge-webhook-events',
    ]);
  });

  it('purges Idempotency-Key answers older than a day', async () => {
    clock.set('2027-03-06T09:00:00Z');
    const user = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: { ...user.headers, 'idempotency-key': 'old-key' },
      payload: { amount: 50_000 },
    });
    expect(res.statusCode).toBe(200);
    clock.set('2027-03-07T09:00:01Z');
    expect(await purgeIdempotencyKeys(t.deps)).toBe(1);
    expect(await purgeIdempotencyKeys(t.deps)).toBe(0);
  });
});

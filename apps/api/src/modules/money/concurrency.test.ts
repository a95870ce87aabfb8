import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { type FakePaystack, startFakePaystack } from '../../../test/fake-paystack.ts';
import { testDriver } from '../../../test/test-database.ts';
import { ledgerTransactions, payments, payouts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { startCardPayment } from './card-payments.ts';
import { payFromWallet } from './escrow.ts';
import { accountBalance } from './ledger.ts';
import { auditLedger } from './ledger-audit.ts';
import { reconcilePendingPayments } from './reconcile.ts';
import { earn, fundWallet } from './test-helpers.ts';

/** Races need real connections: PostgreSQL only (TEST_DATABASE_URL). */
describe.runIf(testDriver === 'pg')('money under concurrency (PostgreSQL)', () => {
  const clock = fixedClock('2027-03-01T09:00:00Z');
  let fake: FakePaystack;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakePaystack();
    t = await buildTestApp({
      clock,
      config: { PAYMENT_GATEWAY: 'paystack', PAYSTACK_BASE_URL: fake.url, PAYSTACK_SECRET_KEY: fake.secretKey },
    });
  });
  afterAll(async () => {
    // test-database's close() ends the pool, then drops the database WITH (FORCE) while the last
    // of our 20 connections may still be saying goodbye; the server's "terminating connection"
    // then surfaces as an unhandled pool error. It is teardown noise, not a test result.
    (t.database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on(
      'error',
      () => {},
    );
    await t.close();
    await fake.close();
  });

  const clean = { unbalancedTransactions: [], mismatchedAccounts: [], negativeAccounts: [] };
  const shuffle = <T>(items: T[]) =>
    items
      .map((item) => ({ item, key: Math.random() }))
      .sort((a, b) => a.key - b.key)
      .map(({ item }) => item);

  it('lets exactly one of 20 concurrent spends through when the balance covers one', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.deps.db.transaction((tx) =>
          payFromWallet(tx, {
            userId: client.id,
            amountMinor: 10_000,
            currencyCode: 'NGN',
            reference: `booking:${randomUUID()}:payment`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(0);
    expect(await auditLedger(t.deps.db)).toEqual(clean);
  });

  it('pays out once when 20 payout requests race for the same earnings', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, provider.id, payer.id, 100_000); // 85,000 available
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
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/earnings/payouts',
          headers: provider.headers,
          payload: { amount: 85_000 },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.userId, provider.id))).toHaveLength(1);
    expect(
      await accountBalance(t.deps.db, { kind: 'provider_earnings', currencyCode: 'NGN', userId: provider.id }),
    ).toBe(0);
  });

  it('credits once when the same webhook arrives 5 times, shuffled with status polls', async () => {
    for (let round = 0; round < 8; round++) {
      const client = await createTestUser(t, { role: 'client' });
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/payment/wallet',
        headers: client.headers,
        payload: { amount: 500_000 },
      });
      const { reference } = start.json().payment;
      const delivery = fake.chargeEvent(fake.pay(reference));
      const calls = shuffle([
        ...Array.from(
          { length: 5 },
          () => () =>
            t.app.inject({
              method: 'POST',
              url: '/api/payment/webhook/paystack',
              headers: delivery.headers,
              payload: delivery.payload,
            }),
        ),
        ...Array.from(
          { length: 5 },
          () => () => t.app.inject({ url: `/api/payment/status/${reference}`, headers: client.headers }),
        ),
      ]);
      const responses = await Promise.all(calls.map((call) => call()));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
        500_000,
      );
      const posted = await t.deps.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `payment:${reference}`));
      expect(posted).toHaveLength(1);
    }
    expect(await auditLedger(t.deps.db)).toEqual(clean);
  });

  it('credits a bank transfer once when its notification races with itself', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Ngozi', lastName: 'Bello' });
    const { accountNumber } = (
      await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: client.headers })
    ).json();
    const delivery = fake.chargeEvent(fake.receiveTransfer(accountNumber, 300_000));
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook/paystack',
          headers: delivery.headers,
          payload: delivery.payload,
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
      300_000,
    );
  });

  it('starts one payment for concurrent top-ups with the same Idempotency-Key', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/wallet',
          headers: { ...client.headers, 'idempotency-key': 'same-key' },
          payload: { amount: 100_000 },
        }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    expect(new Set(ok.map((r) => r.json().payment.reference)).size).toBe(1);
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(1);
  });

  it('shares reconciliation between workers: every stale payment verified exactly once', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const references: string[] = [];
    for (let i = 0; i < 24; i++) {
      const answer = await startCardPayment(t.deps, {
        userId: client.id,
        amountMinor: 50_000,
        currencyCode: 'NGN',
        purpose: { type: 'top_up' },
      });
      references.push(answer.payment.reference);
    }
    for (const reference of references.slice(0, 12)) fake.pay(reference);
    await t.deps.db.execute(
      sql`UPDATE payments SET created_at = created_at - interval '10 minutes' WHERE user_id = ${client.id}`,
    );
    const verifiesBefore = fake.requests.filter((r) => r.path.startsWith('/transaction/verify/')).length;

    const results = await Promise.all(
      Array.from({ length: 4 }, () => reconcilePendingPayments(t.deps, { limit: 100 })),
    );
    expect(results.reduce((sum, r) => sum + r.checked, 0)).toBe(24);
    expect(results.reduce((sum, r) => sum + r.settled, 0)).toBe(12);
    const verifies = fake.requests.filter((r) => r.path.startsWith('/transaction/verify/')).length - verifiesBefore;
    expect(verifies).toBe(24);
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId: client.id })).toBe(
      12 * 50_000,
    );
    // Checked a moment ago: the next pass leaves them alone.
    expect((await reconcilePendingPayments(t.deps)).checked).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { auditLog, ledgerTransactions, payoutManualRecords, payouts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { accountBalance } from './ledger.ts';
import { auditLedger } from './ledger-audit.ts';
import { reconcilePendingPayouts } from './payouts.ts';
import { earn } from './test-helpers.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: {
      // GBP goes to Stripe, which pays out to no bank: GBP payouts are made by an operator.
      PAYMENT_GATEWAY_GBP: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      // Nothing listens here: a payout that asked Stripe anything would fail.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });
  admin = await createTestUser(t, { role: 'admin', firstName: 'Ada', lastName: 'Operator' });
  otherAdmin = await createTestUser(t, { role: 'admin', firstName: 'Bea', lastName: 'Second' });
});
afterAll(() => t.close());

const ukBank = {
  accountName: 'Harriet Jones',
  bankCode: '402030',
  bankName: 'Barclays',
  accountNumber: '12345678',
  address: '10 Downing Street',
  postalCode: 'SW1A 2AA',
  accountType: 'checking',
  accountOwnership: 'personal',
  dateOfBirth: '1980-05-17',
};

/** A UK provider with £45 of earnings and a bank account, who asks for `amount` to be paid out. */
async function ukPayout(amount = 3_000) {
  const provider = await createTestUser(t, { role: 'provider', countryCode: 'GB', timezone: 'Europe/London' });
  const payer = await createTestUser(t, { role: 'client', countryCode: 'GB', timezone: 'Europe/London' });
  await earn(t, provider.id, payer.id, 5_000, 'GBP');
  const bank = await t.app.inject({
    method: 'PUT',
    url: '/api/earnings/bank-account',
    headers: provider.headers,
    payload: ukBank,
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/earnings/payouts',
    headers: provider.headers,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { provider, payout: res.json() as { identifier: string; reference: string; status: string } };
}

const available = (user: TestUser) =>
  accountBalance(t.deps.db, { kind: 'provider_earnings', currencyCode: 'GBP', userId: user.id });
const list = (user: TestUser, query = '') =>
  t.app.inject({ url: `/api/admin/payouts/manual${query}`, headers: user.headers });
const markPaid = (user: TestUser, payoutId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/payouts/${payoutId}/paid`, headers: user.headers, payload });
const markFailed = (user: TestUser, payoutId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/payouts/${payoutId}/failed`, headers: user.headers, payload });
const payoutRow = async (id: string) => (await t.deps.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const recordOf = async (id: string) =>
  (await t.deps.db.select().from(payoutManualRecords).where(eq(payoutManualRecords.payoutId, id)))[0];

describe('a payout where the gateway pays out to no bank', () => {
  it('takes the earnings at once and waits, pending, for an operator, with no gateway call', async () => {
    const { provider, payout } = await ukPayout(3_000);
    expect(payout).toMatchObject({ status: 'pending', amount: 3_000, currencyCode: 'GBP' });
    expect(await available(provider)).toBe(4_250 - 3_000);
    expect(await payoutRow(payout.identifier)).toMatchObject({
      gateway: 'manual',
      status: 'pending',
      transferCode: null,
      destination: expect.objectContaining({ accountNumber: '12345678', bankCode: '402030', postalCode: 'SW1A 2AA' }),
    });
    // Reconciliation asks no gateway about it and leaves it pending.
    const reconciled = await reconcilePendingPayouts(t.deps, { minAgeMs: 0, recheckAfterMs: 0 });
    expect(reconciled.errors).toBe(0);
    expect(await payoutRow(payout.identifier)).toMatchObject({ status: 'pending' });
  });

  it('refuses more than is available, and nothing leaves', async () => {
    const { provider } = await ukPayout(1_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/payouts',
      headers: provider.headers,
      payload: { amount: 5_000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PAYOUT_EXCEEDS_AVAILABLE' });
    expect(await available(provider)).toBe(3_250);
  });
});

describe('GET /api/admin/payouts/manual', () => {
  it('lists the payouts awaiting a transfer, oldest first, with the bank details to send it to', async () => {
    const { provider, payout } = await ukPayout(2_000);
    const res = await list(admin, '?perPage=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const item = body.data.find((row: { identifier: string }) => row.identifier === payout.identifier);
    expect(item).toEqual({
      identifier: payout.identifier,
      reference: payout.reference,
      amount: 2_000,
      currencyCode: 'GBP',
      status: 'pending',
      createdAt: expect.any(String),
      provider: { identifier: provider.id, name: 'Test User', email: provider.email },
      bankAccount: {
        variant: 'GB',
        accountName: 'Harriet Jones',
        bankName: 'Barclays',
        bankCode: '402030',
        accountNumber: '12345678',
        address: '10 Downing Street',
        postalCode: 'SW1A 2AA',
        accountType: 'checking',
        accountOwnership: 'personal',
      },
      record: null,
    });
    const created = body.data.map((row: { createdAt: string }) => row.createdAt);
    expect(created).toEqual([...created].sort());
    expect(body.meta).toMatchObject({ page: 1, perPage: 100, total: body.data.length });
  });

  it('is for admins only: 401 signed out, 403 for providers and clients, 400 for a bad state', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const client = await createTestUser(t, { role: 'client' });
    expect((await t.app.inject({ url: '/api/admin/payouts/manual' })).statusCode).toBe(401);
    expect((await list(provider)).statusCode).toBe(403);
    expect((await list(client)).statusCode).toBe(403);
    expect((await markPaid(provider, crypto.randomUUID(), { bankReference: 'x' })).statusCode).toBe(403);
    expect((await markFailed(client, crypto.randomUUID(), { note: 'x' })).statusCode).toBe(403);
    expect((await list(admin, '?state=lost')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/payouts/:payoutId/paid', () => {
  it('records who paid it, when, and the bank reference; the payout is settled and leaves the list', async () => {
    const { provider, payout } = await ukPayout(2_500);
    const res = await markPaid(admin, payout.identifier, { bankReference: ' FPS-7781 ', note: 'Faster Payments' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      identifier: payout.identifier,
      status: 'success',
      record: {
        outcome: 'paid',
        bankReference: 'FPS-7781',
        note: 'Faster Payments',
        recordedBy: { identifier: admin.id, name: 'Ada Operator' },
        recordedAt: '2027-03-01T09:00:00.000Z',
      },
    });
    expect(await payoutRow(payout.identifier)).toMatchObject({
      status: 'success',
      transferCode: 'FPS-7781',
      settledAt: new Date('2027-03-01T09:00:00Z'),
    });
    expect(await recordOf(payout.identifier)).toMatchObject({ outcome: 'paid', recordedBy: admin.id });
    // An operator decision: audited (ids and amounts only), and the provider is told in the app.
    const trail = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, payout.identifier));
    expect(trail).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'payout.paid',
        targetType: 'payout',
        detail: { reference: payout.reference, amountMinor: 2_500, currencyCode: 'GBP' },
      }),
    ]);
    const told = await t.app.inject({ url: '/api/notifications', headers: provider.headers });
    expect(told.json().data).toContainEqual(
      expect.objectContaining({ kind: 'payout.paid', data: { amountMinor: 2_500, currencyCode: 'GBP' } }),
    );
    // The earnings stay paid out; the provider sees the payout succeed.
    expect(await available(provider)).toBe(4_250 - 2_500);
    const awaiting = (await list(admin, '?perPage=100'))
      .json()
      .data.map((row: { identifier: string }) => row.identifier);
    expect(awaiting).not.toContain(payout.identifier);
    const paid = (await list(admin, '?state=paid&perPage=100')).json().data;
    expect(paid[0]).toMatchObject({ identifier: payout.identifier, record: { outcome: 'paid' } });
  });

  it('records it once: a second operator gets 409 and the first record stands', async () => {
    const { payout } = await ukPayout(1_000);
    expect((await markPaid(admin, payout.identifier, { bankReference: 'FPS-1' })).statusCode).toBe(200);
    const again = await markPaid(otherAdmin, payout.identifier, { bankReference: 'FPS-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'PAYOUT_ALREADY_RECORDED', message: 'This payout has already been recorded' });
    const failed = await markFailed(otherAdmin, payout.identifier, { note: 'oops' });
    expect(failed.statusCode).toBe(409);
    expect(await recordOf(payout.identifier)).toMatchObject({ bankReference: 'FPS-1', recordedBy: admin.id });
    expect(await payoutRow(payout.identifier)).toMatchObject({ status: 'success' });
  });

  it('needs a bank reference (translated), and changes nothing without one', async () => {
    const { payout } = await ukPayout(1_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${payout.identifier}/paid`,
      headers: { ...admin.headers, 'x-language': 'de' },
      payload: { bankReference: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.bankReference).toHaveLength(1);
    expect(await payoutRow(payout.identifier)).toMatchObject({ status: 'pending' });
    expect(await recordOf(payout.identifier)).toBeUndefined();
  });

  it('answers 404 for an unknown payout and for one a gateway makes', async () => {
    expect((await markPaid(admin, crypto.randomUUID(), { bankReference: 'FPS-3' })).statusCode).toBe(404);
    // An NGN payout goes through the (sandbox) gateway: not the operator's to record.
    const provider = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, provider.id, payer.id, 500_000, 'NGN');
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
    const ngn = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/payouts',
      headers: provider.headers,
      payload: { amount: 100_000 },
    });
    expect(ngn.statusCode, ngn.body).toBe(200);
    expect((await payoutRow(ngn.json().identifier))?.gateway).toBe('sandbox');
    const res = await markPaid(admin, ngn.json().identifier, { bankReference: 'FPS-4' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('POST /api/admin/payouts/:payoutId/failed', () => {
  it('returns the earnings to the provider exactly once, with who, when and why', async () => {
    const { provider, payout } = await ukPayout(3_000);
    expect(await available(provider)).toBe(1_250);
    const res = await markFailed(admin, payout.identifier, { note: 'Account closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      record: { outcome: 'failed', bankReference: null, note: 'Account closed', recordedBy: { identifier: admin.id } },
    });
    expect(await available(provider)).toBe(4_250);
    expect(await payoutRow(payout.identifier)).toMatchObject({ status: 'failed', failureReason: 'Account closed' });
    const reversals = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payout-reversal:${payout.reference}`));
    expect(reversals).toHaveLength(1);
    expect((await markFailed(admin, payout.identifier, { note: 'again' })).statusCode).toBe(409);
    expect(await available(provider)).toBe(4_250);
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('needs a note saying why', async () => {
    const { payout } = await ukPayout(1_000);
    const res = await markFailed(admin, payout.identifier, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.note).toHaveLength(1);
    expect(await payoutRow(payout.identifier)).toMatchObject({ status: 'pending' });
  });
});

describe.runIf(testDriver === 'pg')('two operators at once (PostgreSQL)', () => {
  it('records one outcome: paid and failed racing on one payout leave one record and balanced books', async () => {
    for (let round = 0; round < 5; round++) {
      const { provider, payout } = await ukPayout(2_000);
      const [paid, failed] = await Promise.all([
        markPaid(admin, payout.identifier, { bankReference: `FPS-race-${round}` }),
        markFailed(otherAdmin, payout.identifier, { note: 'Bank refused' }),
      ]);
      expect([paid.statusCode, failed.statusCode].sort()).toEqual([200, 409]);
      const row = await payoutRow(payout.identifier);
      const record = await recordOf(payout.identifier);
      if (paid.statusCode === 200) {
        expect(row?.status).toBe('success');
        expect(record?.outcome).toBe('paid');
        expect(await available(provider)).toBe(2_250);
      } else {
        expect(row?.status).toBe('failed');
        expect(record?.outcome).toBe('failed');
        expect(await available(provider)).toBe(4_250);
      }
    }
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { commissionRates, payoutBankAccounts, payouts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { rawRows } from '../../platform/prepared.ts';
import { auditLedger } from './ledger-audit.ts';
import { earn } from './test-helpers.ts';

let t: TestApp;
let provider: TestUser;
let payer: TestUser;

const ngBank = {
  accountName: "Ada O'Neil-Obi, Jr.",
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456785',
};
const ukBank = {
  accountName: 'Harriet Jones',
  bankCode: '402030',
  bankName: 'Barclays',
  accountNumber: '12345678',
  address: '10 Downing Street, London',
  postalCode: 'SW1A 2AA',
  accountType: 'checking',
  accountOwnership: 'personal',
  dateOfBirth: '1980-05-17',
};

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-15T12:00:00Z') });
  provider = await createTestUser(t, { role: 'provider' });
  payer = await createTestUser(t, { role: 'client' });
  await earn(t, provider.id, payer.id, 1_000_000);
  await earn(t, provider.id, payer.id, 333_333);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const putBank = (user: TestUser, payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/earnings/bank-account',
    headers: { ...user.headers, 'x-language': language },
    payload,
  });
const payout = (user: TestUser, amount: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/earnings/payouts',
    headers: { ...user.headers, ...headers },
    payload: { amount },
  });

describe('GET /api/earnings', () => {
  it('answers available, earned net of a 15% commission (rounded half up), and the rate', async () => {
    const res = await get(provider, '/api/earnings');
    expect(res.statusCode).toBe(200);
    // 1,000,000 → 150,000 commission; 333,333 → 49,999.95 → 50,000 commission.
    expect(res.json()).toEqual({
      currency: 'NGN',
      available: 850_000 + 283_333,
      held: 0,
      heldItems: [],
      totalEarned: 850_000 + 283_333,
      totalCommission: 200_000,
      totalWithdrawn: 0,
      pendingPayouts: 0,
      thisMonthEarned: 850_000 + 283_333,
      commissionRate: 15,
    });
  });

  it('uses the commission rate configured for the provider country', async () => {
    await t.deps.db.insert(commissionRates).values({ countryCode: 'GB', rateBps: 1000 });
    const uk = await createTestUser(t, { role: 'provider', countryCode: 'GB' });
    const ukPayer = await createTestUser(t, { role: 'client', countryCode: 'GB' });
    await earn(t, uk.id, ukPayer.id, 5_000, 'GBP');
    const res = await get(uk, '/api/earnings');
    expect(res.json()).toMatchObject({ currency: 'GBP', available: 4_500, totalCommission: 500, commissionRate: 10 });
  });

  it('is for providers only', async () => {
    expect((await get(payer, '/api/earnings')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/earnings' })).statusCode).toBe(401);
    expect((await get(payer, '/api/earnings/history')).statusCode).toBe(403);
    expect((await get(payer, '/api/earnings/bank-account')).statusCode).toBe(403);
    expect((await payout(payer, 100)).statusCode).toBe(403);
  });
});

describe('GET /api/earnings/history', () => {
  it('lists earnings newest first with gross amount and commission', async () => {
    const res = await get(provider, '/api/earnings/history');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, perPage: 20, total: 2, totalPages: 1 });
    expect(body.data[0]).toMatchObject({
      type: 'earning',
      direction: 'credit',
      amount: 283_333,
      grossAmount: 333_333,
      commission: 50_000,
      payoutStatus: null,
      title: 'Session earning',
      balanceAfter: 1_133_333,
    });
  });
});

describe('payout bank account', () => {
  it('answers 404 before one is saved', async () => {
    const fresh = await createTestUser(t, { role: 'provider' });
    const res = await get(fresh, '/api/earnings/bank-account');
    expect(res.statusCode).toBe(404);
  });

  it('saves the Nigerian details and answers them back', async () => {
    const res = await putBank(provider, ngBank);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...ngBank,
      address: null,
      postalCode: null,
      accountType: null,
      accountOwnership: null,
      dateOfBirth: null,
      variant: 'NG',
      updatedAt: '2027-03-15T12:00:00.000Z',
    });
    expect((await get(provider, '/api/earnings/bank-account')).json()).toEqual(res.json());
  });

  it('checks the Nigerian rules with their messages and keeps the saved account', async () => {
    const res = await putBank(provider, {
      accountName: 'Ada 2',
      bankCode: '05a',
      bankName: 'GT',
      accountNumber: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      accountName: ['Account name must be 3-32 letters, spaces, hyphens, commas, apostrophes or periods'],
      bankCode: ['Choose your bank from the list'],
      accountNumber: ['Account number must be the 10-digit NUBAN'],
    });
    expect(res.json().message).toContain('Account name must be 3-32 letters');
    const missing = await putBank(provider, {});
    expect(missing.json().fieldErrors).toEqual({
      accountName: ['This field is required'],
      bankCode: ['This field is required'],
      accountNumber: ['This field is required'],
    });
    const [row] = await t.deps.db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, provider.id));
    expect(row).toMatchObject({ accountNumber: '0123456785', bankName: 'Guaranty Trust Bank' });
  });

  it('requires address, postal code, account type, ownership and date of birth in the UK', async () => {
    const uk = await createTestUser(t, { role: 'provider', countryCode: 'GB' });
    const partial = await putBank(uk, {
      accountName: 'Harriet Jones',
      bankCode: '402030',
      bankName: 'Barclays',
      accountNumber: '12345678',
      address: 'Flat',
      postalCode: 'SW1A 2AA 12345',
      accountType: 'current',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fieldErrors).toEqual({
      address: ['Address must be 5-100 characters'],
      postalCode: ['Postal code must be 3-10 characters'],
      accountType: ['Choose checking or savings'],
      accountOwnership: ['Choose business or personal'],
      dateOfBirth: ['This field is required'],
    });
    const future = await putBank(uk, { ...ukBank, dateOfBirth: '2030-01-01' });
    expect(future.json().fieldErrors).toEqual({ dateOfBirth: ['Enter a valid date of birth'] });
    const ok = await putBank(uk, ukBank);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ...ukBank, variant: 'GB' });
  });

  it('uses the US rules: a real name (apostrophes too); the routing number', async () => {
    const us = await createTestUser(t, { role: 'provider', countryCode: 'US' });
    const res = await putBank(us, { ...ukBank, accountName: 'R2-D2 <Inc>', bankCode: 'ABC' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      accountName: ['Account name must be 3-32 letters, spaces, hyphens, commas, apostrophes or periods'],
      bankCode: ['Routine Number must be 9 digits'],
    });
    const ok = await putBank(us, { ...ukBank, accountName: "Maya O'Patel", bankCode: '021000021' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ variant: 'US', accountName: "Maya O'Patel", bankCode: '021000021' });
    const [row] = await t.deps.db.select().from(payoutBankAccounts).where(eq(payoutBankAccounts.userId, us.id));
    expect(row?.accountName).toBe("Maya O'Patel");
  });

  it('words the messages in German', async () => {
    const res = await putBank(provider, { ...ngBank, accountNumber: 'x' }, 'de');
    expect(res.json().fieldErrors.accountNumber).toEqual(['Die Kontonummer muss die 10-stellige NUBAN sein']);
  });
});

describe('POST /api/earnings/payouts (sandbox)', () => {
  it('refuses a payout before a bank account is saved', async () => {
    const fresh = await createTestUser(t, { role: 'provider' });
    await earn(t, fresh.id, payer.id, 10_000);
    const res = await payout(fresh, 1_000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PAYOUT_BANK_ACCOUNT_REQUIRED',
      message: 'Add a bank account before requesting a payout',
    });
  });

  it('refuses more than the available earnings and bad amounts, moving nothing', async () => {
    await putBank(provider, ngBank);
    const before = (await get(provider, '/api/earnings')).json().available;
    const res = await payout(provider, before + 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PAYOUT_EXCEEDS_AVAILABLE',
      message: 'The amount is more than your available earnings',
    });
    for (const amount of [0, -5, 1.5, '100']) expect((await payout(provider, amount)).statusCode).toBe(400);
    expect((await get(provider, '/api/earnings')).json().available).toBe(before);
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.userId, provider.id))).toHaveLength(0);
  });

  it('settles at once in the sandbox and shows in the history with its status', async () => {
    const before = (await get(provider, '/api/earnings')).json();
    const res = await payout(provider, 100_000);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 100_000, currencyCode: 'NGN', status: 'success' });
    const after = (await get(provider, '/api/earnings')).json();
    expect(after).toMatchObject({
      available: before.available - 100_000,
      totalWithdrawn: 100_000,
      pendingPayouts: 0,
      totalEarned: before.totalEarned,
    });
    const history = (await get(provider, '/api/earnings/history')).json();
    expect(history.data[0]).toMatchObject({
      type: 'payout',
      direction: 'debit',
      amount: 100_000,
      payoutStatus: 'success',
      title: 'Payout to your bank',
    });
  });

  it('pays out once for a repeated Idempotency-Key', async () => {
    const before = (await get(provider, '/api/earnings')).json().available;
    const first = await payout(provider, 5_000, { 'idempotency-key': 'payout-1' });
    const second = await payout(provider, 5_000, { 'idempotency-key': 'payout-1' });
    expect(second.json()).toEqual(first.json());
    expect((await get(provider, '/api/earnings')).json().available).toBe(before - 5_000);
  });

  it('can withdraw everything, never more', async () => {
    const { available } = (await get(provider, '/api/earnings')).json();
    expect((await payout(provider, available)).statusCode).toBe(200);
    expect((await payout(provider, 1)).statusCode).toBe(409);
    expect((await get(provider, '/api/earnings')).json().available).toBe(0);
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });
});

describe('the ledger’s lookup by booking', () => {
  it('has statistics on its expression, which the partial index’s own do not give the planner', async () => {
    const rows = await rawRows<{ expression: string }>(
      t.deps.db,
      sql`SELECT pg_get_statisticsobjdef_expressions(oid)::text AS expression
            FROM pg_statistic_ext WHERE stxrelid = 'ledger_transactions'::regclass`,
    );
    expect(rows.map((row) => row.expression)).toContainEqual(expect.stringContaining("metadata ->> 'bookingId'"));
  });
});

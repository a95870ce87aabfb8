import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { ledgerEntries, ledgerTransactions, payments } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { fixedClock } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { createDomainEvents, type PaymentSucceededEvent, type PaymentSucceededHandler } from '../../platform/events.ts';
import { startCardPayment } from './card-payments.ts';
import { creditEarning, payFromWallet, refundToWallet } from './escrow.ts';
import { accountBalance, escrowBalance } from './ledger.ts';
import { auditLedger } from './ledger-audit.ts';
import { decideSandboxPayment } from './sandbox-payments.ts';
import { fundWallet } from './test-helpers.ts';

let t: TestApp;
let client: TestUser;
let provider: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  client = await createTestUser(t, { role: 'client' });
  provider = await createTestUser(t, { role: 'provider' });
});
afterAll(() => t.close());

const wallet = (userId: string) => accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'NGN', userId });
const escrow = () => escrowBalance(t.deps.db, 'NGN');
const earnings = (userId: string) =>
  accountBalance(t.deps.db, { kind: 'provider_earnings', currencyCode: 'NGN', userId });

describe('payFromWallet', () => {
  it('moves money from the wallet into booking escrow', async () => {
    await fundWallet(t, client.id, 100_000);
    const escrowBefore = await escrow();
    const posted = await t.deps.db.transaction((tx) =>
      payFromWallet(tx, {
        userId: client.id,
        amountMinor: 60_000,
        currencyCode: 'NGN',
        reference: 'booking:p1:payment',
      }),
    );
    expect(posted.applied).toBe(true);
    expect(await wallet(client.id)).toBe(40_000);
    expect(await escrow()).toBe(escrowBefore + 60_000);
  });

  it('is idempotent by reference', async () => {
    const again = await t.deps.db.transaction((tx) =>
      payFromWallet(tx, {
        userId: client.id,
        amountMinor: 60_000,
        currencyCode: 'NGN',
        reference: 'booking:p1:payment',
      }),
    );
    expect(again.applied).toBe(false);
    expect(await wallet(client.id)).toBe(40_000);
  });

  it('throws INSUFFICIENT_FUNDS when short, writes nothing and leaves the transaction usable', async () => {
    const countBefore = (await t.deps.db.select().from(ledgerTransactions)).length;
    const result = await t.deps.db.transaction(async (tx) => {
      const error = await payFromWallet(tx, {
        userId: client.id,
        amountMinor: 40_001,
        currencyCode: 'NGN',
        reference: 'booking:p2:payment',
      }).catch((caught: unknown) => caught);
      // The caller's transaction continues after the refusal.
      const [{ one }] = ((await tx.execute(sql`SELECT 1 AS one`)) as unknown as { rows: [{ one: number }] }).rows;
      return { error, one };
    });
    expect(result.error).toBeInstanceOf(AppError);
    expect((result.error as AppError).code).toBe('INSUFFICIENT_FUNDS');
    expect((result.error as AppError).status).toBe(409);
    expect(result.one).toBe(1);
    expect(await wallet(client.id)).toBe(40_000);
    expect((await t.deps.db.select().from(ledgerTransactions)).length).toBe(countBefore);
  });

  it('refuses a wallet that was never funded', async () => {
    const empty = await createTestUser(t, { role: 'client' });
    await expect(
      t.deps.db.transaction((tx) =>
        payFromWallet(tx, { userId: empty.id, amountMinor: 1, currencyCode: 'NGN', reference: `x:${randomUUID()}` }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('refundToWallet and creditEarning', () => {
  it('refunds escrowed money to the client', async () => {
    await t.deps.db.transaction((tx) =>
      refundToWallet(tx, {
        userId: client.id,
        amountMinor: 60_000,
        currencyCode: 'NGN',
        reference: 'booking:p1:refund',
      }),
    );
    expect(await wallet(client.id)).toBe(100_000);
  });

  it('pays the provider the price minus 15% and the platform the commission', async () => {
    await t.deps.db.transaction((tx) =>
      payFromWallet(tx, {
        userId: client.id,
        amountMinor: 100_000,
        currencyCode: 'NGN',
        reference: 'booking:p3:payment',
      }),
    );
    const result = await t.deps.db.transaction((tx) =>
      creditEarning(tx, {
        providerId: provider.id,
        grossMinor: 100_000,
        currencyCode: 'NGN',
        reference: 'booking:p3:earning',
      }),
    );
    expect(result).toMatchObject({ applied: true, netMinor: 85_000, commissionMinor: 15_000 });
    expect(await earnings(provider.id)).toBe(85_000);
    expect(await accountBalance(t.deps.db, { kind: 'platform_commission', currencyCode: 'NGN' })).toBe(15_000);
    const again = await t.deps.db.transaction((tx) =>
      creditEarning(tx, {
        providerId: provider.id,
        grossMinor: 100_000,
        currencyCode: 'NGN',
        reference: 'booking:p3:earning',
      }),
    );
    expect(again.applied).toBe(false);
    expect(await earnings(provider.id)).toBe(85_000);
  });

  it('never lets escrow go below zero', async () => {
    const escrowNow = await escrow();
    await expect(
      t.deps.db.transaction((tx) =>
        refundToWallet(tx, {
          userId: client.id,
          amountMinor: escrowNow + 1,
          currencyCode: 'NGN',
          reference: `booking:${randomUUID()}:refund`,
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });
});

describe('the ledger in the database', () => {
  it('refuses entries that do not balance their transaction (statement trigger)', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(ledgerTransactions)
          .values({ type: 'top_up', reference: `bad:${randomUUID()}` })
          .returning();
        const [account] = (
          (await tx.execute(sql`SELECT id FROM ledger_accounts WHERE kind = 'booking_escrow' LIMIT 1`)) as unknown as {
            rows: [{ id: string }];
          }
        ).rows;
        await tx.insert(ledgerEntries).values({
          transactionId: created?.id as string,
          accountId: account.id,
          transactionType: 'top_up',
          amountMinor: 5,
          balanceAfterMinor: 5,
          createdAt: new Date(),
        });
      }),
    ).rejects.toThrow();
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('refuses an entry added later to a transaction that balanced', async () => {
    const [entry] = await t.deps.db.select().from(ledgerEntries).limit(1);
    await expect(
      t.deps.db.insert(ledgerEntries).values({
        transactionId: entry?.transactionId as string,
        accountId: entry?.accountId as string,
        transactionType: entry?.transactionType ?? 'top_up',
        amountMinor: 1,
        balanceAfterMinor: 1,
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('refuses to update or delete entries and transactions', async () => {
    await expect(t.deps.db.update(ledgerEntries).set({ amountMinor: 1 })).rejects.toThrow();
    await expect(t.deps.db.delete(ledgerEntries)).rejects.toThrow();
    await expect(t.deps.db.delete(ledgerTransactions)).rejects.toThrow();
    await expect(t.deps.db.update(ledgerTransactions).set({ description: 'edited' })).rejects.toThrow();
  });

  it('refuses a negative user balance even written directly', async () => {
    await expect(
      t.deps.db.execute(sql`UPDATE ledger_accounts SET balance_minor = -1 WHERE kind = 'client_wallet'`),
    ).rejects.toThrow();
  });
});

describe('card payment for a booking', () => {
  const events: PaymentSucceededEvent[] = [];
  // The reaction to a booking's card payment is the test's (app.ts wires bookings' own).
  let bookingHandler: PaymentSucceededHandler | undefined;
  const withHandler = (): AppDeps => ({
    ...t.deps,
    events: createDomainEvents({
      paymentSucceeded: bookingHandler ? { booking: bookingHandler } : {},
      accountDeleting: [],
    }),
  });
  afterEach(() => {
    bookingHandler = undefined;
    events.length = 0;
  });

  async function payByCard(bookingId: string, amountMinor: number) {
    const answer = await startCardPayment(t.deps, {
      userId: client.id,
      amountMinor,
      currencyCode: 'NGN',
      purpose: { type: 'booking', id: bookingId },
      callbackUrl: `/payment/${bookingId}/`,
    });
    expect(answer).toMatchObject({
      payment: { status: 'pending' },
      metadata: { authorizationUrl: expect.any(String) },
    });
    // The sandbox checkout's Approve (POST /api/sandbox/payments/:reference/approve), with the test's reaction.
    await decideSandboxPayment(withHandler(), { reference: answer.payment.reference, decision: 'approve' });
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.reference, answer.payment.reference));
    return row;
  }

  it('moves the money straight into escrow in the same transaction as the booking reaction', async () => {
    bookingHandler = async (tx, event) => {
      // Inside the settling transaction: the payment already reads as successful here.
      const [row] = await tx.select().from(payments).where(eq(payments.id, event.paymentId));
      expect(row?.status).toBe('success');
      events.push(event);
    };
    const bookingId = randomUUID();
    const walletBefore = await wallet(client.id);
    const escrowBefore = await escrow();
    const payment = await payByCard(bookingId, 50_000);
    expect(payment).toMatchObject({ status: 'success', creditedTo: 'booking', purposeId: bookingId });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      purposeId: bookingId,
      amountMinor: 50_000,
      currencyCode: 'NGN',
      userId: client.id,
    });
    expect(await escrow()).toBe(escrowBefore + 50_000);
    expect(await wallet(client.id)).toBe(walletBefore);
    const [posted] = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, payment?.ledgerTransactionId as string));
    expect(posted).toMatchObject({ type: 'booking_payment', metadata: { bookingId, channel: 'card' } });
  });

  it('puts the money in the wallet when the booking can no longer take it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    bookingHandler = async () => {
      throw new AppError('CONFLICT');
    };
    const walletBefore = await wallet(client.id);
    const escrowBefore = await escrow();
    const payment = await payByCard(randomUUID(), 70_000);
    warn.mockRestore();
    expect(payment).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    expect(await wallet(client.id)).toBe(walletBefore + 70_000);
    expect(await escrow()).toBe(escrowBefore);
    const res = await t.app.inject({ url: `/api/payment/status/${payment?.reference}`, headers: client.headers });
    expect(res.json()).toMatchObject({ status: 'success', purpose: 'booking', creditedTo: 'wallet' });
    const list = (await t.app.inject({ url: '/api/wallet/transactions', headers: client.headers })).json();
    expect(list.data[0]).toMatchObject({ type: 'top_up', amount: 70_000, title: 'Card payment kept in your wallet' });
  });

  it('puts the money in the wallet when no module handles bookings', async () => {
    const walletBefore = await wallet(client.id);
    const payment = await payByCard(randomUUID(), 30_000);
    expect(payment).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    expect(await wallet(client.id)).toBe(walletBefore + 30_000);
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });
});

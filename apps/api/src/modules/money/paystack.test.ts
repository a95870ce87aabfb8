import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { type FakePaystack, signPaystack, startFakePaystack } from '../../../test/fake-paystack.ts';
import { emails, ledgerTransactions, payments, payouts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { issueQueuedDocuments } from '../documents/issue.ts';
import { auditLedger } from './ledger-audit.ts';
import { earn } from './test-helpers.ts';

let fake: FakePaystack;
let t: TestApp;
let client: TestUser;

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await buildTestApp({
    clock: fixedClock('2027-03-01T09:00:00Z'),
    config: {
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_BASE_URL: fake.url,
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PUBLIC_URL: 'https://app.example.test',
    },
  });
  client = await createTestUser(t, { role: 'client' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.transferStatusOnCreate = 'pending';
});

const webhook = (delivery: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paystack',
    headers: delivery.headers,
    payload: delivery.payload,
  });

async function startTopUp(user: TestUser, amount = 500_000): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/wallet',
    headers: user.headers,
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  return res.json().payment.reference;
}

const balance = async (user: TestUser) =>
  (await t.app.inject({ url: '/api/wallet/balance', headers: user.headers })).json().balance;
const paymentRow = async (reference: string) =>
  (await t.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0];
const verifyCalls = (reference: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/transaction/verify/${reference}`).length;

describe('card top-up through Paystack', () => {
  it('initializes the transaction at Paystack with amount, currency, reference and an absolute callback', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: client.headers,
      payload: { amount: 500_000, callbackUrl: '/de/wallet/' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metadata.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.test\//);
    const init = fake.requests.find(
      (r) => r.path === '/transaction/initialize' && r.body?.reference === body.payment.reference,
    );
    expect(init?.body).toMatchObject({
      email: client.email,
      amount: 500_000,
      currency: 'NGN',
      callback_url: 'https://app.example.test/de/wallet/',
    });
    expect(await paymentRow(body.payment.reference)).toMatchObject({ gateway: 'paystack', status: 'pending' });
  });

  it('refuses currencies Paystack does not settle (GBP) and records nothing', async () => {
    const uk = await createTestUser(t, { role: 'client', countryCode: 'GB' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: uk.headers,
      payload: { amount: 1_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'PAYMENT_CURRENCY_UNSUPPORTED',
      message: 'Payments in GBP are not available yet',
    });
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, uk.id))).toHaveLength(0);
  });

  it('answers 503 and fails the payment when Paystack cannot initialize', async () => {
    fake.failNext(/^\/transaction\/initialize$/, 500, 'Gateway down');
    const user = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: user.headers,
      payload: { amount: 500_000 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(row).toMatchObject({ status: 'failed' });
  });

  it('stays pending while unpaid and credits once when the status poll finds it paid', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const poll = () => t.app.inject({ url: `/api/payment/status/${reference}`, headers: user.headers });
    expect((await poll()).json().status).toBe('pending');
    fake.pay(reference);
    expect((await poll()).json()).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    expect((await poll()).json().status).toBe('success');
    expect(await balance(user)).toBe(500_000);
  });

  it('credits on a signed charge.success webhook only after verifying it with Paystack', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user, 750_000);
    const paid = fake.pay(reference);
    const before = verifyCalls(reference);
    const res = await webhook(fake.chargeEvent(paid));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(verifyCalls(reference)).toBe(before + 1);
    expect(await balance(user)).toBe(750_000);
    expect(await paymentRow(reference)).toMatchObject({ status: 'success', creditedTo: 'wallet' });
  });

  it('credits once however many times the webhook and the poll arrive, in any order', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user, 600_000);
    const paid = fake.pay(reference);
    const poll = () => t.app.inject({ url: `/api/payment/status/${reference}`, headers: user.headers });
    for (const step of [poll, () => webhook(fake.chargeEvent(paid)), poll, () => webhook(fake.chargeEvent(paid))]) {
      expect((await step()).statusCode).toBe(200);
    }
    expect(await balance(user)).toBe(600_000);
    const posted = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment:${reference}`));
    expect(posted).toHaveLength(1);
  });

  it('gives nothing for a signed event Paystack does not confirm (still unpaid)', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const unpaid = fake.transactions.get(reference);
    if (!unpaid) throw new Error('no fake transaction');
    const res = await webhook(
      fake.webhook('charge.success', { reference, amount: 500_000, currency: 'NGN', status: 'success' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await balance(user)).toBe(0);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
  });

  it('gives nothing when the verified amount or currency differs from the payment', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user, 500_000);
    const paid = fake.pay(reference, { amount: 100 });
    await webhook(fake.chargeEvent(paid));
    expect(await balance(user)).toBe(0);
    expect(await paymentRow(reference)).toMatchObject({ status: 'failed', failureReason: 'verification_mismatch' });

    const other = await startTopUp(user, 500_000);
    await webhook(fake.chargeEvent(fake.pay(other, { currency: 'USD' })));
    expect(await balance(user)).toBe(0);
  });

  it('marks a declined charge failed', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    fake.pay(reference, { status: 'failed' });
    const res = await t.app.inject({ url: `/api/payment/status/${reference}`, headers: user.headers });
    expect(res.json().status).toBe('failed');
    expect(await balance(user)).toBe(0);
  });

  it('answers 503 when Paystack cannot be asked, so Paystack retries; the retry credits', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const paid = fake.pay(reference);
    fake.failNext(/^\/transaction\/verify\//, 502, 'Bad gateway');
    const first = await webhook(fake.chargeEvent(paid));
    expect(first.statusCode).toBe(503);
    expect(first.json().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    expect((await webhook(fake.chargeEvent(paid))).statusCode).toBe(200);
    expect(await balance(user)).toBe(500_000);
  });

  it('keeps a payment pending when the status poll cannot reach Paystack', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    fake.failNext(/^\/transaction\/verify\//, 500);
    const res = await t.app.inject({ url: `/api/payment/status/${reference}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
  });
});

describe('webhook signature', () => {
  it('refuses a missing, wrong or foreign signature with 401 and changes nothing', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const delivery = fake.chargeEvent(fake.pay(reference));
    const attempts: Record<string, string>[] = [
      { ...delivery.headers, 'x-paystack-signature': '' },
      { 'content-type': 'application/json' },
      { ...delivery.headers, 'x-paystack-signature': signPaystack('sk_test_someone_else', delivery.payload) },
      { ...delivery.headers, 'x-paystack-signature': delivery.headers['x-paystack-signature']?.toUpperCase() ?? '' },
      { ...delivery.headers, 'x-paystack-signature': 'zz' },
    ];
    const before = verifyCalls(reference);
    for (const headers of attempts) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/paystack',
        headers,
        payload: delivery.payload,
      });
      if (headers['x-paystack-signature'] === delivery.headers['x-paystack-signature']?.toUpperCase()) {
        // Hex is case-insensitive: the same signature in capitals is the same signature.
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'PAYMENT_WEBHOOK_SIGNATURE_INVALID', message: 'Invalid webhook signature' });
    }
    const tampered = delivery.payload.replace('"amount":500000', '"amount":900000');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paystack',
      headers: delivery.headers,
      payload: tampered,
    });
    expect(res.statusCode).toBe(401);
    expect(verifyCalls(reference)).toBe(before + 1);
  });

  it('answers 404 for a gateway we do not have, and the sandbox (which sends none) refuses webhooks', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const delivery = fake.chargeEvent(fake.pay(reference));
    const before = verifyCalls(reference);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/adyen',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/sandbox',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(sandbox.statusCode).toBe(401);
    expect(sandbox.json()).toEqual({ code: 'PAYMENT_WEBHOOK_SIGNATURE_INVALID', message: 'Invalid webhook signature' });
    expect(verifyCalls(reference)).toBe(before);
    expect((await paymentRow(reference))?.status).toBe('pending');
  });

  it('accepts none of 1,000 forged webhooks', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const reference = await startTopUp(user);
    const paid = fake.pay(reference);
    const genuine = fake.chargeEvent(paid);
    const ledgerBefore = (await t.deps.db.select().from(ledgerTransactions)).length;
    const verifyBefore = fake.requests.length;
    let accepted = 0;
    for (let i = 0; i < 1_000; i++) {
      const kind = i % 4;
      const payload =
        kind === 0
          ? genuine.payload
          : JSON.stringify({
              event: 'charge.success',
              data: { reference, amount: 500_000 + i, nonce: randomBytes(4).toString('hex') },
            });
      const signature =
        kind === 0
          ? randomBytes(64).toString('hex')
          : kind === 1
            ? signPaystack(`sk_live_guess_${i}`, payload)
            : kind === 2
              ? genuine.headers['x-paystack-signature']
              : '';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/paystack',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? '' },
        payload,
      });
      if (res.statusCode !== 401) accepted++;
    }
    expect(accepted).toBe(0);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    expect(await balance(user)).toBe(0);
    expect((await t.deps.db.select().from(ledgerTransactions)).length).toBe(ledgerBefore);
    expect(fake.requests.length).toBe(verifyBefore);
  });

  it('refuses webhooks when no secret key is configured', async () => {
    const noSecret = await buildTestApp({ config: { PAYMENT_GATEWAY: 'sandbox' } });
    try {
      const delivery = fake.webhook('charge.success', { reference: 'x' });
      const res = await noSecret.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/paystack',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await noSecret.close();
    }
  });
});

describe('bank transfer into a Paystack dedicated account', () => {
  it('creates the customer and dedicated account at Paystack', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Ngozi', lastName: 'Bello' });
    const res = await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bankName: 'Wema Bank',
      accountNumber: expect.stringMatching(/^\d{10}$/),
      accountName: 'THERAPYHUB/NGOZI BELLO',
    });
    const dedicated = fake.requests.filter((r) => r.path === '/dedicated_account');
    expect(dedicated.at(-1)?.body).toMatchObject({
      preferred_bank: 'wema-bank',
      customer: expect.stringMatching(/^CUS_/),
    });
  });

  it('credits the wallet once per Paystack reference, verified, and emails the owner', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Ngozi', lastName: 'Bello' });
    const { accountNumber } = (
      await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: user.headers })
    ).json();
    const incoming = fake.receiveTransfer(accountNumber, 1_200_000);
    for (let i = 0; i < 3; i++) expect((await webhook(fake.chargeEvent(incoming))).statusCode).toBe(200);
    expect(await balance(user)).toBe(1_200_000);
    // The email leaves with the receipt, which the documents job issues a moment later.
    await issueQueuedDocuments(t.deps);
    const sent = await t.deps.db.select().from(emails).where(eq(emails.to, user.email.toLowerCase()));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.attachments).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Your wallet has been topped up');
    expect(verifyCalls(incoming.reference)).toBe(3);
  });

  it('ignores a signed transfer event Paystack does not know', async () => {
    const user = await createTestUser(t, { role: 'client', firstName: 'Ngozi', lastName: 'Bello' });
    await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers: user.headers });
    const res = await webhook(
      fake.webhook('charge.success', { reference: '999999999999', channel: 'dedicated_nuban', amount: 5_000_000 }),
    );
    expect(res.statusCode).toBe(200);
    expect(await balance(user)).toBe(0);
  });
});

describe('payouts through Paystack transfers', () => {
  let provider: TestUser;
  const bank = {
    accountName: 'Amaka Obi',
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456785',
  };

  beforeAll(async () => {
    provider = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, provider.id, payer.id, 2_000_000); // 1,700,000 net at 15%
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/bank-account',
      headers: provider.headers,
      payload: bank,
    });
    expect(res.statusCode).toBe(200);
  });

  const available = async () =>
    (await t.app.inject({ url: '/api/earnings', headers: provider.headers })).json().available;
  const payout = (amount: number) =>
    t.app.inject({ method: 'POST', url: '/api/earnings/payouts', headers: provider.headers, payload: { amount } });

  it('creates a recipient once, sends a pending transfer and settles it on transfer.success', async () => {
    expect(await available()).toBe(1_700_000);
    const res = await payout(200_000);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ amount: 200_000, currencyCode: 'NGN', status: 'pending' });
    expect(body.reference).toMatch(/^po-[0-9a-f]{32}$/);
    expect(await available()).toBe(1_500_000);
    const recipient = fake.requests.filter((r) => r.path === '/transferrecipient');
    expect(recipient.at(-1)?.body).toMatchObject({
      type: 'nuban',
      account_number: '0123456785',
      bank_code: '058',
      currency: 'NGN',
    });
    expect(fake.transfers.get(body.reference)).toMatchObject({ amount: 200_000, currency: 'NGN' });

    fake.setTransferStatus(body.reference, 'success');
    expect((await webhook(fake.transferEvent('transfer.success', body.reference))).statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.reference, body.reference));
    expect(row).toMatchObject({ status: 'success', reversalTransactionId: null });
    expect(await available()).toBe(1_500_000);

    const recipientsBefore = fake.requests.filter((r) => r.path === '/transferrecipient').length;
    await payout(1_000);
    expect(fake.requests.filter((r) => r.path === '/transferrecipient').length).toBe(recipientsBefore);
  });

  it('restores the earning exactly once when the transfer fails, however often Paystack says so', async () => {
    const before = await available();
    const body = (await payout(300_000)).json();
    expect(await available()).toBe(before - 300_000);
    fake.setTransferStatus(body.reference, 'failed');
    for (const event of ['transfer.failed', 'transfer.failed', 'transfer.reversed']) {
      expect((await webhook(fake.transferEvent(event, body.reference))).statusCode).toBe(200);
    }
    expect(await available()).toBe(before);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.reference, body.reference));
    expect(row).toMatchObject({ status: 'failed' });
    const reversals = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payout-reversal:${body.reference}`));
    expect(reversals).toHaveLength(1);
  });

  it('restores a settled payout once when the bank reverses it', async () => {
    const before = await available();
    const body = (await payout(100_000)).json();
    fake.setTransferStatus(body.reference, 'success');
    await webhook(fake.transferEvent('transfer.success', body.reference));
    fake.setTransferStatus(body.reference, 'reversed');
    await webhook(fake.transferEvent('transfer.reversed', body.reference));
    await webhook(fake.transferEvent('transfer.reversed', body.reference));
    expect(await available()).toBe(before);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.reference, body.reference));
    expect(row).toMatchObject({ status: 'reversed' });
  });

  it('ignores a transfer event whose transfer Paystack reports as still pending', async () => {
    const before = await available();
    const body = (await payout(50_000)).json();
    await webhook(fake.transferEvent('transfer.failed', body.reference));
    expect(await available()).toBe(before - 50_000);
    const [row] = await t.deps.db.select().from(payouts).where(eq(payouts.reference, body.reference));
    expect(row?.status).toBe('pending');
  });

  it('puts the money back at once when Paystack refuses the transfer', async () => {
    const before = await available();
    fake.failNext(/^\/transfer$/, 400, 'Your balance is not enough to fulfil this request');
    const res = await payout(10_000);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('failed');
    expect(await available()).toBe(before);
  });

  it('refuses bank details Paystack cannot resolve, moving no money', async () => {
    const other = await createTestUser(t, { role: 'provider' });
    const payer = await createTestUser(t, { role: 'client' });
    await earn(t, other.id, payer.id, 100_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/bank-account',
      headers: other.headers,
      payload: { ...bank, bankCode: '044', accountNumber: '0000000000' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/payouts',
      headers: other.headers,
      payload: { amount: 10_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYOUT_BANK_ACCOUNT_REJECTED');
    expect(await t.deps.db.select().from(payouts).where(eq(payouts.userId, other.id))).toHaveLength(0);
  });

  it('leaves the ledger balanced', async () => {
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });
});

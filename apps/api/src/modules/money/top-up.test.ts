import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { ledgerAccounts, ledgerTransactions, payments, sandboxCharges } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { DEFAULT_RATE_LIMITS } from '../../platform/rate-limits.ts';
import { auditLedger } from './ledger-audit.ts';

let t: TestApp;
let client: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  client = await createTestUser(t, { role: 'client' });
});
afterAll(() => t.close());

async function topUp(user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}, app = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/payment/wallet',
    headers: { ...user.headers, ...headers },
    payload: body,
  });
}

async function balanceOf(user: TestUser) {
  return (await t.app.inject({ url: '/api/wallet/balance', headers: user.headers })).json();
}

describe('card top-up with the sandbox gateway', () => {
  it('refuses less than 500 NGN with the SPEC message and creates no payment', async () => {
    const res = await topUp(client, { amount: 49_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Minimum topup amount is 500 NGN',
      fieldErrors: { amount: ['Minimum topup amount is 500 NGN'] },
    });
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, client.id))).toHaveLength(0);
  });

  it('words the minimum in the wallet currency and the request language: 5 GBP, in German', async () => {
    const uk = await createTestUser(t, { role: 'client', countryCode: 'GB' });
    const res = await topUp(uk, { amount: 499 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Minimum topup amount is 5 GBP');
    const de = await topUp(uk, { amount: 499 }, { 'x-language': 'de' });
    expect(de.json().message).toBe('Der Mindestbetrag für eine Aufladung ist 5 GBP');
  });

  it('refuses amounts that are not positive whole minor units, and foreign callback URLs', async () => {
    for (const amount of [0, -500, 500.5, '50000', null]) {
      const res = await topUp(client, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const callbackUrl of ['https://evil.test/', '//evil.test/x', 'wallet']) {
      const res = await topUp(client, { amount: 50_000, callbackUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.callbackUrl).toEqual(['Invalid format']);
    }
  });

  it('answers an authorization URL and a pending payment, and records the payment', async () => {
    const res = await topUp(client, { amount: 500_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      metadata: { authorizationUrl: `/sandbox/checkout/${body.payment.reference}` },
      payment: { reference: expect.stringMatching(/^pay-[0-9a-f]{32}$/), status: 'pending' },
    });
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.reference, body.payment.reference));
    expect(row).toMatchObject({
      userId: client.id,
      purpose: 'top_up',
      channel: 'card',
      gateway: 'sandbox',
      amountMinor: 500_000,
      currencyCode: 'NGN',
      status: 'pending',
      callbackUrl: '/wallet/',
      ledgerTransactionId: null,
    });
  });

  it('sends a payer coming back to a German page to the German checkout', async () => {
    const res = await topUp(client, { amount: 500_000, callbackUrl: '/de/wallet/' });
    expect(res.statusCode).toBe(200);
    const { metadata, payment } = res.json();
    expect(metadata.authorizationUrl).toBe(`/de/sandbox/checkout/${payment.reference}`);
    const page = await t.app.inject({ url: metadata.authorizationUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lang="de"');
  });

  it('serves the checkout page in English and German, with Approve and Decline', async () => {
    const { payment } = (await topUp(client, { amount: 750_000 })).json();
    const en = await t.app.inject({ url: `/sandbox/checkout/${payment.reference}` });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('Sandbox checkout');
    expect(en.body).toContain('₦7,500.00');
    expect(en.body).toContain(`action="/api/sandbox/payments/${payment.reference}/approve"`);
    expect(en.body).toContain(`action="/api/sandbox/payments/${payment.reference}/decline"`);
    const de = await t.app.inject({ url: `/de/sandbox/checkout/${payment.reference}` });
    expect(de.body).toContain('Bestätigen');
    expect(de.body).toContain('Ablehnen');
    const deQuery = await t.app.inject({ url: `/sandbox/checkout/${payment.reference}/?lang=de` });
    expect(deQuery.body).toContain('lang="de"');
    const missing = await t.app.inject({ url: '/sandbox/checkout/pay-unknown' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This payment does not exist.');
  });

  it('credits the wallet once when the payer approves, then sends them back to the callback URL', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const { payment } = (await topUp(user, { amount: 1_000_000, callbackUrl: '/wallet/?tab=top-up' })).json();
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${payment.reference}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(
      `/wallet/?tab=top-up&trxref=${payment.reference}&reference=${payment.reference}`,
    );

    const status = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: user.headers });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      reference: payment.reference,
      status: 'success',
      amount: 1_000_000,
      currencyCode: 'NGN',
      purpose: 'top_up',
      creditedTo: 'wallet',
    });
    expect(await balanceOf(user)).toEqual({ balance: 1_000_000, currency: 'NGN', others: [] });

    // A second click, a repeated poll: nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/payments/${payment.reference}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    const json = await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.reference}/approve` });
    expect(json.statusCode).toBe(409);
    expect(json.json()).toMatchObject({
      code: 'PAYMENT_ALREADY_COMPLETED',
      message: 'This payment has already been completed',
    });
    await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: user.headers });
    expect(await balanceOf(user)).toEqual({ balance: 1_000_000, currency: 'NGN', others: [] });

    const [row] = await t.deps.db.select().from(payments).where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    const posted = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment:${payment.reference}`));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      type: 'top_up',
      metadata: { channel: 'card', paymentReference: payment.reference },
    });
    expect(await auditLedger(t.deps.db)).toEqual({
      unbalancedTransactions: [],
      mismatchedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('marks the payment failed and credits nothing when the payer declines', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const { payment } = (await topUp(user, { amount: 600_000 })).json();
    const decline = await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.reference}/decline` });
    expect(decline.statusCode).toBe(200);
    expect(decline.json()).toEqual({
      reference: payment.reference,
      status: 'failed',
      redirectUrl: `/wallet/?trxref=${payment.reference}&reference=${payment.reference}`,
    });
    const status = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: user.headers });
    expect(status.json().status).toBe('failed');
    expect(await balanceOf(user)).toEqual({ balance: 0, currency: 'NGN', others: [] });
    const accounts = await t.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id));
    expect(accounts).toHaveLength(0);
  });

  it('keeps a payment pending while the payer has not decided', async () => {
    const { payment } = (await topUp(client, { amount: 50_000 })).json();
    const status = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: client.headers });
    expect(status.json().status).toBe('pending');
  });

  it("answers 404 for another user's payment and for an unknown reference", async () => {
    const { payment } = (await topUp(client, { amount: 50_000 })).json();
    const stranger = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    const unknown = await t.app.inject({ url: '/api/payment/status/pay-nothing', headers: client.headers });
    expect(unknown.statusCode).toBe(404);
    const invalid = await t.app.inject({ url: '/api/payment/status/bad%20ref', headers: client.headers });
    expect(invalid.statusCode).toBe(400);
  });

  it('requires sign-in and the client role to top up', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/payment/wallet', payload: { amount: 50_000 } });
    expect(anonymous.statusCode).toBe(401);
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await topUp(provider, { amount: 50_000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const status = await t.app.inject({ url: '/api/payment/status/pay-x' });
    expect(status.statusCode).toBe(401);
  });
});

describe('Idempotency-Key on top-up', () => {
  it('answers the same payment to a repeated key and starts no second one', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const first = await topUp(user, { amount: 80_000 }, { 'idempotency-key': 'topup-abc-1' });
    const second = await topUp(user, { amount: 80_000 }, { 'idempotency-key': 'topup-abc-1' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
    expect(
      await t.deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, first.json().payment.reference)),
    ).toHaveLength(1);
  });

  it('refuses the same key with a different body, and keeps keys apart per user', async () => {
    const user = await createTestUser(t, { role: 'client' });
    await topUp(user, { amount: 80_000 }, { 'idempotency-key': 'k-shared' });
    const reused = await topUp(user, { amount: 90_000 }, { 'idempotency-key': 'k-shared' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request',
    });
    const other = await createTestUser(t, { role: 'client' });
    const theirs = await topUp(other, { amount: 80_000 }, { 'idempotency-key': 'k-shared' });
    expect(theirs.statusCode).toBe(200);
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, other.id))).toHaveLength(1);
  });

  it('frees the key when the request fails, so a corrected retry works', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const bad = await topUp(user, { amount: 100 }, { 'idempotency-key': 'retry-me' });
    expect(bad.statusCode).toBe(400);
    const again = await topUp(user, { amount: 100 }, { 'idempotency-key': 'retry-me' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Minimum topup amount is 500 NGN');
  });

  it('refuses a malformed key', async () => {
    const res = await topUp(client, { amount: 80_000 }, { 'idempotency-key': 'x'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('top-up rate limit', () => {
  const { max } = DEFAULT_RATE_LIMITS.topUpPerUser;

  it('allows the table’s top-ups per user in its window, then answers 429 in the request language', async () => {
    const user = await createTestUser(t, { role: 'client' });
    for (let i = 0; i < max; i++) expect((await topUp(user, { amount: 50_000 })).statusCode).toBe(200);
    const limited = await topUp(user, { amount: 50_000 }, { 'x-language': 'de' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited.json().message).toMatch(/^Zu viele Anfragen/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      await t.deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, user.id))),
    ).toHaveLength(max);
    // Another user is not affected.
    const other = await createTestUser(t, { role: 'client' });
    expect((await topUp(other, { amount: 50_000 })).statusCode).toBe(200);
  });

  // One server runs every journey: the limit must follow RATE_LIMIT_SCALE like the sign-in ones.
  it('takes an override from config and scales it by RATE_LIMIT_SCALE', async () => {
    const scaled = await buildTestApp({
      config: { RATE_LIMIT_SCALE: 2, rateLimits: { topUpPerUser: { max: 2, windowSeconds: 600 } } },
    });
    try {
      const user = await createTestUser(scaled, { role: 'client' });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await topUp(user, { amount: 50_000 }, {}, scaled)).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await scaled.close();
    }
  });
});

describe('without DEV_TOOLS', () => {
  it('serves neither the sandbox page nor the sandbox endpoints', async () => {
    const prod = await buildTestApp({ config: { DEV_TOOLS: false } });
    try {
      expect((await prod.app.inject({ url: '/sandbox/checkout/pay-x' })).statusCode).toBe(404);
      const approve = await prod.app.inject({ method: 'POST', url: '/api/sandbox/payments/pay-x/approve' });
      expect(approve.statusCode).toBe(404);
      expect(approve.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});

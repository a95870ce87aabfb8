import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRow,
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { gatewayWebhookEvents, ledgerTransactions, payments } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { auditLedger } from './ledger-audit.ts';
import { reconcilePendingPayments } from './reconcile.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let fake: FakeStripe;
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({
    clock,
    config: {
      PAYMENT_GATEWAY_GBP: 'stripe',
      PAYMENT_GATEWAY_EUR: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://app.example.test',
    },
  });
  ids = await catalog(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const now = () => Math.floor(clock.now().getTime() / 1000);
const londoner = () => createTestUser(t, { role: 'client', countryCode: 'GB', timezone: 'Europe/London' });
const webhook = (delivery: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe',
    headers: delivery.headers,
    payload: delivery.payload,
  });
const paymentRow = async (reference: string) =>
  (await t.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0];
const retrievals = (sessionId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`).length;
const gbp = (user: TestUser) => walletOf(t, user.id, 'GBP');
const appliedEvent = async (eventId: string) =>
  (
    await t.deps.db
      .select()
      .from(gatewayWebhookEvents)
      .where(and(eq(gatewayWebhookEvents.gateway, 'stripe'), eq(gatewayWebhookEvents.eventId, eventId)))
  )[0];

async function expectHealthyLedger() {
  expect(await auditLedger(t.deps.db)).toEqual({
    unbalancedTransactions: [],
    mismatchedAccounts: [],
    negativeAccounts: [],
  });
}

async function startTopUp(user: TestUser, amount = 5_000, callbackUrl?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/wallet',
    headers: { ...user.headers, ...(callbackUrl?.startsWith('/de/') ? { 'x-language': 'de' } : {}) },
    payload: { amount, ...(callbackUrl ? { callbackUrl } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const reference: string = res.json().payment.reference;
  return {
    reference,
    authorizationUrl: res.json().metadata.authorizationUrl as string,
    session: fake.sessionFor(reference),
  };
}

describe('card top-up in GBP through Stripe Checkout', () => {
  it('opens a hosted Checkout Session with amount, currency, reference, absolute return URLs and an idempotency key', async () => {
    const user = await createTestUser(t, {
      role: 'client',
      countryCode: 'GB',
      timezone: 'Europe/London',
      language: 'de',
    });
    const { reference, authorizationUrl, session } = await startTopUp(user, 5_000, '/de/wallet/');
    expect(authorizationUrl).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const create = fake.requests.find((r) => r.method === 'POST' && r.body.client_reference_id === reference);
    expect(create?.idempotencyKey).toBe(`checkout-${reference}`);
    expect(create?.body).toMatchObject({
      mode: 'payment',
      customer_email: user.email,
      locale: 'de',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': 'Guthaben aufladen',
      'metadata[reference]': reference,
      success_url: `https://app.example.test/de/wallet/?reference=${reference}`,
      cancel_url: `https://app.example.test/de/wallet/?reference=${reference}`,
    });
    expect(await paymentRow(reference)).toMatchObject({
      gateway: 'stripe',
      gatewayReference: session.id,
      currencyCode: 'GBP',
      amountMinor: 5_000,
      status: 'pending',
    });
  });

  it('credits the wallet once from a signed checkout.session.completed, verified with Stripe', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user, 5_000);
    const delivery = fake.event('checkout.session.completed', fake.pay(session.id), { timestamp: now() });
    const res = await webhook(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await gbp(user)).toBe(5_000);
    expect(await paymentRow(reference)).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    expect(retrievals(session.id)).toBe(1);
    expect(await appliedEvent(delivery.id)).toMatchObject({
      eventType: 'charge.updated',
      reference,
    });
    const [posted] = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment:${reference}`));
    expect(posted?.type).toBe('top_up');
    await expectHealthyLedger();
  });

  it('answers the status poll from Stripe, never from the browser: pending, then success', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user, 2_500);
    const poll = () => t.app.inject({ url: `/api/payment/status/${reference}`, headers: user.headers });
    expect((await poll()).json()).toMatchObject({ status: 'pending', currencyCode: 'GBP', amount: 2_500 });
    fake.pay(session.id);
    expect((await poll()).json()).toMatchObject({ status: 'success', creditedTo: 'wallet' });
    expect(await gbp(user)).toBe(2_500);
  });

  it('takes the amount and currency from Stripe: a session paid for another amount or currency credits nothing', async () => {
    const user = await londoner();
    const cheap = await startTopUp(user, 5_000);
    await webhook(
      fake.event('checkout.session.completed', fake.pay(cheap.session.id, { amount_total: 100 }), { timestamp: now() }),
    );
    expect(await paymentRow(cheap.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'verification_mismatch',
    });
    const euro = await startTopUp(user, 5_000);
    await webhook(
      fake.event('checkout.session.completed', fake.pay(euro.session.id, { currency: 'eur' }), { timestamp: now() }),
    );
    expect(await paymentRow(euro.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'verification_mismatch',
    });
    expect(await gbp(user)).toBe(0);
  });

  it('marks an expired session failed', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user);
    const res = await webhook(fake.event('checkout.session.expired', fake.expire(session.id), { timestamp: now() }));
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(reference)).toMatchObject({ status: 'failed', failureReason: 'declined' });
    expect(await gbp(user)).toBe(0);
  });
});

describe('Stripe webhooks: forged, replayed, late, reordered', () => {
  it('refuses a forged delivery (another secret, altered body, no header) and changes nothing', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user);
    fake.pay(session.id);
    const forged = fake.event('checkout.session.completed', session, { timestamp: now(), secret: 'whsec_attacker' });
    const genuine = fake.event('checkout.session.completed', session, { timestamp: now() });
    const altered = { ...genuine, payload: genuine.payload.replace('"livemode":false', '"livemode":true') };
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    for (const delivery of [forged, altered, unsigned]) {
      const res = await webhook(delivery);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'PAYMENT_WEBHOOK_SIGNATURE_INVALID',
        message: 'Invalid webhook signature',
      });
    }
    expect(retrievals(session.id)).toBe(0);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    expect(await appliedEvent(forged.id)).toBeUndefined();
  });

  it('refuses a delivery signed longer ago than the tolerance, and takes one just inside it', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user);
    fake.pay(session.id);
    const late = await webhook(fake.event('checkout.session.completed', session, { timestamp: now() - 301 }));
    expect(late.statusCode).toBe(401);
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    const inTime = await webhook(fake.event('checkout.session.completed', session, { timestamp: now() - 299 }));
    expect(inTime.statusCode).toBe(200);
    expect(await paymentRow(reference)).toMatchObject({ status: 'success' });
  });

  it('applies a replayed event once: the same event id is answered without asking Stripe again', async () => {
    const user = await londoner();
    const { session } = await startTopUp(user, 4_000);
    const delivery = fake.event('checkout.session.completed', fake.pay(session.id), { timestamp: now() });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(retrievals(session.id)).toBe(1);
    // The same news under a new event id (Stripe may send an event twice): verified, credited once.
    expect((await webhook(fake.event('checkout.session.completed', session, { timestamp: now() }))).statusCode).toBe(
      200,
    );
    expect(await gbp(user)).toBe(4_000);
    await expectHealthyLedger();
  });

  it('is out-of-order safe: a stale "expired" after the payment, or before it, ends in what Stripe says now', async () => {
    const user = await londoner();
    const first = await startTopUp(user, 3_000);
    const openSnapshot = { ...first.session };
    await webhook(fake.event('checkout.session.completed', fake.pay(first.session.id), { timestamp: now() }));
    // An older event about the same session, delivered late: the payment stays credited.
    const stale = await webhook(
      fake.event('checkout.session.expired', { ...openSnapshot, status: 'expired' }, { timestamp: now() - 60 }),
    );
    expect(stale.statusCode).toBe(200);
    expect(await paymentRow(first.reference)).toMatchObject({ status: 'success' });

    // A later event delivered first: it names the session, Stripe says it is paid, so it is credited.
    const second = await startTopUp(user, 2_000);
    fake.pay(second.session.id);
    await webhook(
      fake.event('checkout.session.expired', { ...second.session, status: 'expired' }, { timestamp: now() }),
    );
    expect(await paymentRow(second.reference)).toMatchObject({ status: 'success' });
    await webhook(fake.event('checkout.session.completed', second.session, { timestamp: now() }));
    expect(await gbp(user)).toBe(5_000);
    await expectHealthyLedger();
  });

  it('ignores events that are not about a checkout of ours', async () => {
    const other = fake.event('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }, { timestamp: now() });
    expect((await webhook(other)).statusCode).toBe(200);
    const foreign = fake.event(
      'checkout.session.completed',
      { id: 'cs_test_other', object: 'checkout.session', client_reference_id: null },
      { timestamp: now() },
    );
    expect((await webhook(foreign)).statusCode).toBe(200);
    const unknown = fake.event(
      'checkout.session.completed',
      { id: 'cs_test_x', object: 'checkout.session', client_reference_id: 'pay-00000000000000000000000000000000' },
      { timestamp: now() },
    );
    expect((await webhook(unknown)).statusCode).toBe(200);
  });

  it('answers 503 while Stripe cannot be asked, remembers nothing, and applies the retry', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user, 1_500);
    const delivery = fake.event('checkout.session.completed', fake.pay(session.id), { timestamp: now() });
    fake.failNext(new RegExp(`/v1/checkout/sessions/${session.id}$`), 500, 3);
    const down = await webhook(delivery);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    expect(await appliedEvent(delivery.id)).toBeUndefined();
    expect(await paymentRow(reference)).toMatchObject({ status: 'pending' });
    expect((await webhook(delivery)).statusCode).toBe(200);
    expect(await gbp(user)).toBe(1_500);
    expect(await appliedEvent(delivery.id)).toBeDefined();
  });
});

describe('Stripe outages when opening a checkout', () => {
  it('retries with the same idempotency key, so one checkout is created', async () => {
    const user = await londoner();
    fake.failNext(/^\/v1\/checkout\/sessions$/, 500, 1);
    const { reference } = await startTopUp(user);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.body.client_reference_id === reference);
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`checkout-${reference}`]));
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === reference)).toHaveLength(1);
  });

  it('answers 503 and fails the payment when Stripe stays down', async () => {
    const user = await londoner();
    fake.failNext(/^\/v1\/checkout\/sessions$/, 500, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: user.headers,
      payload: { amount: 5_000 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    const [row] = await t.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.gateway, 'stripe')));
    expect(row).toMatchObject({ status: 'failed', gatewayReference: null });
  });
});

describe('reconciliation', () => {
  it('picks up a lost webhook: a session paid at Stripe is credited by the job', async () => {
    const user = await londoner();
    const { reference, session } = await startTopUp(user, 7_000);
    fake.pay(session.id);
    clock.advance(6 * 60_000);
    const result = await reconcilePendingPayments(t.deps);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(reference)).toMatchObject({ status: 'success' });
    expect(await gbp(user)).toBe(7_000);
  });
});

describe('routing by currency', () => {
  it('keeps NGN on the default gateway (the sandbox) while GBP goes to Stripe', async () => {
    const lagos = await createTestUser(t, { role: 'client' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/wallet',
      headers: lagos.headers,
      payload: { amount: 500_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.authorizationUrl).toContain('/sandbox/checkout/');
    expect(await paymentRow(res.json().payment.reference)).toMatchObject({
      gateway: 'sandbox',
      gatewayReference: null,
    });
  });

  it('refuses a currency routed to a gateway that does not take it', async () => {
    const routed = await buildTestApp({
      config: {
        PAYMENT_GATEWAY_NGN: 'stripe',
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
    try {
      const lagos = await createTestUser(routed, { role: 'client' });
      const res = await routed.app.inject({
        method: 'POST',
        url: '/api/payment/wallet',
        headers: lagos.headers,
        payload: { amount: 500_000 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PAYMENT_CURRENCY_UNSUPPORTED',
        message: 'Payments in NGN are not available yet',
      });
      expect(await routed.deps.db.select().from(payments)).toHaveLength(0);
    } finally {
      await routed.close();
    }
  });
});

describe('a GBP session paid by card through Stripe', () => {
  it('confirms the booking, and a cancellation refunds the card payment to the wallet', async () => {
    clock.set(START);
    const client = await londoner();
    const provider = await createProvider(t, { countryCode: 'GB', timezone: 'Europe/London', fee: 6_000 });
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-10');
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/payment/booking/${booking.identifier}`,
      headers: client.headers,
      payload: { method: 'card', callbackUrl: `/bookings/${booking.identifier}/` },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json().payment;
    const session = fake.sessionFor(reference);
    expect(session).toMatchObject({ currency: 'gbp', amount_total: 6_000 });
    expect(fake.requests.find((r) => r.body.client_reference_id === reference)?.body).toMatchObject({
      'line_items[0][price_data][product_data][name]': 'Session payment',
    });

    await webhook(fake.event('checkout.session.completed', fake.pay(session.id), { timestamp: now() }));
    expect(await paymentRow(reference)).toMatchObject({ status: 'success', creditedTo: 'booking' });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'confirmed', paymentMethod: 'card' });
    expect(await gbp(client)).toBe(0);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/cancel`,
      headers: client.headers,
      payload: { note: 'Travelling' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().cancellation).toMatchObject({ refundStatus: 'refunded', refundMinor: 6_000 });
    expect(await gbp(client)).toBe(6_000);
    await expectHealthyLedger();
  });
});

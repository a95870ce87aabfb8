import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { gatewayWebhookEvents, payments } from '../../db/schema/index.ts';
import { accountBalance } from './ledger.ts';

/**
 * The Stripe-shaped flow on the sandbox: the real Stripe adapter and SDK, over real HTTP, against
 * the sandbox playing Stripe on this very app (listening on a local port), and the signed webhook.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    config: {
      PAYMENT_GATEWAY_GBP: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_sandbox',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  // Adapters are built on first use: point the SDK at this app's own sandbox before any payment.
  t.deps.config.STRIPE_API_URL = `http://127.0.0.1:${address.port}/api/sandbox/stripe`;
});
afterAll(() => t.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function startTopUp(user: TestUser, amount: number, callbackUrl = '/wallet/') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/wallet',
    headers: user.headers,
    payload: { amount, callbackUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { metadata: { authorizationUrl: string }; payment: { reference: string } };
}

describe('the sandbox playing Stripe', () => {
  it('pays a GBP top-up: hosted page, Pay, a signed webhook, back to the success URL', async () => {
    const user = await createTestUser(t, { role: 'client', countryCode: 'GB', timezone: 'Europe/London' });
    const { metadata, payment } = await startTopUp(user, 2_000);
    const sessionId = `cs_test_sbx_${payment.reference}`;
    expect(metadata.authorizationUrl).toBe(`/sandbox/stripe/checkout/${sessionId}`);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({ gateway: 'stripe', gatewayReference: sessionId, status: 'pending' });

    const pageRes = await t.app.inject({ url: metadata.authorizationUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('£20.00');
    expect(pageRes.body).toContain(`/api/sandbox/stripe/checkout/${sessionId}/pay`);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/stripe/checkout/${sessionId}/pay`,
      headers: form,
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/wallet/?reference=${payment.reference}`);
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'GBP', userId: user.id })).toBe(
      2_000,
    );
    // It was the webhook that applied it.
    const events = await t.deps.db
      .select()
      .from(gatewayWebhookEvents)
      .where(eq(gatewayWebhookEvents.reference, payment.reference));
    expect(events).toHaveLength(1);
    expect(events[0]?.eventId).toMatch(/^evt_sbx_/);

    // A second click changes nothing; the page now says it is paid.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/stripe/checkout/${sessionId}/pay`,
      headers: form,
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    expect((await t.app.inject({ url: metadata.authorizationUrl })).body).toContain('This payment is already paid.');
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'GBP', userId: user.id })).toBe(
      2_000,
    );
  });

  it('cancel: the session expires and the payment fails, nothing credited', async () => {
    const user = await createTestUser(t, {
      role: 'client',
      countryCode: 'GB',
      timezone: 'Europe/London',
      language: 'de',
    });
    const { metadata, payment } = await startTopUp(user, 1_500, '/de/wallet/');
    expect(metadata.authorizationUrl).toMatch(/^\/de\/sandbox\/stripe\/checkout\//);
    expect((await t.app.inject({ url: metadata.authorizationUrl })).body).toContain('Bezahlen');
    const sessionId = `cs_test_sbx_${payment.reference}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/stripe/checkout/${sessionId}/cancel`,
      headers: form,
      payload: '',
    });
    expect(res.headers.location).toBe(`/de/wallet/?reference=${payment.reference}`);
    const status = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: user.headers });
    expect(status.json()).toMatchObject({ status: 'failed' });
    expect(await accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode: 'GBP', userId: user.id })).toBe(0);
  });

  it('speaks like Stripe: 401 without the key, 404 for an unknown session, on the page too', async () => {
    const noKey = await t.app.inject({ url: '/api/sandbox/stripe/v1/checkout/sessions/cs_test_sbx_pay-x' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().error.type).toBe('invalid_request_error');
    const unknown = await t.app.inject({
      url: '/api/sandbox/stripe/v1/checkout/sessions/cs_test_sbx_pay-x',
      headers: { authorization: 'Bearer sk_test_sandbox' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('resource_missing');
    expect((await t.app.inject({ url: '/sandbox/stripe/checkout/cs_test_sbx_pay-x' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sandbox/stripe/checkout/nope/pay', headers: form, payload: '' }))
        .statusCode,
    ).toBe(404);
  });
});

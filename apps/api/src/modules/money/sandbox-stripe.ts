import { randomBytes } from 'node:crypto';
import type { Language } from '@app/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { sandboxCharges } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';

/**
 * The development sandbox playing Stripe (DEV_TOOLS only), so the Stripe-shaped flow runs end
 * to end on one machine with no keys and no network: the real Stripe adapter, through the
 * official SDK (STRIPE_API_URL=<site>/api/sandbox/stripe), opens a Checkout Session here; the
 * payer pays or cancels on a hosted page of the sandbox; the sandbox then sends a
 * Stripe-signed webhook (the SDK's own signing helper, STRIPE_WEBHOOK_SECRET) to
 * /api/payment/webhook/stripe, and the adapter verifies the session back through the SDK.
 *
 * It keeps its books in sandbox_charges (as the sandbox gateway does): the session id is the
 * charge's reference, `cs_test_sbx_<payment reference>`; its status open/complete/expired is
 * pending/success/failed there; callback_url holds the success URL (our adapter sends the same
 * URL for success and cancel).
 */
export const SANDBOX_SESSION_PREFIX = 'cs_test_sbx_';
const SESSION_ID = /^cs_test_sbx_[A-Za-z0-9._=-]{1,100}$/;

export type SandboxCharge = typeof sandboxCharges.$inferSelect;

export function isSandboxSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

/** The hosted checkout page of a session, on this site (relative: the payer stays on our origin). */
export function sandboxStripeCheckoutPath(sessionId: string, language: Language): string {
  return `${language === 'de' ? '/de' : ''}/sandbox/stripe/checkout/${encodeURIComponent(sessionId)}`;
}

/** A Checkout Session object in Stripe's words, from the sandbox's books. */
export function sessionObject(charge: SandboxCharge) {
  const status = charge.status === 'success' ? 'complete' : charge.status === 'failed' ? 'expired' : 'open';
  const language: Language = new URL(charge.callbackUrl, 'http://sandbox.invalid').pathname.startsWith('/de/')
    ? 'de'
    : 'en';
  const created = Math.floor(charge.createdAt.getTime() / 1000);
  return {
    id: charge.reference,
    object: 'checkout.session' as const,
    client_reference_id: charge.reference.slice(SANDBOX_SESSION_PREFIX.length),
    amount_total: charge.amountMinor,
    currency: charge.currencyCode.toLowerCase(),
    customer_email: charge.email,
    mode: 'payment',
    status,
    payment_status: charge.status === 'success' ? 'paid' : 'unpaid',
    url: status === 'open' ? sandboxStripeCheckoutPath(charge.reference, language) : null,
    success_url: charge.callbackUrl,
    cancel_url: charge.callbackUrl,
    created,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
  };
}

/** POST /v1/checkout/sessions: one session per client_reference_id (what the idempotency key stands for). */
export async function createSandboxSession(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  form: Record<string, string>,
): Promise<SandboxCharge | null> {
  const reference = form.client_reference_id ?? '';
  const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
  const quantity = Number(form['line_items[0][quantity]'] ?? 1);
  const currency = form['line_items[0][price_data][currency]'] ?? '';
  const successUrl = form.success_url ?? '';
  if (!/^[A-Za-z0-9._=-]{1,100}$/.test(reference) || !Number.isInteger(unitAmount) || unitAmount <= 0) return null;
  if (!/^[a-z]{3}$/.test(currency) || !successUrl || !Number.isInteger(quantity) || quantity < 1) return null;
  const sessionId = `${SANDBOX_SESSION_PREFIX}${reference}`;
  await deps.db
    .insert(sandboxCharges)
    .values({
      reference: sessionId,
      amountMinor: unitAmount * quantity,
      currencyCode: currency.toUpperCase(),
      email: form.customer_email ?? '',
      callbackUrl: successUrl,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  return findSandboxSession(deps, sessionId);
}

export async function findSandboxSession(deps: Pick<AppDeps, 'db'>, sessionId: string): Promise<SandboxCharge | null> {
  if (!isSandboxSessionId(sessionId)) return null;
  const [charge] = await deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, sessionId));
  return charge ?? null;
}

/**
 * The payer's choice on the hosted page: pay (the session completes, paid) or cancel (the
 * sandbox lets the session expire at once, standing for a payer who never comes back). Then
 * the webhook Stripe would send, signed with the endpoint secret, goes to our webhook route;
 * the answer is the path on this site the payer returns to.
 */
export async function decideSandboxSession(
  app: FastifyInstance,
  input: { sessionId: string; decision: 'pay' | 'cancel' },
): Promise<{ redirectPath: string } | null> {
  const { deps } = app;
  const [decided] = await deps.db
    .update(sandboxCharges)
    .set({ status: input.decision === 'pay' ? 'success' : 'failed', decidedAt: deps.clock.now() })
    .where(and(eq(sandboxCharges.reference, input.sessionId), eq(sandboxCharges.status, 'pending')))
    .returning();
  const charge = decided ?? (await findSandboxSession(deps, input.sessionId));
  if (!charge) return null;
  if (decided) await deliverWebhook(app, decided);
  const back = new URL(charge.callbackUrl, 'http://sandbox.invalid');
  return { redirectPath: `${back.pathname}${back.search}` };
}

async function deliverWebhook(app: FastifyInstance, charge: SandboxCharge): Promise<void> {
  const secret = app.deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    app.deps.log.warn({ sessionId: charge.reference }, 'sandbox Stripe: no STRIPE_WEBHOOK_SECRET, no webhook sent');
    return;
  }
  const session = sessionObject(charge);
  const created = Math.floor(app.deps.clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id: `evt_sbx_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type: session.status === 'complete' ? 'checkout.session.completed' : 'checkout.session.expired',
    livemode: false,
    pending_webhooks: 1,
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: created });
  const answer = await app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  if (answer.statusCode !== 200) {
    // Stripe would retry; here reconciliation and the status poll pick the payment up.
    app.deps.log.warn(
      { sessionId: charge.reference, status: answer.statusCode },
      'sandbox Stripe: webhook not accepted',
    );
  }
}

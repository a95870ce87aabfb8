import Stripe from 'stripe';
import { AppError } from '../app-error.ts';
import {
  type ChargeVerification,
  GatewayError,
  type PaymentGateway,
  type WebhookDelivery,
  type WebhookEvent,
} from './types.ts';

/**
 * Stripe (https://docs.stripe.com/api) through its official SDK: hosted Checkout Sessions for
 * card top-ups and card payments of bookings. The payer pays on Stripe's page (no card data
 * touches our servers); a session is found by its own id (`cs_…`), which initialize hands back
 * as gatewayReference, and verify reads amount, currency and payment status from Stripe.
 * Stripe pays nobody's bank here (no Connect): payouts in its currencies are made by an operator.
 */
export const STRIPE_CURRENCIES = new Set(['GBP', 'USD', 'EUR']);
const TIMEOUT_MS = 15_000;

/** Checkout Session events we act on: each only says "re-verify this checkout". */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export interface StripeOptions {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  /** https://api.stripe.com, or a stand-in (a test's fake, the development sandbox); a path is a prefix. */
  apiUrl: string;
  /** Oldest signed webhook accepted, in seconds. */
  toleranceSeconds: number;
  /** Absolute site URL: Stripe needs absolute success and cancel URLs. */
  publicUrl: string;
  /** The time webhooks are judged at (the app's clock). */
  now: () => Date;
}

/**
 * The SDK joins host, port and protocol with its own `/v1/…` paths and has no base-path option;
 * a stand-in served under a path (the development sandbox at /api/sandbox/stripe) gets the
 * prefix through the SDK's own extension point, a custom HTTP client.
 */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  const client = Object.create(inner) as Stripe.HttpClient;
  client.makeRequest = (host, port, path, method, headers, requestData, protocol, timeout) =>
    inner.makeRequest(host, port, `${prefix}${path}`, method, headers, requestData, protocol, timeout);
  return client;
}

export function createStripeClient(options: Pick<StripeOptions, 'secretKey' | 'apiUrl'>): Stripe {
  const url = new URL(options.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const prefix = url.pathname.replace(/\/+$/, '');
  return new Stripe(options.secretKey ?? 'sk_unset', {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    timeout: TIMEOUT_MS,
    // Every create call carries an idempotency key, so the SDK's retries cannot pay twice.
    maxNetworkRetries: 2,
    telemetry: false,
    ...(prefix ? { httpClient: prefixedHttpClient(prefix) } : {}),
  });
}

function headerValue(headers: WebhookDelivery['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Refused outright (4xx: retrying will not help) or not known to have happened (network, 5xx). */
function gatewayError(action: string, error: unknown): GatewayError {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const definitive = status >= 400 && status < 500 && status !== 409 && status !== 429;
    return new GatewayError(`Stripe ${action}: ${status} ${error.type} ${error.code ?? ''}`.trim(), definitive);
  }
  return new GatewayError(`Stripe ${action} failed: ${(error as Error).message}`, false);
}

export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = createStripeClient(options);

  function requireKey() {
    if (!options.secretKey) throw new GatewayError('STRIPE_SECRET_KEY is not set', true);
  }

  return {
    name: 'stripe',
    supports: (currencyCode) => STRIPE_CURRENCIES.has(currencyCode),
    paysOut: () => false,

    async initialize(input) {
      requireKey();
      const returnUrl = new URL(input.callbackUrl, options.publicUrl);
      returnUrl.searchParams.set('reference', input.reference);
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: input.reference,
            customer_email: input.email,
            allowed_payment_method_types: ['card'],
            locale: input.language,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currencyCode.toLowerCase(),
                  unit_amount: input.amountMinor,
                  product_data: { name: input.description ?? input.reference },
                },
              },
            ],
            metadata: { reference: input.reference },
            payment_intent_data: { metadata: { reference: input.reference } },
            success_url: returnUrl.toString(),
            cancel_url: returnUrl.toString(),
          },
          // One checkout per payment reference, however often the call is retried.
          { idempotencyKey: `checkout-${input.reference}` },
        );
      } catch (error) {
        throw gatewayError('checkout.sessions.create', error);
      }
      if (!session.url) throw new GatewayError('Stripe returned a checkout session without a URL', false);
      return { authorizationUrl: session.url, gatewayReference: session.id };
    },

    async verify(_reference, gatewayReference): Promise<ChargeVerification | null> {
      // A session is found by its own id only; without one we never opened it (or never stored it).
      if (!gatewayReference) return null;
      requireKey();
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(gatewayReference);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw gatewayError('checkout.sessions.retrieve', error);
      }
      const paid = session.payment_status === 'paid';
      return {
        // Stripe's word for whose checkout this is; a session of someone else's never matches ours.
        reference: session.client_reference_id ?? '',
        status: paid ? 'success' : session.status === 'expired' ? 'failed' : 'pending',
        amountMinor: session.amount_total ?? 0,
        currencyCode: (session.currency ?? '').toUpperCase(),
        paidAt: null,
        customerCode: null,
        receiverAccountNumber: null,
      };
    },

    /**
     * The Stripe-Signature header over the raw bytes, checked by the SDK (HMAC SHA-256 with the
     * endpoint's secret, and a timestamp no older than the tolerance) before anything is read.
     */
    parseWebhook({ rawBody, headers }): WebhookEvent | null {
      const signature = headerValue(headers, 'stripe-signature');
      if (!options.webhookSecret || !signature) throw new AppError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          options.toleranceSeconds,
          undefined,
          options.now().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('PAYMENT_WEBHOOK_SIGNATURE_INVALID');
        }
        throw new AppError('BAD_REQUEST');
      }
      if (!CHECKOUT_EVENTS.has(event.type)) return null;
      const session = event.data?.object as Partial<Stripe.Checkout.Session> | undefined;
      const reference = typeof session?.client_reference_id === 'string' ? session.client_reference_id : null;
      if (!reference) return null;
      return { type: 'charge.updated', reference, eventId: event.id };
    },

    async createVirtualAccount() {
      throw new GatewayError('Stripe issues no virtual bank accounts here', true);
    },

    async createTransferRecipient() {
      throw new GatewayError('Stripe pays out to no bank account here (payouts are made by an operator)', true);
    },

    async initiateTransfer() {
      throw new GatewayError('Stripe pays out to no bank account here (payouts are made by an operator)', true);
    },

    async verifyTransfer() {
      return null;
    },
  };
}

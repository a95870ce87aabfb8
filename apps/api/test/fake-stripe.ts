import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API we use (Checkout Sessions), on
 * 127.0.0.1:<random port>: the adapter's SDK talks to it over real HTTP, form-encoded with
 * idempotency keys, exactly as it would to api.stripe.com. Tests drive the "outside world"
 * through its helpers (a payer pays, a session expires, Stripe has an outage) and get webhook
 * deliveries signed with the SDK's own test helper.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  mode: string;
  /** Stripe's words: open, complete, expired. */
  status: 'open' | 'complete' | 'expired';
  /** Stripe's words: unpaid, paid, no_payment_required. */
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  url: string | null;
  success_url: string;
  cancel_url: string;
  locale: string | null;
  metadata: Record<string, string>;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body as Stripe's flat keys (`line_items[0][price_data][currency]`). */
  body: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  requests: FakeStripeRequest[];
  /** Answers the next `times` requests whose path matches with this status (500: an outage). */
  failNext(pathPattern: RegExp, status: number, times?: number): void;
  /** The payer completes the checkout; amount/currency may be tampered with for tests. */
  pay(sessionId: string, override?: Partial<Pick<FakeSession, 'amount_total' | 'currency'>>): FakeSession;
  /** The session expires unpaid (the payer left). */
  expire(sessionId: string): FakeSession;
  sessionFor(reference: string): FakeSession;
  /**
   * A delivery as Stripe would send it: an event with an id (new unless given), the session as
   * it is now, and a Stripe-Signature header from the SDK's test helper (this endpoint's secret
   * unless another is given, signed at `timestamp` seconds).
   */
  event(
    type: string,
    session: FakeSession | Record<string, unknown>,
    options: { id?: string; timestamp: number; secret?: string },
  ): { id: string; payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function stripeError(response: ServerResponse, status: number, type: string, message: string, code?: string) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeStripe(
  secretKey = 'sk_test_fake_stripe_secret',
  webhookSecret = 'whsec_fake_stripe_endpoint_secret',
): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripeRequest[] = [];
  const failures: Array<{ pattern: RegExp; status: number; left: number }> = [];
  /** Idempotency-Key → the request body it was first used with and the answer given. */
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const body = await readForm(request);
    const keyHeader = request.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    requests.push({ method: request.method ?? 'GET', path, body, idempotencyKey });

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const failure = failures.find((f) => f.pattern.test(path) && f.left > 0);
    if (failure) {
      failure.left--;
      return stripeError(response, failure.status, 'api_error', 'Fake outage');
    }

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const fingerprint = JSON.stringify(body);
      if (idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen && seen.body !== fingerprint) {
          return stripeError(
            response,
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        if (seen) {
          response.setHeader('idempotent-replayed', 'true');
          return send(response, seen.status, seen.answer);
        }
      }
      const unitAmount = Number(body['line_items[0][price_data][unit_amount]']);
      const quantity = Number(body['line_items[0][quantity]'] ?? 1);
      const currency = body['line_items[0][price_data][currency]'];
      if (!Number.isInteger(unitAmount) || !currency || !body.success_url) {
        return stripeError(response, 400, 'invalid_request_error', 'Missing required param', 'parameter_missing');
      }
      const sessionId = id('cs_test');
      const created = Math.floor(Date.now() / 1000);
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(body)) {
        const match = key.match(/^metadata\[(.+)\]$/);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: body.client_reference_id ?? null,
        amount_total: unitAmount * quantity,
        currency,
        customer_email: body.customer_email ?? null,
        mode: body.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? body.success_url,
        locale: body.locale ?? null,
        metadata,
        created,
        expires_at: created + 24 * 60 * 60,
        livemode: false,
      };
      sessions.set(sessionId, session);
      if (idempotencyKey) idempotent.set(idempotencyKey, { body: fingerprint, status: 200, answer: session });
      return send(response, 200, session);
    }

    const retrieve = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1] ?? ''));
      if (!session) {
        return stripeError(response, 404, 'invalid_request_error', 'No such checkout.session', 'resource_missing');
      }
      return send(response, 200, session);
    }

    return stripeError(response, 404, 'invalid_request_error', `Unrecognized request URL (${request.method} ${path})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function get(sessionId: string): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    failNext(pattern, status, times = 1) {
      failures.push({ pattern, status, left: times });
    },
    pay(sessionId, override = {}) {
      const session = get(sessionId);
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null }, override);
      return session;
    },
    expire(sessionId) {
      const session = get(sessionId);
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    sessionFor(reference) {
      const session = [...sessions.values()].find((s) => s.client_reference_id === reference);
      if (!session) throw new Error(`fake Stripe has no session for ${reference}`);
      return session;
    },
    event(type, session, options) {
      const eventId = options.id ?? id('evt_test');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: options.timestamp,
        type,
        livemode: false,
        pending_webhooks: 1,
        data: { object: { ...session } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp: options.timestamp,
      });
      return { id: eventId, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

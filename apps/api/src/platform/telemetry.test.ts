import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { fundWallet } from '../modules/money/test-helpers.ts';
import { fixedClock } from './clock.ts';
import type { Job } from './jobs.ts';
import { NO_TELEMETRY, scrubSpanAttributes, startTelemetry, type Telemetry } from './telemetry.ts';

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';
const clock = fixedClock('2027-03-01T09:00:00Z');
// What must never reach a span: a person's name, email and the words of a booking note.
const CANARY_NAME = "Seán O'Brien-Okafor";
const CANARY_NOTE = 'canary-note-panic-attacks-since-may';

describe('span attributes', () => {
  it('keep only the names of query parameters and nothing about the client', () => {
    const attributes: Record<string, unknown> = {
      'url.full': 'http://127.0.0.1/api/messages/contacts?searchQuery=Se%C3%A1n&cursor=abc',
      'url.query': 'searchQuery=Se%C3%A1n&cursor=abc',
      'http.target': '/reset-password/?token=secret-token',
      'url.path': '/api/messages/contacts',
      'client.address': '203.0.113.9',
      'user_agent.original': 'Mozilla/5.0',
      'http.route': '/api/messages/contacts',
    };
    scrubSpanAttributes(attributes);
    expect(attributes).toEqual({
      'url.full': 'http://127.0.0.1/api/messages/contacts?searchQuery=~&cursor=~',
      'url.query': 'searchQuery=~&cursor=~',
      'http.target': '/reset-password/?token=~',
      'url.path': '/api/messages/contacts',
      'http.route': '/api/messages/contacts',
    });
  });
});

describe('telemetry off', () => {
  it('loads nothing and answers the no-op when neither OTLP nor metrics are configured', async () => {
    expect(await startTelemetry({ METRICS_HOST: '127.0.0.1' })).toBe(NO_TELEMETRY);
  });

  it('has no /api/metrics without METRICS_TOKEN', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('a booking journey with telemetry on', () => {
  const spans = new InMemorySpanExporter();
  let telemetry: Telemetry;
  let t: TestApp;
  let ids: Catalog;
  let client: TestUser;
  let provider: TestUser;
  const requestIds: string[] = [];

  beforeAll(async () => {
    telemetry = await startTelemetry({ METRICS_TOKEN: TOKEN, METRICS_HOST: '127.0.0.1' }, { spanExporter: spans });
    t = await buildTestApp({ clock, telemetry, config: { METRICS_TOKEN: TOKEN } });
    ids = await catalog(t);
    provider = await createProvider(t, { fee: 500_000 });
    client = await createTestUser(t, { role: 'client', firstName: CANARY_NAME });
    await fundWallet(t, client.id, 1_000_000);
    telemetry.observe<Job>({
      now: () => clock.now(),
      jobs: [
        {
          name: 'deliver-queued-emails',
          intervalMs: 60_000,
          run: async () => {},
          outbox: 'emails',
          backlog: async () => ({ depth: 3, oldestDueAt: new Date(clock.now().getTime() - 90_000) }),
        },
      ],
      readBacklog: (job) => (job.backlog as NonNullable<typeof job.backlog>)(t.deps),
      sockets: () => 2,
      pool: () => ({ total: 10, idle: 7, waiting: 1 }),
    });

    const booking = await createBookingVia(t, client, provider, ids, { note: CANARY_NOTE });
    const slot = await listedSlot(t, provider.id, '2027-03-03');
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    await payWithWallet(t, client, booking.identifier);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: client.email, password: 'not-the-password' },
      headers: { 'x-request-id': 'journey-login-0001' },
    });
    expect(refused.statusCode).toBe(401);
    requestIds.push(refused.headers['x-request-id'] as string);
    const search = await t.app.inject({
      url: `/api/messages/contacts?searchQuery=${encodeURIComponent(CANARY_NAME)}`,
      headers: client.headers,
    });
    requestIds.push(search.headers['x-request-id'] as string);
  });
  afterAll(async () => {
    await t.close();
    await telemetry.shutdown();
  });

  const requestSpans = () => spans.getFinishedSpans().filter((span) => span.name === 'request');

  it('makes a request span per call with its route, status and request id', () => {
    const routes = requestSpans().map(
      (span) => `${span.attributes['http.request.method']} ${span.attributes['http.route']}`,
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/booking',
        'POST /api/booking/:id/schedule',
        'POST /api/payment/booking/:bookingId',
        'POST /api/user/login',
      ]),
    );
    const login = requestSpans().find((span) => span.attributes['http.route'] === '/api/user/login');
    expect(login?.attributes['http.request.id']).toBe('journey-login-0001');
    expect(login?.attributes['http.response.status_code']).toBe(401);
    for (const id of requestIds) {
      expect(requestSpans().some((span) => span.attributes['http.request.id'] === id)).toBe(true);
    }
  });

  it('keeps no personal or health data in any span: no query values, names, emails or notes', () => {
    const search = requestSpans().find((span) => span.attributes['http.route'] === '/api/messages/contacts');
    expect(search?.attributes['url.path']).toBe('/api/messages/contacts?searchQuery=~');
    const everything = JSON.stringify(
      spans.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })),
    );
    for (const canary of [CANARY_NAME, encodeURIComponent(CANARY_NAME), client.email, CANARY_NOTE]) {
      expect(everything).not.toContain(canary);
    }
  });

  it('serves the outcomes, the request histogram and the gauges at /api/metrics to the token only', async () => {
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);

    const response = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const sample = (name: string, labels: string) =>
      new RegExp(`^${name}\\{${labels.replace(/[{}]/g, '')}[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1];
    expect(sample('therapyhub_booking_outcomes_total', 'outcome="held"')).toBe('1');
    expect(sample('therapyhub_booking_outcomes_total', 'outcome="confirmed"')).toBe('1');
    expect(sample('therapyhub_login_failures_total', 'reason="credentials"')).toBe('1');
    expect(
      sample(
        'http_server_request_duration_count',
        'http_request_method="POST",http_route="/api/booking/:id/schedule",http_response_status_code="200"',
      ),
    ).toBe('1');
    expect(sample('therapyhub_job_queue_depth', 'job="deliver-queued-emails"')).toBe('3');
    expect(sample('therapyhub_job_lag', 'job="deliver-queued-emails"')).toBe('90');
    expect(sample('therapyhub_outbox_backlog', 'outbox="emails"')).toBe('3');
    expect(sample('therapyhub_sockets_open', '')).toBe('2');
    expect(sample('therapyhub_db_pool_connections', 'state="waiting"')).toBe('1');
    // The scrape itself is neither traced nor counted.
    expect(text).not.toContain('http_route="/api/metrics"');
    expect(requestSpans().some((span) => span.attributes['http.route'] === '/api/metrics')).toBe(false);
  });
});

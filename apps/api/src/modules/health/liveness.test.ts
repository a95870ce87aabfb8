import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

// The liveness probe answered by the HTTP server before Fastify (liveness.ts), over a real socket:
// `app.inject` never goes through the server.
let t: TestApp;
let app: FastifyInstance;
let base: string;
/** Requests that reached the framework. */
let throughFastify = 0;

beforeAll(async () => {
  t = await buildTestApp({
    app: { trustProxy: true },
    // onSend runs for every answer the framework sends, refusals too (an onRequest hook added here
    // would come after app.ts's, which refuse a wrong header).
    beforeReady: (built) =>
      built.addHook('onSend', (_request, _reply, payload, done) => {
        throughFastify++;
        done(null, payload);
      }),
  });
  app = t.app;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A request's answer and whether it reached the framework. */
async function probe(path: string, init: RequestInit = {}) {
  const before = throughFastify;
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { response, text, framework: throughFastify > before };
}

/** Headers that differ by answer or by connection, not by who answered. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'content-length']);
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name.toLowerCase())));

describe('the liveness probe', () => {
  it('answers a plain GET before the framework, with the headers and body the route answers', async () => {
    const { response, text, framework } = await probe('/api/health');
    expect(framework).toBe(false);
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const route = await app.inject({ url: '/api/health' });
    expect(route.statusCode).toBe(200);
    expect(comparable(Object.fromEntries(response.headers))).toEqual(comparable(route.headers));
    expect(Object.keys(route.json())).toEqual(Object.keys(JSON.parse(text)));
  });

  it('keeps a sane X-Request-Id and replaces one that is not', async () => {
    const kept = await probe('/api/health', { headers: { 'x-request-id': 'probe-1234_abc' } });
    expect(kept.framework).toBe(false);
    expect(kept.response.headers.get('x-request-id')).toBe('probe-1234_abc');
    const replaced = await probe('/api/health', { headers: { 'x-request-id': 'not a token!' } });
    expect(replaced.framework).toBe(false);
    expect(replaced.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves headers the framework checks to the framework: a wrong X-Language answers 400', async () => {
    const { response, text, framework } = await probe('/api/health', { headers: { 'x-language': 'xx' } });
    expect(framework).toBe(true);
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ code: 'INVALID_HEADER' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('leaves a proxied https request to the framework, which adds HSTS', async () => {
    const { response, framework } = await probe('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(framework).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('leaves HEAD, a query string and a trailing slash to the framework', async () => {
    const head = await probe('/api/health', { method: 'HEAD' });
    expect([head.framework, head.response.status]).toEqual([true, 200]);
    const query = await probe('/api/health?from=lb');
    expect([query.framework, query.response.status]).toEqual([true, 200]);
    expect(JSON.parse(query.text)).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    const slash = await probe('/api/health/', { redirect: 'manual' });
    expect(slash.framework).toBe(true);
    const ready = await probe('/api/health/ready');
    expect([ready.framework, ready.response.status]).toEqual([true, 200]);
  });

  it('leaves the probe to the framework once the server stops listening (shutdown)', async () => {
    // server.close() also ends idle kept-alive sockets, so a request on one cannot be timed
    // into the drain; the server is made to say it no longer listens instead.
    const listening = vi.spyOn(app.server, 'listening', 'get').mockReturnValue(false);
    try {
      const { response, framework } = await probe('/api/health');
      expect(framework).toBe(true);
      expect(response.status).toBe(200);
    } finally {
      listening.mockRestore();
    }
    expect((await probe('/api/health')).framework).toBe(false);
  });

  it('keeps the server timeouts Fastify sets on a server of its own', async () => {
    const plain = Fastify();
    try {
      for (const name of ['keepAliveTimeout', 'requestTimeout', 'timeout', 'maxRequestsPerSocket'] as const) {
        expect(app.server[name], name).toBe(plain.server[name]);
      }
    } finally {
      await plain.close();
    }
  });
});

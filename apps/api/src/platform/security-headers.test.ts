import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { API_POLICY } from './csp.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers every API call, signed in or not, with Cache-Control: no-store', async () => {
    const user = await createTestUser(t, { role: 'client' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: user.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/info' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers on answers refused before any route (a bad header, a write in view mode)', async () => {
    const badHeader = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-language': 'xx' } });
    const viewModeWrite = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-view-mode': '1' },
    });
    expect([badHeader.statusCode, viewModeWrite.statusCode]).toEqual([400, 403]);
    expect(badHeader.json()).toMatchObject({ code: 'INVALID_HEADER' });
    expect(viewModeWrite.json()).toMatchObject({ code: 'VIEW_MODE_READ_ONLY' });
    for (const refused of [badHeader, viewModeWrite]) {
      expect(refused.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': API_POLICY,
        'cache-control': 'no-store',
      });
      expect(refused.headers['x-request-id']).toBeDefined();
    }
  });

  it('sends no HSTS over plain http, even when the request claims https without a trusted proxy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const proxied = await buildApp(t.deps, { trustProxy: true });
    try {
      const secure = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const insecure = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it("sends helmet's headers with a policy with a nonce of its own in every page's answer, and a short fixed set in the API's data answers", async () => {
    const answers = await Promise.all(
      [
        '/api/health',
        '/api/nothing-here',
        '/nothing-here',
        '/nothing-here',
        '/api/docs/',
        '/api/docs/static/index.html',
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const answer of answers) expect(answer.headers['x-powered-by']).toBeUndefined();
    const [health, missing, ...pages] = answers;
    expect(API_POLICY).toBe("default-src 'none';frame-ancestors 'none'");
    for (const data of [health, missing]) {
      expect(data?.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'content-security-policy': API_POLICY,
      });
      for (const documentOnly of ['cross-origin-opener-policy', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(data?.headers[documentOnly]).toBeUndefined();
      }
    }
    const nonces = pages.map((page) => {
      expect(page.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-dns-prefetch-control': 'off',
      });
      const policy = String(page.headers['content-security-policy']);
      const nonce = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(policy)?.[1];
      expect(nonce).toBeDefined();
      expect(policy.replace(nonce as string, 'N')).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self' 'nonce-N';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:;frame-src 'self' blob:",
      );
      return nonce;
    });
    expect(new Set(nonces).size).toBe(4);
  });
});

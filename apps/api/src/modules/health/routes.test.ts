import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers liveness on /api/health without asking the database', async () => {
    const execute = vi.spyOn(t.deps.database.db, 'execute');
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
  });

  it('reports a reachable database on /api/health/ready', async () => {
    const res = await t.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true, driver: t.deps.database.driver } });
  });

  it('answers readiness 503 degraded when the database fails', async () => {
    const execute = vi.spyOn(t.deps.database.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
      const live = await t.app.inject({ url: '/api/health' });
      expect(live.statusCode).toBe(200);
    } finally {
      execute.mockRestore();
    }
  });

  it('answers an unknown /api path with a JSON 404, never HTML', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here?x=1', headers: { 'x-language': 'de' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'Unter GET /api/nothing/here gibt es nichts' });
  });

  it('serves the OpenAPI document with the lookup paths', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/region/country', '/api/categories/concerns/top', '/api/preferences/{name}']),
    );
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

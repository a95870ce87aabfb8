import type { UserRole } from '@app/shared/schemas/auth-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/factories.ts';

const ROLES: UserRole[] = ['client', 'provider', 'admin'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The bodies a caller without the right to a route may send: none, empty, and broken JSON. */
const BODIES = [
  { label: 'no body', payload: undefined, headers: {} },
  { label: 'empty object', payload: '{}', headers: { 'content-type': 'application/json' } },
  { label: 'malformed JSON', payload: '{"broken":', headers: { 'content-type': 'application/json' } },
] as const;

/**
 * Walks every route of the OpenAPI document: a caller who may not use a route learns 401
 * (anonymous) or 403 (wrong role) before anything about its parameters or body (never 400).
 */
describe('access is decided before input', () => {
  let t: TestApp;
  const tokens = new Map<UserRole, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    for (const role of ROLES) tokens.set(role, (await createTestUser(t, { role })).headers.authorization);
  });
  afterAll(() => t.close());

  it('answers 401 to anonymous callers and 403 to the wrong role on every guarded route, whatever the body', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const wrong: string[] = [];
    let routes = 0;
    let guarded = 0;
    let calls = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        routes += 1;
        const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
        const access = t.app.routeAccess.get(`${method} ${fastifyPath}`);
        if (!access) continue;
        guarded += 1;
        // Path parameters that would fail validation: the guard must answer first anyway.
        const url = path.replace(/\{\w+\}/g, 'not-an-id');
        const callers: { who: string; authorization?: string; expected: number }[] = [
          { who: 'anonymous', expected: 401 },
        ];
        if (access.roles !== 'any') {
          for (const role of ROLES.filter((r) => !access.roles.includes(r))) {
            callers.push({ who: role, authorization: tokens.get(role), expected: 403 });
          }
        }
        for (const caller of callers) {
          for (const body of WRITE_METHODS.has(method) ? BODIES : BODIES.slice(0, 1)) {
            calls += 1;
            const response = await t.app.inject({
              method: method as 'GET',
              url,
              payload: body.payload,
              headers: { ...body.headers, ...(caller.authorization ? { authorization: caller.authorization } : {}) },
            });
            if (response.statusCode !== caller.expected) {
              wrong.push(`${method} ${path} as ${caller.who}, ${body.label}: ${response.statusCode}`);
            }
          }
        }
      }
    }
    console.info(`access walk: ${routes} routes in the OpenAPI document, ${guarded} guarded, ${calls} calls`);
    expect(wrong).toEqual([]);
    expect(guarded).toBeGreaterThan(50);
  });

  it('refuses at start-up a route that declares its guard after the body is validated', async () => {
    const { buildApp } = await import('../app.ts');
    const { authenticate } = await import('./auth-guard.ts');
    const app = await buildApp(t.deps);
    await expect(
      app.register(async (scope) => {
        scope.post('/late-guard', { preHandler: authenticate }, () => ({}));
      }),
    ).rejects.toThrow('declare authenticate/requireRole in onRequest, not preHandler');
    await app.close().catch(() => undefined);
  });
});

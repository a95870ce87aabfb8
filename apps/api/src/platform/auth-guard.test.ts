import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestUser } from '../../test/factories.ts';
import { authSessions, users } from '../db/schema/index.ts';
import { authenticate, requireRole } from './auth-guard.ts';
import { fixedClock } from './clock.ts';
import { signAccessToken } from './tokens.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 60 } });
});
afterAll(() => t.close());

async function guardedApp() {
  const Fastify = (await import('fastify')).default;
  const { registerErrorHandling } = await import('./error-handler.ts');
  const app = Fastify();
  app.decorate('deps', t.deps);
  app.decorateRequest('language', 'en');
  app.decorateRequest('actor', null as never);
  registerErrorHandling(app);
  app.get('/me', { preHandler: authenticate }, (request) => request.actor);
  app.get('/provider-only', { preHandler: requireRole('provider') }, () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('auth guard', () => {
  it('accepts a live access token and exposes the actor', async () => {
    const app = await guardedApp();
    const user = await createTestUser(t, { role: 'client' });
    const res = await app.inject({ url: '/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: user.id, role: 'client', sessionId: user.sessionId });
  });

  it('answers 401 UNAUTHENTICATED without a token or with a forged one', async () => {
    const app = await guardedApp();
    expect((await app.inject({ url: '/me' })).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const user = await createTestUser(t);
    const forged = await signAccessToken(
      { secret: 'another-secret-that-is-long-enough-000000', ttlSeconds: 60, now: clock.now() },
      { userId: user.id, role: 'admin', sessionId: user.sessionId },
    );
    const res = await app.inject({ url: '/me', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${user.id}"}`).toString('base64url')}.`;
    expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);
  });

  it('answers 401 TOKEN_EXPIRED once the access token is older than its TTL', async () => {
    const app = await guardedApp();
    const user = await createTestUser(t);
    clock.advance(61_000);
    const res = await app.inject({ url: '/me', headers: user.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'Your session has expired' });
  });

  it('refuses a token whose session was revoked', async () => {
    const app = await guardedApp();
    const user = await createTestUser(t);
    await t.deps.db.update(authSessions).set({ revokedAt: clock.now() }).where(eq(authSessions.id, user.sessionId));
    expect((await app.inject({ url: '/me', headers: user.headers })).statusCode).toBe(401);
  });

  it('refuses a live token once its session has expired, its user is suspended or erased, or it is another user’s', async () => {
    const app = await guardedApp();
    const ok = async (headers: Record<string, string>) => (await app.inject({ url: '/me', headers })).statusCode;
    const expiring = await createTestUser(t);
    expect(await ok(expiring.headers)).toBe(200);
    await t.deps.db
      .update(authSessions)
      .set({ expiresAt: new Date(clock.now().getTime() - 1) })
      .where(eq(authSessions.id, expiring.sessionId));
    expect(await ok(expiring.headers)).toBe(401);
    const suspended = await createTestUser(t);
    await t.deps.db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.id, suspended.id));
    expect(await ok(suspended.headers)).toBe(401);
    const erased = await createTestUser(t);
    await t.deps.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, erased.id));
    expect(await ok(erased.headers)).toBe(401);
    // A token naming someone else's session (the statement is prepared: each call's values count).
    const other = await createTestUser(t);
    const borrowed = await signAccessToken(
      { secret: t.deps.config.APP_SECRET, ttlSeconds: 60, now: clock.now() },
      { userId: other.id, role: 'client', sessionId: expiring.sessionId },
    );
    expect(await ok({ authorization: `Bearer ${borrowed}` })).toBe(401);
    expect(await ok(other.headers)).toBe(200);
  });

  it('answers 403 for the wrong role', async () => {
    const app = await guardedApp();
    const client = await createTestUser(t, { role: 'client' });
    const provider = await createTestUser(t, { role: 'provider' });
    expect((await app.inject({ url: '/provider-only', headers: client.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/provider-only', headers: provider.headers })).statusCode).toBe(200);
  });
});

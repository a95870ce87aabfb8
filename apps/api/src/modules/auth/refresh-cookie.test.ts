import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { users } from '../../db/schema/index.ts';
import { pageViewer } from '../../platform/auth-guard.ts';
import { fixedClock } from '../../platform/clock.ts';
import { PAGE_COOKIE } from '../../platform/tokens.ts';
import { clientBody, GENEROUS_LIMITS, PASSWORD, registerVerified } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

function cookieOf(setCookie: string | string[] | undefined, name = 'rt'): string {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  return header.split('\n').find((line) => line.startsWith(`${name}=`)) ?? '';
}

function cookieValue(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
}

async function signIn() {
  const { email, userId } = await registerVerified(t, clientBody());
  const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
  expect(login.statusCode).toBe(200);
  return { userId, login, pageToken: cookieValue(cookieOf(login.headers['set-cookie'], PAGE_COOKIE)) };
}

describe('web refresh cookie', () => {
  it('sets an httpOnly, strict, /api/auth-scoped cookie on login that refresh accepts and rotates', async () => {
    const { email } = await registerVerified(t, clientBody());
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(cookie).toMatch(/^rt=[^;]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
    expect(cookie.slice(3, cookie.indexOf(';'))).toBe(login.json().refreshToken);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: login.json().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = cookieOf(refreshed.headers['set-cookie']);
    expect(rotated.slice(3, rotated.indexOf(';'))).toBe(refreshed.json().refreshToken);
    expect(refreshed.json().refreshToken).not.toBe(login.json().refreshToken);

    // The second cookie is used too; the first, rotated and its successor used, is then reuse and
    // ends the session (within the grace for a lost answer as well).
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: refreshed.json().refreshToken },
    });
    expect(next.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: login.json().refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: next.json().refreshToken },
    });
    expect(after.statusCode).toBe(401);
  });

  it('clears the cookie on invalidate', async () => {
    const { email } = await registerVerified(t, clientBody());
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invalidate',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out.headers['set-cookie'])).toMatch(/^rt=;.*Max-Age=0|^rt=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('page credential cookie (server renders of signed-in pages)', () => {
  it('is set beside the refresh cookie: httpOnly, strict, for every path, as long as the session', async () => {
    const { login } = await signIn();
    const cookie = cookieOf(login.headers['set-cookie'], PAGE_COOKIE);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/;');
    expect(cookie).toContain(`Max-Age=${login.json().refreshTokenExp}`);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: login.json().refreshToken },
    });
    expect(cookieOf(refreshed.headers['set-cookie'], PAGE_COOKIE)).toMatch(/^pt=[^;]+;/);
  });

  it('names the live session for a page render, and no one once it ends', async () => {
    const { userId, login, pageToken } = await signIn();
    expect(await pageViewer(t.deps, `${PAGE_COOKIE}=${pageToken}`)).toEqual({
      userId,
      role: 'client',
      sessionId: expect.any(String),
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invalidate',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: {},
    });
    expect(cookieOf(out.headers['set-cookie'], PAGE_COOKIE)).toMatch(/^pt=;/);
    expect(await pageViewer(t.deps, `${PAGE_COOKIE}=${pageToken}`)).toBeNull();
  });

  it('names no one for a suspended user, another kind of token, or a tampered one', async () => {
    const { userId, login, pageToken } = await signIn();
    expect(await pageViewer(t.deps, `${PAGE_COOKIE}=${login.json().token}`)).toBeNull();
    const [header, payload, signature] = pageToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await pageViewer(t.deps, `${PAGE_COOKIE}=${header}.${forged}.${signature}`)).toBeNull();
    expect(await pageViewer(t.deps, undefined)).toBeNull();
    await t.deps.db.update(users).set({ suspendedAt: t.deps.clock.now() }).where(eq(users.id, userId));
    expect(await pageViewer(t.deps, `${PAGE_COOKIE}=${pageToken}`)).toBeNull();
  });

  it('is never an API credential: as a bearer token or a cookie, the API refuses it', async () => {
    const { pageToken } = await signIn();
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/overview',
      headers: { authorization: `Bearer ${pageToken}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const asCookie = await t.app.inject({ method: 'GET', url: '/api/overview', cookies: { [PAGE_COOKIE]: pageToken } });
    expect(asCookie.statusCode).toBe(401);
  });
});

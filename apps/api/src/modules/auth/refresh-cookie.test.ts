import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { clientBody, GENEROUS_LIMITS, PASSWORD, registerVerified } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

function cookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  return header.split('\n').find((line) => line.startsWith('rt=')) ?? '';
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

    // The first cookie was rotated: presenting it again is reuse and ends the session.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: login.json().refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { rt: refreshed.json().refreshToken },
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { fixedClock } from '../../platform/clock.ts';
import { waitText } from '../../platform/rate-limits.ts';
import { clientBody, outbox, PASSWORD, registerVerified, uniqueEmail } from './auth-test-helpers.ts';

let t: TestApp;
const low = { max: 2, windowSeconds: 600 };

beforeAll(async () => {
  t = await buildTestApp({
    clock: fixedClock('2027-03-01T09:00:00Z'),
    config: {
      rateLimits: {
        loginPerEmail: low,
        loginPerIp: { max: 5, windowSeconds: 600 },
        registerPerIp: { max: 3, windowSeconds: 600 },
        emailRequestPerEmail: low,
        emailRequestPerIp: { max: 50, windowSeconds: 600 },
        tokenRedeemPerIp: low,
        emailChangePerUser: low,
      },
    },
  });
});
afterAll(() => t.close());

const TOO_MANY = /^Too many requests\. Please try again in (9|10) minutes\.$/;

function post(url: string, payload: Record<string, unknown>, options: { ip?: string; language?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.language ? { 'x-language': options.language } : {},
  });
}

describe('rate limits on the sign-in area', () => {
  it('limits login attempts per email with a translated 429, while other addresses go on', async () => {
    const { email } = await registerVerified(t, clientBody(), { ip: '10.1.0.1' });
    const ip = '10.0.0.1';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/api/user/login', { email, password: 'Wrong-password-1' }, { ip })).statusCode).toBe(401);
    }
    const blocked = await post('/api/user/login', { email, password: PASSWORD }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.json().message).toMatch(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(500);

    const german = await post('/api/user/login', { email, password: PASSWORD }, { ip: '10.0.0.9', language: 'de' });
    expect(german.statusCode).toBe(429);
    expect(german.json().message).toMatch(/^Zu viele Anfragen\. Bitte versuche es in (9|10) Minuten erneut\.$/);

    // Another address from the same IP is not blocked by this account's limit.
    expect((await post('/api/user/login', { email: uniqueEmail(), password: PASSWORD }, { ip })).statusCode).toBe(401);
  });

  it('limits login attempts per IP across addresses', async () => {
    const ip = '10.0.0.2';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await post('/api/user/login', { email: uniqueEmail(), password: PASSWORD }, { ip });
      expect(res.statusCode).toBe(401);
    }
    expect((await post('/api/user/login', { email: uniqueEmail(), password: PASSWORD }, { ip })).statusCode).toBe(429);
    expect(
      (await post('/api/user/login', { email: uniqueEmail(), password: PASSWORD }, { ip: '10.0.0.3' })).statusCode,
    ).toBe(401);
  });

  it('limits sign-ups per IP', async () => {
    const ip = '10.0.1.1';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/user/register', clientBody(), { ip })).statusCode).toBe(201);
    }
    const blocked = await post('/api/user/register', clientBody(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(TOO_MANY);
    expect((await post('/api/user/register', clientBody(), { ip: '10.0.1.2' })).statusCode).toBe(201);
  });

  it('limits reset and verification requests per address, the same for known and unknown ones', async () => {
    const { email } = await registerVerified(t, clientBody(), { ip: '10.1.0.2' });
    const ghost = uniqueEmail('ghost');
    for (const address of [email, ghost]) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await post('/api/user/request-password-reset', { email: address }, { ip: `10.0.2.${attempt}` });
        expect(res.statusCode).toBe(200);
      }
      const blocked = await post('/api/user/request-password-reset', { email: address }, { ip: '10.0.2.9' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(TOO_MANY);
    }
    // Two reset emails went out, not three.
    expect((await outbox(t, email)).filter((mail) => mail.template === 'auth.reset')).toHaveLength(2);

    const pending = uniqueEmail('pending');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/api/user/register/request-verification', { email: pending })).statusCode).toBe(200);
    }
    expect((await post('/api/user/register/request-verification', { email: pending })).statusCode).toBe(429);
  });

  it('limits redeeming verification and reset links per IP', async () => {
    const ip = '10.0.3.1';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/api/user/register/verify', { token: `guess-${attempt}` }, { ip })).statusCode).toBe(400);
    }
    expect(
      (await post('/api/user/password-reset', { token: 'guess', password: 'Quiet-harbour-77' }, { ip })).statusCode,
    ).toBe(429);
  });

  it('limits email-change requests per signed-in user', async () => {
    const { email } = await registerVerified(t, clientBody(), { ip: '10.1.0.3' });
    const session = (await post('/api/user/login', { email, password: PASSWORD }, { ip: '10.0.4.1' })).json();
    const change = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/profile/change-email',
        headers: { authorization: `Bearer ${session.token}` },
        payload: { email: address, confirmEmail: address },
      });
    expect((await change('first@ex.io')).statusCode).toBe(200);
    expect((await change('second@ex.io')).statusCode).toBe(200);
    expect((await change('third@ex.io')).statusCode).toBe(429);
  });

  it('words the wait in the request language', () => {
    expect(waitText('en', 600)).toBe('10 minutes');
    expect(waitText('de', 600)).toBe('10 Minuten');
    expect(waitText('en', 30)).toBe('30 seconds');
  });
});

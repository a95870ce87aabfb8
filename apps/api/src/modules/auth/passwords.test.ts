import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { authSessions, authTokens } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { verifyPassword } from '../../platform/password.ts';
import { decodeToken } from '../../platform/tokens.ts';
import {
  clientBody,
  GENEROUS_LIMITS,
  linkToken,
  login,
  NEW_PASSWORD,
  outbox,
  PASSWORD,
  registerVerified,
  uniqueEmail,
  userByEmail,
} from './auth-test-helpers.ts';
import { sha256 } from './secrets.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

async function requestReset(email: string) {
  const res = await post('/api/user/request-password-reset', { email });
  expect(res.statusCode).toBe(200);
  const [mail] = await outbox(t, email);
  return linkToken(mail!.text);
}

describe('POST /api/user/request-password-reset', () => {
  it('answers the same for known and unknown addresses; only the account gets a link, in its language', async () => {
    const { email } = await registerVerified(t, clientBody());
    const germanBody = clientBody();
    await post('/api/user/register', germanBody, { 'x-language': 'de' });
    const germanEmail = String(germanBody.email);
    const { db } = t.deps;

    const ghost = uniqueEmail('ghost');
    const known = await post('/api/user/request-password-reset', { email });
    const unknown = await post('/api/user/request-password-reset', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({
      message: 'If an account exists for this email, we have sent a link to reset the password.',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await outbox(t, ghost)).toEqual([]);

    const [mail] = await outbox(t, email);
    expect(mail).toMatchObject({ subject: 'Reset your password', template: 'auth.reset', language: 'en' });
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/reset-password\/\?token=[\w-]{43}/);
    const user = await userByEmail(t, email);
    const [stored] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user!.id), eq(authTokens.purpose, 'reset_password')));
    expect(stored?.tokenHash).toBe(sha256(linkToken(mail!.text)));
    expect(stored?.expiresAt.toISOString()).toBe('2027-03-01T10:00:00.000Z');

    await post('/api/user/request-password-reset', { email: germanEmail }, { 'x-language': 'en' });
    const [german] = await outbox(t, germanEmail);
    expect(german).toMatchObject({ subject: 'Setze dein Passwort zurück', language: 'de' });
    expect(german?.text).toContain('http://localhost:3000/de/reset-password/?token=');
  });
});

describe('POST /api/user/password-reset', () => {
  it('sets the new password, signs out every session and works once', async () => {
    const { email, userId } = await registerVerified(t, clientBody());
    const session = await login(t, email, PASSWORD);
    const token = await requestReset(email);

    const res = await post('/api/user/password-reset', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. You can sign in now.' });

    const user = await userByEmail(t, email);
    expect(await verifyPassword(user!.passwordHash!, NEW_PASSWORD)).toBe(true);
    const live = await t.deps.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await t.app.inject({ url: '/api/user/info', headers: session.headers })).statusCode).toBe(401);

    const oldLogin = await post('/api/user/login', { email, password: PASSWORD });
    expect(oldLogin.json().code).toBe('INVALID_CREDENTIALS');
    await login(t, email, NEW_PASSWORD);

    const again = await post('/api/user/password-reset', { token, password: 'Another-pass-55' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.' });
  });

  it('refuses a link older than one hour, and the earlier link once a new one was sent', async () => {
    const { email } = await registerVerified(t, clientBody());
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect((await post('/api/user/password-reset', { token: first, password: NEW_PASSWORD })).statusCode).toBe(400);

    clock.advance(3600 * 1000 + 1000);
    try {
      const res = await post('/api/user/password-reset', { token: second, password: NEW_PASSWORD });
      expect(res.json().code).toBe('INVALID_TOKEN');
    } finally {
      clock.set(START);
    }
    await login(t, email, PASSWORD);
  });

  it('validates the new password and changes nothing on bad input', async () => {
    const { email } = await registerVerified(t, clientBody());
    const token = await requestReset(email);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ password: 'short1' }, { password: ['Password too short'] }],
      [{ password: '123456789' }, { password: ['Password must contain at least one letter'] }],
      [{ password: NEW_PASSWORD, confirmPassword: 'Different-1' }, { confirmPassword: ['Passwords must match'] }],
      [{ password: 'password123' }, { password: ['This password is too common. Please choose a less common one.'] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await post('/api/user/password-reset', { token, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    const german = await post('/api/user/password-reset', { token, password: 'kurz' }, { 'x-language': 'de' });
    expect(german.json().fieldErrors).toEqual({ password: ['Passwort zu kurz'] });
    // The token survived the bad attempts.
    expect((await post('/api/user/password-reset', { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('verifies an unverified account (the link proves the mailbox)', async () => {
    const body = clientBody();
    await post('/api/user/register', body);
    const email = String(body.email);
    await post('/api/user/request-password-reset', { email });
    const [mail] = (await outbox(t, email)).filter((row) => row.template === 'auth.reset');
    expect(
      (await post('/api/user/password-reset', { token: linkToken(mail!.text), password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await userByEmail(t, email))?.emailVerifiedAt).not.toBeNull();
    await login(t, email, NEW_PASSWORD);
  });
});

describe('POST /api/user/profile/update-password', () => {
  async function update(headers: Record<string, string>, payload: Record<string, unknown>, language = 'en') {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/update-password',
      headers: { ...headers, 'x-language': language },
      payload,
    });
  }

  it('changes the password, keeps the current session, revokes the others and sends a notice', async () => {
    const { email, userId } = await registerVerified(t, clientBody());
    const current = await login(t, email, PASSWORD);
    const other = await login(t, email, PASSWORD);

    const res = await update(current.headers, {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed' });

    expect((await t.app.inject({ url: '/api/user/info', headers: current.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/info', headers: other.headers })).statusCode).toBe(401);
    const sessions = await t.deps.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    const bySid = new Map(sessions.map((row) => [row.id, row]));
    expect(bySid.get(String(decodeToken(current.token).sid))?.revokedAt).toBeNull();
    expect(bySid.get(String(decodeToken(other.token).sid))?.revokedReason).toBe('password_changed');

    await login(t, email, NEW_PASSWORD);
    const [notice] = await outbox(t, email);
    expect(notice).toMatchObject({ subject: 'Your password was changed', template: 'auth.passwordChanged' });
  });

  it('answers the exact messages for a wrong, unchanged, mismatched or common password', async () => {
    const { email } = await registerVerified(t, clientBody());
    const session = await login(t, email, PASSWORD);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { oldPassword: 'Wrong-password-1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { oldPassword: ['The password is incorrect'] },
      ],
      [
        { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other-pass-1' },
        { confirmPassword: ['Passwords must match'] },
      ],
      [
        { oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
        { newPassword: ['The new password must be different from the current one'] },
      ],
      [
        { oldPassword: PASSWORD, newPassword: 'iloveyou1', confirmPassword: 'iloveyou1' },
        { newPassword: ['This password is too common. Please choose a less common one.'] },
      ],
      [
        { oldPassword: '', newPassword: 'abc', confirmPassword: 'abc' },
        { oldPassword: ['This field is required'], newPassword: ['Password too short'] },
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const res = await update(session.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    const german = await update(
      session.headers,
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'x' },
      'de',
    );
    expect(german.json().fieldErrors).toEqual({ confirmPassword: ['Die Passwörter müssen übereinstimmen'] });
    await login(t, email, PASSWORD);
  });

  it('needs a signed-in user', async () => {
    const res = await update({}, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});

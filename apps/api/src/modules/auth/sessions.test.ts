import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { testDriver } from '../../../test/test-database.ts';
import { authRefreshTokens, authSessions } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { decodeToken } from '../../platform/tokens.ts';
import {
  clientBody,
  GENEROUS_LIMITS,
  login,
  PASSWORD,
  providerBody,
  registerVerified,
  uniqueEmail,
} from './auth-test-helpers.ts';
import { sha256 } from './secrets.ts';
import { LOST_RENEWAL_GRACE_MS } from './sessions.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

function refresh(app: TestApp, refreshToken?: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: refreshToken === undefined ? {} : { authorization: `Bearer ${refreshToken}` },
  });
}

function info(app: TestApp, token: string) {
  return app.app.inject({ url: '/api/user/info', headers: { authorization: `Bearer ${token}` } });
}

describe('POST /api/user/login', () => {
  it('answers a token pair with TTLs in seconds and the user, backed by a session and a hashed refresh token', async () => {
    const { email } = await registerVerified(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: email.toUpperCase(), password: PASSWORD },
      headers: { 'user-agent': 'vitest-browser' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      expiresIn: 900,
      refreshTokenExp: 2_592_000,
      user: { email, role: 'client', emailVerified: true },
    });
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);

    const claims = decodeToken(body.token);
    expect(claims).toMatchObject({ sub: body.user.identifier, role: 'client', typ: 'access' });
    expect(claims.exp! - claims.iat!).toBe(900);

    const [session] = await t.deps.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, String(claims.sid)));
    expect(session).toMatchObject({ userId: body.user.identifier, userAgent: 'vitest-browser', revokedAt: null });
    expect(session?.expiresAt.toISOString()).toBe('2027-03-31T09:00:00.000Z');
    const [stored] = await t.deps.db
      .select()
      .from(authRefreshTokens)
      .where(eq(authRefreshTokens.sessionId, session!.id));
    expect(stored).toMatchObject({ tokenHash: sha256(body.refreshToken), rotatedAt: null });

    const me = await info(t, body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await registerVerified(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'Not-the-password-9' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: uniqueEmail('ghost'), password: PASSWORD },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' });
    }
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'Not-the-password-9' },
      headers: { 'x-language': 'de' },
    });
    expect(german.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'E-Mail oder Passwort ist falsch' });
  });

  it('validates email and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: ['This field is required'], password: ['This field is required'] });
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'a@example.test', password: 'a'.repeat(65) },
    });
    expect(long.json().fieldErrors).toEqual({ password: ['Password must not exceed 64 characters'] });
  });

  it('puts the role in the token: a provider signs in as provider', async () => {
    const body = await providerBody(t);
    const { email } = await registerVerified(t, body);
    const answer = await login(t, email, PASSWORD);
    expect(decodeToken(answer.token).role).toBe('provider');
    expect(answer.user.role).toBe('provider');
  });
});

describe('access token expiry', () => {
  it('answers 401 TOKEN_EXPIRED after ACCESS_TOKEN_TTL, and a refresh gives a working token', async () => {
    const shortClock = fixedClock(START);
    const short = await buildTestApp({ clock: shortClock, config: { ...GENEROUS_LIMITS, ACCESS_TOKEN_TTL: 1 } });
    try {
      const { email } = await registerVerified(short);
      const answer = await login(short, email, PASSWORD);
      expect(answer.expiresIn).toBe(1);
      expect((await info(short, answer.token)).statusCode).toBe(200);

      shortClock.advance(2000);
      const expired = await info(short, answer.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'Your session has expired' });

      const renewed = await refresh(short, answer.refreshToken);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toMatchObject({ expiresIn: 1, refreshTokenExp: 2_592_000 });
      expect((await info(short, renewed.json().token)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use; the session slides forward', async () => {
    const { email } = await registerVerified(t);
    const first = await login(t, email, PASSWORD);
    clock.advance(60_000);
    try {
      const res = await refresh(t, first.refreshToken);
      expect(res.statusCode).toBe(200);
      const second = res.json();
      expect(Object.keys(second).sort()).toEqual(['expiresIn', 'refreshToken', 'refreshTokenExp', 'token']);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(decodeToken(second.token).sid).toBe(decodeToken(first.token).sid);

      const [old] = await t.deps.db
        .select()
        .from(authRefreshTokens)
        .where(eq(authRefreshTokens.tokenHash, sha256(first.refreshToken)));
      expect(old?.rotatedAt?.toISOString()).toBe('2027-03-01T09:01:00.000Z');
      const [session] = await t.deps.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(decodeToken(first.token).sid)));
      expect(session?.expiresAt.toISOString()).toBe('2027-03-31T09:01:00.000Z');

      const third = await refresh(t, second.refreshToken);
      expect(third.statusCode).toBe(200);
    } finally {
      clock.set(START);
    }
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const { email } = await registerVerified(t);
    const first = await login(t, email, PASSWORD);
    const second = (await refresh(t, first.refreshToken)).json();

    // Past the grace for a lost answer: a replay.
    clock.advance(LOST_RENEWAL_GRACE_MS + 1);
    const replay = await refresh(t, first.refreshToken).finally(() => clock.set(START));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });

    const sessionId = String(decodeToken(first.token).sid);
    const [session] = await t.deps.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(session).toMatchObject({ revokedReason: 'refresh_token_reuse' });
    expect(session?.revokedAt).not.toBeNull();

    // The thief's and the owner's newest tokens are both dead now.
    expect((await refresh(t, second.refreshToken)).statusCode).toBe(401);
    expect((await info(t, second.token)).statusCode).toBe(401);
    expect((await info(t, first.token)).statusCode).toBe(401);

    // Other sessions of the same user are untouched.
    const other = await login(t, email, PASSWORD);
    expect((await info(t, other.token)).statusCode).toBe(200);
  });

  it('renews again when the answer to a renewal was lost: the unused successor is given up', async () => {
    const { email } = await registerVerified(t);
    const first = await login(t, email, PASSWORD);
    // The server rotates and answers, but the tab never stores the answer (a reload cut it off).
    const lost = (await refresh(t, first.refreshToken)).json();
    clock.advance(LOST_RENEWAL_GRACE_MS);
    try {
      const again = await refresh(t, first.refreshToken);
      expect(again.statusCode).toBe(200);
      const renewed = again.json();
      expect(renewed.refreshToken).not.toBe(lost.refreshToken);
      expect(decodeToken(renewed.token).sid).toBe(decodeToken(first.token).sid);
      expect((await info(t, renewed.token)).statusCode).toBe(200);

      const sessionId = String(decodeToken(first.token).sid);
      const rows = await t.deps.db
        .select()
        .from(authRefreshTokens)
        .where(and(eq(authRefreshTokens.sessionId, sessionId), isNull(authRefreshTokens.rotatedAt)));
      // One live token in the family: the new one; the lost one was given up.
      expect(rows.map((row) => row.tokenHash)).toEqual([sha256(renewed.refreshToken)]);
      const [session] = await t.deps.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
      expect(session?.revokedAt).toBeNull();

      // The given-up token, presented later, is a replay: the session ends.
      clock.advance(LOST_RENEWAL_GRACE_MS + 1);
      expect((await refresh(t, lost.refreshToken)).statusCode).toBe(401);
      expect((await info(t, renewed.token)).statusCode).toBe(401);
    } finally {
      clock.set(START);
    }
  });

  it('treats a rotated token as a replay, even within the grace, once its successor was used', async () => {
    const { email } = await registerVerified(t);
    const first = await login(t, email, PASSWORD);
    // Each renewal a moment after the last, as a tab's renewals are (each waits for its answer).
    clock.advance(1);
    const second = (await refresh(t, first.refreshToken)).json();
    clock.advance(1);
    const third = (await refresh(t, second.refreshToken)).json();
    clock.advance(1);
    try {
      expect((await refresh(t, first.refreshToken)).statusCode).toBe(401);
      const [session] = await t.deps.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(decodeToken(first.token).sid)));
      expect(session?.revokedReason).toBe('refresh_token_reuse');
      expect((await refresh(t, third.refreshToken)).statusCode).toBe(401);
    } finally {
      clock.set(START);
    }
  });

  it('refuses a missing, unknown or access token, and an expired refresh token', async () => {
    expect((await refresh(t)).json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
    expect((await refresh(t, 'not-a-real-token')).statusCode).toBe(401);
    const { email } = await registerVerified(t);
    const answer = await login(t, email, PASSWORD);
    expect((await refresh(t, answer.token)).statusCode).toBe(401);

    clock.advance(2_592_000 * 1000 + 1000);
    try {
      expect((await refresh(t, answer.refreshToken)).statusCode).toBe(401);
    } finally {
      clock.set(START);
    }
  });
});

describe('POST /api/auth/invalidate', () => {
  it('ends the calling session only: its access and refresh tokens stop, another device stays signed in', async () => {
    const { email } = await registerVerified(t);
    const laptop = await login(t, email, PASSWORD);
    const phone = await login(t, email, PASSWORD);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/invalidate', headers: laptop.headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const [session] = await t.deps.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, String(decodeToken(laptop.token).sid)));
    expect(session).toMatchObject({ revokedReason: 'logout' });
    expect((await info(t, laptop.token)).statusCode).toBe(401);
    expect((await refresh(t, laptop.refreshToken)).statusCode).toBe(401);
    expect((await info(t, phone.token)).statusCode).toBe(200);
  });

  it('ends every session of the user with everywhere: true', async () => {
    const { email, userId } = await registerVerified(t);
    const laptop = await login(t, email, PASSWORD);
    const phone = await login(t, email, PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invalidate',
      headers: laptop.headers,
      payload: { everywhere: true },
    });
    expect(res.statusCode).toBe(204);
    const live = await t.deps.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    expect(live).toEqual([]);
    expect((await info(t, phone.token)).statusCode).toBe(401);
    expect((await refresh(t, phone.refreshToken)).statusCode).toBe(401);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/invalidate' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe.runIf(testDriver === 'pg')('concurrent refresh (PostgreSQL)', () => {
  it('rotates a refresh token used twice at once one use after the other, one live token left', async () => {
    const { email } = await registerVerified(t, clientBody());
    const answer = await login(t, email, PASSWORD);
    const results = await Promise.all([refresh(t, answer.refreshToken), refresh(t, answer.refreshToken)]);
    // The second waits for the first's rotation, then finds its successor unused: the first's
    // answer reads as lost, and its token is given up for the second's.
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    const sessionId = String(decodeToken(answer.token).sid);
    const rows = await t.deps.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.sessionId, sessionId));
    expect(rows).toHaveLength(3);
    const live = rows.filter((row) => row.rotatedAt === null).map((row) => row.tokenHash);
    const issued = results.map((res) => sha256(res.json().refreshToken));
    expect(live).toHaveLength(1);
    expect(issued).toContain(live[0]);

    // Past the grace, the one given up is a replay and ends the session.
    const givenUp = results.find((res) => sha256(res.json().refreshToken) !== live[0]);
    clock.advance(LOST_RENEWAL_GRACE_MS + 1);
    try {
      expect((await refresh(t, givenUp?.json().refreshToken)).statusCode).toBe(401);
    } finally {
      clock.set(START);
    }
    const [session] = await t.deps.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    expect(session?.revokedReason).toBe('refresh_token_reuse');
  });
});

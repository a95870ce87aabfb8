import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { tamperedTail } from '../../../test/factories.ts';
import { subjectOf } from '../../../test/local-oidc-provider.mjs';
import {
  authIdentities,
  authOidcFlows,
  authSessions,
  countries,
  termsAcceptances,
  users,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { clientBody, login, PASSWORD, registerVerified, uniqueEmail, userByEmail } from './auth-test-helpers.ts';
import {
  CALLBACK_URL,
  callback,
  googleConfig,
  googleSignIn,
  type LocalOidcProvider,
  landing,
  setCookie,
  signInAtProvider,
  startGoogle,
  startTestProvider,
} from './google-test-helpers.ts';
import { sha256 } from './secrets.ts';

// Our rows follow this clock; the provider's tokens are checked against real time, so it starts now.
const clock = fixedClock(new Date());
let provider: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider();
  t = await buildTestApp({ clock, config: googleConfig(provider) });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function usersWith(email: string) {
  const [row] = await t.deps.db.select({ n: count() }).from(users).where(eq(users.email, email));
  return row?.n ?? 0;
}

async function sessionsOf(userId: string) {
  const [row] = await t.deps.db.select({ n: count() }).from(authSessions).where(eq(authSessions.userId, userId));
  return row?.n ?? 0;
}

async function identityOf(subject: string) {
  const [row] = await t.deps.db.select().from(authIdentities).where(eq(authIdentities.subject, subject));
  return row ?? null;
}

describe('GET /api/auth/google', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, and binds the state to a cookie', async () => {
    const { location, stateCookie, response } = await startGoogle(t, '?lang=de&redirect=%2Fde%2Fwallet%2F');
    expect(location.origin).toBe(provider.issuer);
    expect(location.pathname).toBe('/auth');
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: CALLBACK_URL,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: stateCookie,
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(stateCookie).toMatch(/^[\w-]{43}$/);
    expect(setCookie(response, 'g_state')?.line).toMatch(/HttpOnly/);
    expect(setCookie(response, 'g_state')?.line).toMatch(/SameSite=Lax/);
    expect(setCookie(response, 'g_state')?.line).toMatch(/Path=\/api\/auth\/google/);

    // The database keeps the state's hash, the nonce and the verifier; never the state itself.
    const [flow] = await t.deps.db
      .select()
      .from(authOidcFlows)
      .where(eq(authOidcFlows.stateHash, sha256(stateCookie)));
    expect(flow).toMatchObject({ provider: 'google', language: 'de', returnTo: '/de/wallet/', usedAt: null });
    expect(flow?.nonce).toBe(params.nonce);
    expect(flow?.codeVerifier).toMatch(/^[\w-]{43}$/);
    expect(flow?.expiresAt.getTime()).toBe(clock.now().getTime() + 10 * 60 * 1000);
  });

  it('drops a return path that leaves the site', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { stateCookie } = await startGoogle(t, `?redirect=${encodeURIComponent(redirect)}`);
      const [flow] = await t.deps.db
        .select()
        .from(authOidcFlows)
        .where(eq(authOidcFlows.stateHash, sha256(stateCookie)));
      expect(flow?.returnTo).toBeNull();
    }
  });
});

describe('signing up and in with Google', () => {
  it('creates a verified client without a password (isSocial) and signs it in with our own tokens', async () => {
    const email = uniqueEmail('google.new');
    const { response, landing: to } = await googleSignIn(
      t,
      { email, givenName: 'Ngozi', familyName: 'Eze' },
      '?lang=de&timezone=Europe%2FBerlin',
    );
    expect(response.statusCode).toBe(302);
    expect(to.pathname).toBe('/de/login/google/');
    expect(to.searchParams.get('created')).toBe('1');
    expect(to.searchParams.get('error')).toBeNull();
    expect(setCookie(response, 'g_state')?.line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const rt = setCookie(response, 'rt');
    expect(rt?.line).toMatch(/HttpOnly/);
    expect(rt?.line).toMatch(/Path=\/api\/auth/);

    const user = await userByEmail(t, email);
    expect(user).toMatchObject({
      role: 'client',
      isSocial: true,
      passwordHash: null,
      firstName: 'Ngozi',
      lastName: 'Eze',
      language: 'de',
      timezone: 'Europe/Berlin',
      deletedAt: null,
    });
    expect(user?.emailVerifiedAt?.getTime()).toBe(clock.now().getTime());
    const identity = await identityOf(subjectOf(email));
    expect(identity).toMatchObject({ userId: user?.id, provider: 'google', email });
    const [terms] = await t.deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, user!.id));
    expect(terms).toBeDefined();
    expect(await sessionsOf(user!.id)).toBe(1);

    // The refresh cookie is a real session: the web page trades it for an access token.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { rt: rt!.value } });
    expect(refreshed.statusCode).toBe(200);
    const info = await t.app.inject({
      url: '/api/user/info',
      headers: { authorization: `Bearer ${refreshed.json().token}` },
    });
    expect(info.json()).toMatchObject({ email, role: 'client', isSocial: true, emailVerified: true });
  });

  it('takes the country from the visitor and the main zone of that country when the browser sends none', async () => {
    const email = uniqueEmail('google.gb');
    const started = await startGoogle(t, '', { 'x-country-code': 'GB' });
    const redirect = await signInAtProvider(started.location, { email });
    const response = await callback(t, redirect, { g_state: started.stateCookie });
    expect(landing(response).pathname).toBe('/login/google/');
    const user = await userByEmail(t, email);
    const [gb] = await t.deps.db.select().from(countries).where(eq(countries.code, 'GB'));
    expect(user).toMatchObject({ countryId: gb?.id, timezone: 'Europe/London', language: 'en', firstName: null });
  });

  it('signs a returning Google account into the same account, by its subject, and back to where it was', async () => {
    const email = uniqueEmail('google.back');
    await googleSignIn(t, { email });
    const first = await userByEmail(t, email);
    clock.advance(60_000);
    const { landing: to, response } = await googleSignIn(t, { email }, '?redirect=%2Fwallet%2F');
    expect(to.pathname).toBe('/login/google/');
    expect(to.searchParams.get('redirect')).toBe('/wallet/');
    expect(to.searchParams.get('created')).toBeNull();
    expect(setCookie(response, 'rt')).toBeDefined();
    expect(await usersWith(email)).toBe(1);
    expect(await sessionsOf(first!.id)).toBe(2);
    expect((await identityOf(subjectOf(email)))?.lastSignInAt?.getTime()).toBe(clock.now().getTime());
  });

  it('has no password to sign in with, and deletes the account without one (SPEC.md §6); the Google account may then start afresh', async () => {
    const email = uniqueEmail('google.delete');
    const { response } = await googleSignIn(t, { email });
    const rt = setCookie(response, 'rt')!.value;
    const user = await userByEmail(t, email);

    const passwordLogin = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'anything-at-all-1' },
    });
    expect(passwordLogin.statusCode).toBe(401);
    expect(passwordLogin.json().code).toBe('INVALID_CREDENTIALS');

    const { token } = (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { rt } })).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Account Deleted Successfully' });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user!.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(await identityOf(subjectOf(email))).toBeNull();

    const again = await googleSignIn(t, { email });
    expect(again.landing.searchParams.get('created')).toBe('1');
    const fresh = await userByEmail(t, email);
    expect(fresh?.id).not.toBe(user?.id);
  });
});

describe('what the callback refuses', () => {
  it('a tampered state: nothing is created, and the started sign-in is spent', async () => {
    const email = uniqueEmail('google.state');
    const started = await startGoogle(t);
    const redirect = await signInAtProvider(started.location, { email });
    const tampered = new URL(redirect);
    tampered.searchParams.set('state', tamperedTail(started.stateCookie, 2));
    const response = await callback(t, tampered, { g_state: started.stateCookie });
    expect(response.statusCode).toBe(302);
    expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(setCookie(response, 'rt')).toBeUndefined();
    expect(await usersWith(email)).toBe(0);

    const genuine = await callback(t, redirect, { g_state: started.stateCookie });
    expect(landing(genuine).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(await usersWith(email)).toBe(0);
  });

  it('a callback in a browser that did not start the sign-in (no state cookie, or another one)', async () => {
    const email = uniqueEmail('google.csrf');
    const started = await startGoogle(t);
    const redirect = await signInAtProvider(started.location, { email });
    const other = await startGoogle(t);
    for (const cookies of [{}, { g_state: other.stateCookie }] as Record<string, string>[]) {
      const response = await callback(t, redirect, cookies);
      expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    }
    expect(await usersWith(email)).toBe(0);
  });

  it('a replayed code: the same callback again, and the code slipped into a new sign-in', async () => {
    const email = uniqueEmail('google.replay');
    const { providerRedirect, started } = await googleSignIn(t, { email });
    const user = await userByEmail(t, email);
    expect(await sessionsOf(user!.id)).toBe(1);

    const replay = await callback(t, providerRedirect, { g_state: started.stateCookie });
    expect(landing(replay).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(setCookie(replay, 'rt')).toBeUndefined();

    // A fresh sign-in whose state matches, carrying the spent code: the provider refuses it.
    const fresh = await startGoogle(t);
    const injected = new URL(providerRedirect);
    injected.searchParams.set('state', fresh.stateCookie);
    const response = await callback(t, injected, { g_state: fresh.stateCookie });
    expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(setCookie(response, 'rt')).toBeUndefined();
    expect(await sessionsOf(user!.id)).toBe(1);
  });

  it('an ID token carrying another nonce than the one this sign-in sent', async () => {
    const email = uniqueEmail('google.nonce');
    const started = await startGoogle(t);
    const swapped = new URL(started.location);
    swapped.searchParams.set('nonce', 'a-nonce-from-some-other-authorization-request');
    const redirect = await signInAtProvider(swapped, { email });
    expect(redirect.searchParams.get('code')).toBeTruthy();
    const response = await callback(t, redirect, { g_state: started.stateCookie });
    expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(setCookie(response, 'rt')).toBeUndefined();
    expect(await usersWith(email)).toBe(0);
    expect(await identityOf(subjectOf(email))).toBeNull();
  });

  it('a suspended account opens no session, whether linked already or waiting for a link', async () => {
    const email = uniqueEmail('google.suspended');
    await googleSignIn(t, { email });
    const linked = await userByEmail(t, email);
    await t.deps.db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.id, linked!.id));
    const before = await sessionsOf(linked!.id);
    const { landing: to, response } = await googleSignIn(t, { email });
    expect(to.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
    expect(setCookie(response, 'rt')).toBeUndefined();
    expect(await sessionsOf(linked!.id)).toBe(before);

    const { userId, email: other } = await registerVerified(t, clientBody());
    await t.deps.db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.id, userId));
    const second = await googleSignIn(t, { email: other });
    expect(second.landing.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
    expect(setCookie(second.response, 'g_link')).toBeUndefined();
    expect(await sessionsOf(userId)).toBe(0);
  });

  it('an address Google has not verified: no account is created', async () => {
    const email = uniqueEmail('google.unverified');
    const { landing: to, response } = await googleSignIn(t, { email, emailVerified: false }, '?lang=de');
    expect(to.pathname).toBe('/de/login/google/');
    expect(to.searchParams.get('error')).toBe('GOOGLE_EMAIL_UNVERIFIED');
    expect(setCookie(response, 'rt')).toBeUndefined();
    expect(await usersWith(email)).toBe(0);
    expect(await identityOf(subjectOf(email))).toBeNull();
  });

  it('an address Google has not verified never links to the existing account with it', async () => {
    const body = clientBody();
    const { userId, email } = await registerVerified(t, body);
    const { landing: to, response } = await googleSignIn(t, { email, emailVerified: false });
    expect(to.searchParams.get('error')).toBe('GOOGLE_EMAIL_UNVERIFIED');
    expect(setCookie(response, 'g_link')).toBeUndefined();
    expect(await identityOf(subjectOf(email))).toBeNull();
    expect(await sessionsOf(userId)).toBe(0);
    // The account itself is untouched.
    await login(t, email, PASSWORD);
  });

  it('a sign-in that comes back after 10 minutes', async () => {
    const email = uniqueEmail('google.late');
    const started = await startGoogle(t);
    const redirect = await signInAtProvider(started.location, { email });
    clock.advance(10 * 60 * 1000 + 1);
    const response = await callback(t, redirect, { g_state: started.stateCookie });
    expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_FAILED');
    expect(await usersWith(email)).toBe(0);
  });

  it('the person saying no at Google', async () => {
    const started = await startGoogle(t);
    const denied = new URL(CALLBACK_URL);
    denied.search = new URLSearchParams({
      error: 'access_denied',
      state: started.stateCookie,
      iss: provider.issuer,
    }).toString();
    const response = await callback(t, denied, { g_state: started.stateCookie });
    expect(landing(response).searchParams.get('error')).toBe('GOOGLE_SIGN_IN_CANCELLED');
  });
});

describe('two first sign-ins of one Google account at once', () => {
  it('make exactly one account, and both are signed into it', async () => {
    const email = uniqueEmail('google.race');
    const first = await startGoogle(t);
    const second = await startGoogle(t);
    const redirects = [
      await signInAtProvider(first.location, { email }),
      await signInAtProvider(second.location, { email }),
    ];
    const responses = await Promise.all([
      callback(t, redirects[0]!, { g_state: first.stateCookie }),
      callback(t, redirects[1]!, { g_state: second.stateCookie }),
    ]);
    for (const response of responses) {
      expect(landing(response).searchParams.get('error')).toBeNull();
      expect(setCookie(response, 'rt')).toBeDefined();
    }
    expect(await usersWith(email)).toBe(1);
    const user = await userByEmail(t, email);
    expect(await sessionsOf(user!.id)).toBe(2);
  });
});

describe('when Google sign-in is not configured, or unreachable', () => {
  it('answers 404 on every Google route while GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset', async () => {
    const bare = await buildTestApp();
    try {
      for (const [method, url] of [
        ['GET', '/api/auth/google'],
        ['GET', '/api/auth/google/callback?code=x&state=y'],
        ['GET', '/api/auth/google/link'],
        ['POST', '/api/auth/google/link/password'],
        ['POST', '/api/auth/google/link/email'],
        ['POST', '/api/auth/google/link/confirm'],
      ] as const) {
        const response = await bare.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    } finally {
      await bare.close();
    }
  });

  it('sends the browser back with GOOGLE_UNAVAILABLE when the provider cannot be reached', async () => {
    const down = await buildTestApp({
      config: googleConfig(provider, { GOOGLE_ISSUER: 'http://127.0.0.1:9/' }),
    });
    try {
      const response = await down.app.inject({ url: '/api/auth/google?lang=de' });
      expect(response.statusCode).toBe(302);
      expect(String(response.headers.location)).toBe('/de/login/google/?error=GOOGLE_UNAVAILABLE');
      expect(setCookie(response, 'g_state')).toBeUndefined();
    } finally {
      await down.close();
    }
  });

  it('rate-limits the start and the callback per address like the other sign-in routes', async () => {
    const limited = await buildTestApp({
      config: googleConfig(provider, {
        rateLimits: {
          googleStartPerIp: { max: 3, windowSeconds: 900 },
          googleCallbackPerIp: { max: 2, windowSeconds: 900 },
        },
      }),
    });
    try {
      const started = await startGoogle(limited);
      for (let i = 0; i < 2; i += 1) {
        const response = await limited.app.inject({ url: '/api/auth/google/callback?state=x' });
        expect(response.statusCode).toBe(302);
      }
      const blocked = await limited.app.inject({ url: '/api/auth/google/callback?state=x' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
      expect(blocked.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      const redirect = await signInAtProvider(started.location, { email: uniqueEmail('google.limit') });
      const other = await limited.app.inject({
        url: `${redirect.pathname}${redirect.search}`,
        cookies: { g_state: started.stateCookie },
        remoteAddress: '10.9.8.7',
      });
      expect(other.statusCode).toBe(302);
      expect(landing(other).searchParams.get('error')).toBeNull();

      await startGoogle(limited);
      await startGoogle(limited);
      const tooMany = await limited.app.inject({ url: '/api/auth/google' });
      expect(tooMany.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { subjectOf } from '../../../test/local-oidc-provider.mjs';
import { authIdentities, authIdentityLinks, authSessions, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { clientBody, linkToken, login, outbox, PASSWORD, registerVerified, userByEmail } from './auth-test-helpers.ts';
import {
  googleConfig,
  googleSignIn,
  type LocalOidcProvider,
  setCookie,
  startTestProvider,
} from './google-test-helpers.ts';

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

async function identityOf(subject: string) {
  const [row] = await t.deps.db.select().from(authIdentities).where(eq(authIdentities.subject, subject));
  return row ?? null;
}

async function liveSessions(userId: string) {
  const [row] = await t.deps.db
    .select({ n: count() })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  return row?.n ?? 0;
}

/** An existing password account, then Google with the same (verified) address: the link waits for proof. */
async function pendingLink(language: 'en' | 'de' = 'en') {
  const account = await registerVerified(t, clientBody());
  if (language === 'de') await t.deps.db.update(users).set({ language }).where(eq(users.id, account.userId));
  const signIn = await googleSignIn(t, { email: account.email }, '?redirect=%2Fwallet%2F');
  const cookie = setCookie(signIn.response, 'g_link');
  if (!cookie) throw new Error(`no link cookie: ${signIn.response.headers.location}`);
  return { ...account, signIn, linkCookie: cookie.value, subject: subjectOf(account.email) };
}

function linkCall(method: 'GET' | 'POST', path: string, linkCookie?: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/auth/google/link${path}`,
    cookies: linkCookie ? { g_link: linkCookie } : {},
    payload,
  });
}

describe('a Google account whose verified address already has an account', () => {
  it('is not linked and not signed in: the browser is asked for proof', async () => {
    const { signIn, linkCookie, userId, email, subject } = await pendingLink();
    expect(signIn.landing.pathname).toBe('/login/google/');
    expect(signIn.landing.searchParams.get('link')).toBe('1');
    expect(signIn.landing.searchParams.get('redirect')).toBe('/wallet/');
    expect(setCookie(signIn.response, 'rt')).toBeUndefined();
    expect(setCookie(signIn.response, 'g_link')?.line).toMatch(/HttpOnly/);
    expect(setCookie(signIn.response, 'g_link')?.line).toMatch(/SameSite=Lax/);
    expect(await identityOf(subject)).toBeNull();
    expect(await liveSessions(userId)).toBe(0);

    const info = await linkCall('GET', '', linkCookie);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email, passwordAllowed: true, emailSent: false });

    const [row] = await t.deps.db.select().from(authIdentityLinks).where(eq(authIdentityLinks.userId, userId));
    expect(row).toMatchObject({ subject, email, passwordAttempts: 0, usedAt: null, returnTo: '/wallet/' });
    expect(row?.browserTokenHash).not.toBe(linkCookie);
  });

  it('links and signs in once the password is right; from then on Google signs straight in', async () => {
    const { linkCookie, userId, email, subject } = await pendingLink();
    const wrong = await linkCall('POST', '/password', linkCookie, { password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: ['The password is incorrect'] });
    expect(await identityOf(subject)).toBeNull();

    const right = await linkCall('POST', '/password', linkCookie, { password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { identifier: userId, email, isSocial: false }, expiresIn: 900 });
    expect(setCookie(right, 'rt')?.value).toBe(right.json().refreshToken);
    expect(setCookie(right, 'g_link')?.line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await identityOf(subject)).toMatchObject({ userId, provider: 'google', email });
    const user = await userByEmail(t, email);
    expect(user?.isSocial).toBe(false);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [notice] = await outbox(t, email);
    expect(notice).toMatchObject({
      subject: 'Google sign-in was added to your account',
      template: 'auth.googleLinked',
    });

    // The waiting link is spent.
    expect((await linkCall('GET', '', linkCookie)).json().code).toBe('GOOGLE_LINK_EXPIRED');
    const again = await googleSignIn(t, { email });
    expect(again.landing.searchParams.get('link')).toBeNull();
    expect(again.landing.searchParams.get('error')).toBeNull();
    expect(setCookie(again.response, 'rt')).toBeDefined();
    // And the password still works.
    await login(t, email, PASSWORD);
  });

  it('allows five wrong passwords per waiting link, then only the emailed link', async () => {
    const { linkCookie, subject } = await pendingLink();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await linkCall('POST', '/password', linkCookie, { password: `wrong-guess-${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await linkCall('POST', '/password', linkCookie, { password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'GOOGLE_LINK_PASSWORD_LOCKED',
      message: 'Too many wrong passwords. Confirm through the link we email you instead.',
    });
    expect((await linkCall('GET', '', linkCookie)).json()).toMatchObject({ passwordAllowed: false });
    expect(await identityOf(subject)).toBeNull();
  });

  it('links through a link emailed to the account (in any browser), once', async () => {
    const { linkCookie, userId, email, subject } = await pendingLink('de');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/link/email',
      cookies: { g_link: linkCookie },
      headers: { 'x-language': 'de' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      message: `Wir haben einen Link an ${email} gesendet. Öffne ihn, um die Verknüpfung deines Google-Kontos abzuschließen.`,
    });
    expect((await linkCall('GET', '', linkCookie)).json()).toMatchObject({ emailSent: true });
    const [mail] = await outbox(t, email);
    expect(mail).toMatchObject({ subject: 'Verknüpfe dein Google-Konto', language: 'de', template: 'auth.googleLink' });
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/de\/login\/google\/confirm\/\?token=[\w-]{43}/);
    const token = linkToken(mail!.text);

    // Another browser: no link cookie.
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/google/link/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { identifier: userId, email } });
    expect(setCookie(confirmed, 'rt')).toBeDefined();
    expect(await identityOf(subject)).toMatchObject({ userId });

    const twice = await t.app.inject({ method: 'POST', url: '/api/auth/google/link/confirm', payload: { token } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('GOOGLE_LINK_EXPIRED');
  });

  it('a newer emailed link replaces the older one', async () => {
    const { linkCookie, email } = await pendingLink();
    await linkCall('POST', '/email', linkCookie);
    const first = linkToken((await outbox(t, email))[0]!.text);
    await linkCall('POST', '/email', linkCookie);
    const second = linkToken((await outbox(t, email))[0]!.text);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/google/link/confirm', payload: { token: first } });
    expect(old.json().code).toBe('GOOGLE_LINK_EXPIRED');
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/link/confirm',
      payload: { token: second },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('an account nobody confirmed: its password proves nothing; the emailed link confirms it and drops that password', async () => {
    const body = clientBody();
    const registered = await t.app.inject({ method: 'POST', url: '/api/user/register', payload: body });
    expect(registered.statusCode).toBe(201);
    const email = String(body.email).toLowerCase();
    const signIn = await googleSignIn(t, { email });
    const linkCookie = setCookie(signIn.response, 'g_link')!.value;

    expect((await linkCall('GET', '', linkCookie)).json()).toEqual({ email, passwordAllowed: false, emailSent: false });
    const refused = await linkCall('POST', '/password', linkCookie, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GOOGLE_LINK_NEEDS_EMAIL');

    await linkCall('POST', '/email', linkCookie);
    const mail = (await outbox(t, email)).find((item) => item.template === 'auth.googleLink');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/link/confirm',
      payload: { token: linkToken(mail!.text) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user).toMatchObject({ email, emailVerified: true, isSocial: true });
    const user = await userByEmail(t, email);
    expect(user).toMatchObject({ passwordHash: null, isSocial: true });
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);
  });

  it('an account already linked to another Google account is not linked again', async () => {
    const { email } = await registerVerified(t, clientBody());
    const first = await googleSignIn(t, { email, sub: `first-${randomUUID()}` });
    const linkCookie = setCookie(first.response, 'g_link')!.value;
    expect((await linkCall('POST', '/password', linkCookie, { password: PASSWORD })).statusCode).toBe(200);

    const other = await googleSignIn(t, { email, sub: `second-${randomUUID()}` });
    expect(other.landing.searchParams.get('error')).toBe('GOOGLE_ACCOUNT_CONFLICT');
    expect(setCookie(other.response, 'g_link')).toBeUndefined();
    expect(setCookie(other.response, 'rt')).toBeUndefined();
  });

  it('answers GOOGLE_LINK_EXPIRED without a waiting link, and after 30 minutes', async () => {
    expect((await linkCall('GET', '')).json()).toMatchObject({ code: 'GOOGLE_LINK_EXPIRED' });
    expect((await linkCall('POST', '/password', 'made-up', { password: PASSWORD })).statusCode).toBe(400);
    expect((await linkCall('POST', '/email')).json().code).toBe('GOOGLE_LINK_EXPIRED');

    const { linkCookie, subject } = await pendingLink();
    clock.advance(30 * 60 * 1000 + 1);
    const late = await linkCall('POST', '/password', linkCookie, { password: PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('GOOGLE_LINK_EXPIRED');
    expect(await identityOf(subject)).toBeNull();
  });

  it('validates the password body with the sign-in rules', async () => {
    const { linkCookie } = await pendingLink();
    const empty = await linkCall('POST', '/password', linkCookie, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ password: ['This field is required'] });
    expect((await linkCall('GET', '', linkCookie)).json().passwordAllowed).toBe(true);
  });

  it('two confirmations of one emailed link at once: one links, the other is refused', async () => {
    const { linkCookie, email, subject, userId } = await pendingLink();
    await linkCall('POST', '/email', linkCookie);
    const token = linkToken((await outbox(t, email))[0]!.text);
    const answers = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/auth/google/link/confirm', payload: { token } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await identityOf(subject)).toMatchObject({ userId });
    expect(await liveSessions(userId)).toBe(1);
  });
});

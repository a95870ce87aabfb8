import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser } from '../../../test/factories.ts';
import { authSessions, authTokens, emails, termsAcceptances, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { createDomainEvents } from '../../platform/events.ts';
import {
  clientBody,
  GENEROUS_LIMITS,
  login,
  outbox,
  PASSWORD,
  providerBody,
  registerVerified,
  uniqueEmail,
  userByEmail,
} from './auth-test-helpers.ts';
import { codeHash } from './secrets.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

async function signedInClient(language: 'en' | 'de' = 'en') {
  const body = clientBody();
  const { email, userId } = await registerVerified(t, body);
  if (language === 'de') await t.deps.db.update(users).set({ language }).where(eq(users.id, userId));
  return { email, userId, ...(await login(t, email, PASSWORD)) };
}

describe('GET /api/user/info', () => {
  it('answers the signed-in user, and 401 without a token', async () => {
    const me = await signedInClient();
    const res = await t.app.inject({ url: '/api/user/info', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      identifier: me.userId,
      email: me.email,
      role: 'client',
      firstName: 'Ada',
      lastName: 'Obi',
      timezone: 'Africa/Lagos',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      createdAt: '2027-03-01T09:00:00.000Z',
    });
    const anonymous = await t.app.inject({ url: '/api/user/info' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' });
  });
});

describe('GET and POST /api/user/timezone', () => {
  it('reads and stores an IANA zone', async () => {
    const me = await signedInClient();
    expect((await t.app.inject({ url: '/api/user/timezone', headers: me.headers })).json()).toEqual({
      timezone: 'Africa/Lagos',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/timezone',
      headers: me.headers,
      payload: { timezone: 'Europe/Berlin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timezone: 'Europe/Berlin' });
    expect((await userByEmail(t, me.email))?.timezone).toBe('Europe/Berlin');
  });

  it('refuses a zone Intl does not know, and changes nothing', async () => {
    const me = await signedInClient();
    for (const [timezone, language, message] of [
      ['Mars/Olympus_Mons', 'en', 'Choose a valid time zone'],
      ['Europe/Atlantis', 'de', 'Wähle eine gültige Zeitzone'],
      ['', 'en', 'This field is required'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/timezone',
        headers: { ...me.headers, 'x-language': language! },
        payload: { timezone },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ timezone: [message] });
    }
    expect((await userByEmail(t, me.email))?.timezone).toBe('Africa/Lagos');
    expect((await t.app.inject({ url: '/api/user/timezone' })).statusCode).toBe(401);
  });
});

describe('GET /api/region/user-timezone', () => {
  it('guesses from the user, else the country header or cookie, else Africa/Lagos', async () => {
    const guess = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/region/user-timezone', headers }).then((res) => res.json());
    expect(await guess({})).toEqual({ timezone: 'Africa/Lagos', source: 'default', countryCode: null });
    expect(await guess({ 'x-country-code': 'gb' })).toEqual({
      timezone: 'Europe/London',
      source: 'country',
      countryCode: 'GB',
    });
    expect(await guess({ cookie: 'country_code=US' })).toEqual({
      timezone: 'America/New_York',
      source: 'country',
      countryCode: 'US',
    });
    expect(await guess({ 'x-country-code': 'DE', cookie: 'country_code=US' })).toMatchObject({
      timezone: 'Europe/Berlin',
    });
    expect(await guess({ cookie: 'country_code=ZZ' })).toMatchObject({ timezone: 'Africa/Lagos', source: 'default' });
    // An unknown code in the header is a bad request (platform/request-context.ts), not a silent default.
    const unknown = await t.app.inject({ url: '/api/region/user-timezone', headers: { 'x-country-code': 'ZZ' } });
    expect(unknown.statusCode).toBe(400);

    const me = await signedInClient();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/timezone',
      headers: me.headers,
      payload: { timezone: 'Asia/Tokyo' },
    });
    expect(await guess({ ...me.headers, 'x-country-code': 'GB' })).toMatchObject({
      timezone: 'Asia/Tokyo',
      source: 'user',
    });
    expect(await guess({ authorization: 'Bearer not-a-token', 'x-country-code': 'GB' })).toMatchObject({
      timezone: 'Europe/London',
    });
  });
});

describe('email change', () => {
  async function change(headers: Record<string, string>, payload: Record<string, unknown>, language = 'en') {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/change-email',
      headers: { ...headers, 'x-language': language },
      payload,
    });
  }
  async function confirm(headers: Record<string, string>, token: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/validate-email-change',
      headers,
      payload: { token },
    });
  }
  function shortEmail() {
    return `n${Math.random().toString(36).slice(2, 10)}@ex.io`;
  }
  async function codeFor(email: string) {
    const [mail] = await outbox(t, email);
    const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error('no code');
    return match[1];
  }

  it('sends a 6-digit code to the new address, then changes the email once the code is confirmed', async () => {
    const me = await signedInClient('de');
    const next = shortEmail();
    const res = await change(me.headers, { email: next.toUpperCase(), confirmEmail: next });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: next, expiresIn: 600 });

    const [mail] = await outbox(t, next);
    expect(mail).toMatchObject({
      subject: 'Dein Code zur Bestätigung deiner neuen E-Mail-Adresse',
      template: 'auth.emailChangeCode',
      language: 'de',
    });
    const code = await codeFor(next);
    const [stored] = await t.deps.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, me.userId), eq(authTokens.purpose, 'change_email')));
    expect(stored).toMatchObject({ newEmail: next, attempts: 0, usedAt: null });
    expect(stored?.tokenHash).toBe(codeHash(t.deps.config.APP_SECRET, me.userId, code));
    expect(stored?.expiresAt.toISOString()).toBe('2027-03-01T09:10:00.000Z');
    expect((await userByEmail(t, me.email))?.id).toBe(me.userId);

    const done = await confirm(me.headers, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: next, emailVerified: true });
    expect(await userByEmail(t, me.email)).toBeNull();
    expect((await userByEmail(t, next))?.id).toBe(me.userId);
    const [notice] = await outbox(t, me.email);
    expect(notice).toMatchObject({ template: 'auth.emailChanged', subject: 'Deine E-Mail-Adresse wurde geändert' });
    expect(notice?.text).toContain(next);

    const reused = await confirm(me.headers, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors).toEqual({
      token: ['The code has expired or was tried too often. Please request a new one.'],
    });
    await login(t, next, PASSWORD);
  });

  it("answers 'Email must match' and the 6-32 length rule", async () => {
    const me = await signedInClient();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ email: 'abc@ex.io', confirmEmail: 'abd@ex.io' }, { confirmEmail: ['Email must match'] }],
      [{ email: 'a@b.c', confirmEmail: 'a@b.c' }, { email: ['Must be at least 6 characters'] }],
      [
        { email: `${'x'.repeat(27)}@ex.io`, confirmEmail: `${'x'.repeat(27)}@ex.io` },
        { email: ['Must not exceed 32 characters'] },
      ],
      [{ email: 'not-an-email', confirmEmail: 'not-an-email' }, { email: ['Enter a valid email address'] }],
    ];
    for (const [payload, fieldErrors] of cases) {
      const res = await change(me.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    const german = await change(me.headers, { email: 'abc@ex.io', confirmEmail: 'x@ex.io' }, 'de');
    expect(german.json().fieldErrors).toEqual({ confirmEmail: ['Die E-Mail-Adresse muss übereinstimmen'] });
    const rows = await t.deps.db.select().from(authTokens).where(eq(authTokens.purpose, 'change_email'));
    expect(rows.filter((row) => row.userId === me.userId)).toEqual([]);
  });

  it('refuses an address another account uses, and the current one', async () => {
    const me = await signedInClient();
    const taken = shortEmail();
    await createTestUser(t, { email: taken });
    const res = await change(me.headers, { email: taken, confirmEmail: taken });
    expect(res.json().fieldErrors).toEqual({ email: ['An account with this email already exists'] });

    const own = shortEmail();
    await t.deps.db.update(users).set({ email: own }).where(eq(users.id, me.userId));
    const same = await change(me.headers, { email: own, confirmEmail: own });
    expect(same.json().fieldErrors).toEqual({ email: ['This is already your email address'] });
  });

  it('counts wrong codes and burns the code after 5 tries', async () => {
    const me = await signedInClient();
    const next = shortEmail();
    await change(me.headers, { email: next, confirmEmail: next });
    const code = await codeFor(next);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await confirm(me.headers, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ token: ['The code is not correct'] });
    }
    const [stored] = await t.deps.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, me.userId), eq(authTokens.purpose, 'change_email')));
    expect(stored?.attempts).toBe(5);
    const late = await confirm(me.headers, code);
    expect(late.json().fieldErrors).toEqual({
      token: ['The code has expired or was tried too often. Please request a new one.'],
    });
    expect((await userByEmail(t, me.email))?.id).toBe(me.userId);
  });

  it('refuses a code older than 10 minutes, and a malformed one', async () => {
    const me = await signedInClient();
    const next = shortEmail();
    await change(me.headers, { email: next, confirmEmail: next });
    const code = await codeFor(next);
    const malformed = await confirm(me.headers, '12ab');
    expect(malformed.json().fieldErrors).toEqual({ token: ['Enter the 6-digit code'] });
    clock.advance(10 * 60 * 1000 + 1000);
    try {
      const res = await confirm(me.headers, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.token).toEqual([
        'The code has expired or was tried too often. Please request a new one.',
      ]);
    } finally {
      clock.set(START);
    }
    expect((await userByEmail(t, me.email))?.id).toBe(me.userId);
  });

  it("does not accept another user's code", async () => {
    const alice = await signedInClient();
    const bob = await signedInClient();
    const next = shortEmail();
    await change(alice.headers, { email: next, confirmEmail: next });
    const res = await confirm(bob.headers, await codeFor(next));
    expect(res.statusCode).toBe(400);
    expect(await userByEmail(t, next)).toBeNull();
  });
});

describe('DELETE /api/user/profile/delete-account', () => {
  function remove(headers: Record<string, string>, payload?: Record<string, unknown>) {
    return t.app.inject({ method: 'DELETE', url: '/api/user/profile/delete-account', headers, payload });
  }

  it('anonymises the client, revokes every session and frees nothing that could sign in again', async () => {
    const me = await signedInClient();
    const other = await login(t, me.email, PASSWORD);
    const res = await remove(me.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Account Deleted Successfully' });
    expect(res.json().kept.map((record: { kind: string }) => record.kind)).toEqual(['audit']);

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({
      email: `deleted+${me.userId}@deleted.invalid`,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      passwordHash: null,
      stateId: null,
      role: 'client',
    });
    expect(row?.deletedAt?.toISOString()).toBe('2027-03-01T09:00:00.000Z');
    const live = await t.deps.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, me.userId), isNull(authSessions.revokedAt)));
    expect(live).toEqual([]);
    expect(await t.deps.db.select().from(authTokens).where(eq(authTokens.userId, me.userId))).toEqual([]);
    expect(await t.deps.db.select().from(emails).where(eq(emails.to, me.email))).toEqual([]);
    // Kept: the terms acceptance holds no personal data.
    expect(await t.deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, me.userId))).toHaveLength(
      1,
    );

    for (const headers of [me.headers, other.headers]) {
      expect((await t.app.inject({ url: '/api/user/info', headers })).statusCode).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { authorization: `Bearer ${other.refreshToken}` },
        })
      ).statusCode,
    ).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().code).toBe('INVALID_CREDENTIALS');

    // The address can sign up again as a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: clientBody({ email: me.email }),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().identifier).not.toBe(me.userId);
  });

  it('requires the right password unless the account is social', async () => {
    const me = await signedInClient();
    const missing = await remove(me.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ password: ['This field is required'] });
    const wrong = await remove(me.headers, { password: 'Wrong-password-1' });
    expect(wrong.json().fieldErrors).toEqual({ password: ['The password is incorrect'] });
    const german = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: { ...me.headers, 'x-language': 'de' },
      payload: { password: 'Wrong-password-1' },
    });
    expect(german.json().fieldErrors).toEqual({ password: ['Das Passwort ist nicht korrekt'] });
    expect((await userByEmail(t, me.email))?.deletedAt).toBeNull();

    const social = await createTestUser(t, { role: 'client', email: uniqueEmail('social') });
    await t.deps.db.update(users).set({ isSocial: true }).where(eq(users.id, social.id));
    const res = await remove(social.headers);
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, social.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.isSocial).toBe(false);
  });

  it('is for clients and providers: an admin gets 403 and stays, a provider is erased', async () => {
    const admin = await createTestUser(t, { role: 'admin' });
    const refused = await remove(admin.headers, { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
    expect((await remove({}, { password: PASSWORD })).statusCode).toBe(401);
    const body = await providerBody(t);
    const provider = await registerVerified(t, body);
    const providerSession = await login(t, provider.email, PASSWORD);
    const res = await remove(providerSession.headers, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userByEmail(t, provider.email)).toBeNull();
  });

  it('runs the accountDeleting reactions inside the transaction; a failing one aborts everything', async () => {
    // An app of its own whose accountDeleting reaction is the test's (app.ts wires the real ones).
    const seen: string[] = [];
    let failing = false;
    const own = await buildTestApp({
      clock,
      config: GENEROUS_LIMITS,
      events: createDomainEvents({
        paymentSucceeded: {},
        accountDeleting: [
          async (tx, { userId }) => {
            if (failing) throw new Error('bookings could not be cancelled');
            const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
            seen.push(row?.email ?? '');
          },
        ],
      }),
    });
    const ownClient = async () => {
      const { email } = await registerVerified(own, clientBody());
      return { email, ...(await login(own, email, PASSWORD)) };
    };
    const ownRemove = (headers: Record<string, string>) =>
      own.app.inject({
        method: 'DELETE',
        url: '/api/user/profile/delete-account',
        headers,
        payload: { password: PASSWORD },
      });
    try {
      const me = await ownClient();
      expect((await ownRemove(me.headers)).statusCode).toBe(200);
      expect(seen).toEqual([me.email]);

      failing = true;
      const next = await ownClient();
      expect((await ownRemove(next.headers)).statusCode).toBe(500);
      const row = await userByEmail(own, next.email);
      expect(row?.deletedAt).toBeNull();
      expect(row?.firstName).toBe('Ada');
      expect((await own.app.inject({ url: '/api/user/info', headers: next.headers })).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { authTokens, providerProfiles, termsAcceptances, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import {
  clientBody,
  countryId,
  GENEROUS_LIMITS,
  linkToken,
  outbox,
  PASSWORD,
  providerBody,
  uniqueEmail,
  userByEmail,
} from './auth-test-helpers.ts';
import { COMMON_PASSWORD_COUNT, isCommonPassword, loadCommonPasswords } from './common-passwords.ts';
import { sha256 } from './secrets.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

async function userCount() {
  const [row] = await t.deps.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
}

describe('POST /api/user/register (client)', () => {
  it('creates an unverified client in the request language and country, and emails a German link', async () => {
    const body = clientBody({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const res = await post('/api/user/register', body, { 'x-language': 'de', 'x-country-code': 'GB' });
    expect(res.statusCode).toBe(201);
    const email = String(body.email).toLowerCase();
    expect(res.json()).toMatchObject({
      email,
      role: 'client',
      firstName: 'Ada',
      lastName: 'Obi',
      // Typed without a country code: read as a number of the sign-up country (GB), stored E.164.
      phoneNumber: '+448012345678',
      timezone: 'Europe/London',
      language: 'de',
      country: { code: 'GB' },
      emailVerified: false,
      verificationStatus: null,
      accountActive: true,
    });

    const user = await userByEmail(t, email);
    expect(user).toMatchObject({ role: 'client', language: 'de', emailVerifiedAt: null, deletedAt: null });
    expect(user?.countryId).toBe(await countryId(t, 'GB'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [terms] = await t.deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, user!.id));
    expect(terms?.acceptedAt.toISOString()).toBe('2027-03-01T09:00:00.000Z');

    const [mail] = await outbox(t, email);
    expect(mail).toMatchObject({ subject: 'Bestätige deine E-Mail-Adresse', language: 'de', template: 'auth.verify' });
    expect(mail?.text).toContain('Hallo Ada,');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/de\/verify-email\/\?token=[\w-]{43}/);
    expect(mail?.html).toContain('href="http://localhost:3000/de/verify-email/?token=');

    const token = linkToken(mail!.text);
    const [stored] = await t.deps.db.select().from(authTokens).where(eq(authTokens.userId, user!.id));
    expect(stored).toMatchObject({ purpose: 'verify_email', tokenHash: sha256(token), usedAt: null });
    expect(stored?.tokenHash).not.toContain(token);
    expect(stored?.expiresAt.toISOString()).toBe('2027-03-02T09:00:00.000Z');
  });

  it('takes real names and a phone typed with spaces and separators, stored E.164', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: 'Jean-Luc', lastName: "O'Brien", phoneNumber: '+44 20 7946 0958' }, '+442079460958'],
      [
        { firstName: 'José María', lastName: 'Müller-Lüdenscheidt', phoneNumber: '+44 (20) 1234-5678' },
        '+442012345678',
      ],
      [{ firstName: '李', lastName: 'Nguyễn', phoneNumber: '0803 123 4567' }, '+2348031234567'],
    ];
    for (const [names, stored] of cases) {
      const body = clientBody(names);
      const res = await post('/api/user/register', body, { 'x-country-code': 'NG' });
      expect(res.statusCode, JSON.stringify(names)).toBe(201);
      expect(res.json()).toMatchObject({ firstName: names.firstName, lastName: names.lastName, phoneNumber: stored });
      expect(await userByEmail(t, String(body.email))).toMatchObject({
        firstName: names.firstName,
        lastName: names.lastName,
        phoneNumber: stored,
      });
    }
  });

  it('uses the browser time zone when given, and an English link without a prefix', async () => {
    const body = clientBody({ timezone: 'America/Chicago' });
    const res = await post('/api/user/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ timezone: 'America/Chicago', language: 'en', country: null });
    const [mail] = await outbox(t, String(body.email));
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text).toMatch(/^Hello Ada,/);
    expect(mail?.text).toContain('http://localhost:3000/verify-email/?token=');
  });

  it('answers each SPEC.md sign-up message word for word and creates nothing', async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: 'abc1', confirmPassword: 'abc1' }, 'password', 'Password too short'],
      [{ password: '12345678', confirmPassword: '12345678' }, 'password', 'Password must contain at least one letter'],
      [
        { password: `a${'1'.repeat(64)}`, confirmPassword: `a${'1'.repeat(64)}` },
        'password',
        'Password must not exceed 64 characters',
      ],
      [{ confirmPassword: 'Something-else-1' }, 'confirmPassword', 'Passwords must match'],
      [
        { firstName: '1Ada' },
        'firstName',
        'Must start with a letter and contain only letters, spaces, hyphens and apostrophes',
      ],
      [
        { lastName: '-Obi' },
        'lastName',
        'Must start with a letter and contain only letters, spaces, hyphens and apostrophes',
      ],
      [{ phoneNumber: '080123456' }, 'phoneNumber', 'Number must be at least 10 digits'],
      [{ phoneNumber: '08012345678901' }, 'phoneNumber', 'Number must not exceed 13 digits'],
      [
        { phoneNumber: '0801_234_5678' },
        'phoneNumber',
        'Use digits, spaces and ( ) - . / only, optionally starting with +',
      ],
      [{ agreeToTerms: false }, 'agreeToTerms', 'You must agree to the terms and conditions'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ email: '' }, 'email', 'This field is required'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Choose a valid time zone'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post('/api/user/register', clientBody(overrides));
      expect(res.statusCode, `${field}: ${message}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fieldErrors[field], field).toEqual([message]);
    }
    expect(await userCount()).toBe(before);
  });

  it('reports every failing field at once, in German when asked', async () => {
    const res = await post(
      '/api/user/register',
      clientBody({ password: 'abc', confirmPassword: 'xyz', phoneNumber: '123', agreeToTerms: false }),
      { 'x-language': 'de' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      password: ['Passwort zu kurz'],
      confirmPassword: ['Die Passwörter müssen übereinstimmen'],
      phoneNumber: ['Die Nummer muss mindestens 10 Ziffern haben'],
      agreeToTerms: ['Du musst den Nutzungsbedingungen zustimmen'],
    });
    expect(res.json().message).toContain('Passwort zu kurz');
  });

  it('refuses the 10,000 most common passwords, case-insensitively', async () => {
    for (const password of ['password123', 'Iloveyou', 'trustno1x'.slice(0, 8), 'Football1']) {
      const res = await post('/api/user/register', clientBody({ password, confirmPassword: password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fieldErrors.password).toEqual([
        'This password is too common. Please choose a less common one.',
      ]);
    }
  });

  it('refuses an address that already has an account, whatever its case', async () => {
    const body = clientBody();
    expect((await post('/api/user/register', body)).statusCode).toBe(201);
    const res = await post('/api/user/register', clientBody({ email: String(body.email).toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: ['An account with this email already exists'] });
  });

  it('never creates an admin', async () => {
    const before = await userCount();
    const res = await post('/api/user/register', clientBody({ userType: 'admin' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ userType: ['Choose whether you sign up as a client or as a therapist'] });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/user/register (provider)', () => {
  it('creates a provider with a draft profile in the chosen country and its main time zone', async () => {
    const body = await providerBody(t, { countryIdentifier: await countryId(t, 'US') });
    const res = await post('/api/user/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'provider',
      country: { code: 'US' },
      timezone: 'America/New_York',
      verificationStatus: 'draft',
      accountActive: false,
      firstName: null,
      phoneNumber: null,
    });
    const user = await userByEmail(t, String(body.email));
    const [profile] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, user!.id));
    expect(profile).toMatchObject({ verificationStatus: 'draft', approvedAt: null });
  });

  it("answers 'Emails must match', a required country and an unknown country", async () => {
    const mismatch = await post('/api/user/register', await providerBody(t, { confirmEmail: 'other@example.test' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ confirmEmail: ['Emails must match'] });

    const missing = await post('/api/user/register', await providerBody(t, { countryIdentifier: undefined }));
    expect(missing.json().fieldErrors).toEqual({ countryIdentifier: ['Country is required'] });

    const before = await userCount();
    const unknown = await post(
      '/api/user/register',
      await providerBody(t, { countryIdentifier: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ countryIdentifier: ['Choose a country from the list'] });
    expect(await userCount()).toBe(before);

    const german = await post('/api/user/register', await providerBody(t, { confirmEmail: 'x@example.test' }), {
      'x-language': 'de',
    });
    expect(german.json().fieldErrors).toEqual({ confirmEmail: ['Die E-Mail-Adressen müssen übereinstimmen'] });
  });

  it('refuses a provider in a country where the product does not operate (FR); a client may live there', async () => {
    const before = await userCount();
    const france = await post(
      '/api/user/register',
      await providerBody(t, { countryIdentifier: await countryId(t, 'FR') }),
    );
    expect(france.statusCode).toBe(400);
    expect(france.json().fieldErrors).toEqual({ countryIdentifier: ['We do not operate in this country yet'] });
    expect(await userCount()).toBe(before);

    const german = await post(
      '/api/user/register',
      await providerBody(t, { countryIdentifier: await countryId(t, 'FR') }),
      { 'x-language': 'de' },
    );
    expect(german.json().fieldErrors).toEqual({ countryIdentifier: ['In diesem Land sind wir noch nicht verfügbar'] });

    const client = await post('/api/user/register', { ...clientBody(), countryIdentifier: await countryId(t, 'FR') });
    expect(client.statusCode).toBe(201);
  });
});

describe('POST /api/user/register/verify', () => {
  it('verifies once; the same link then answers INVALID_TOKEN', async () => {
    const body = clientBody();
    await post('/api/user/register', body);
    const [mail] = await outbox(t, String(body.email));
    const token = linkToken(mail!.text);

    const res = await post('/api/user/register/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: body.email, emailVerified: true });
    const user = await userByEmail(t, String(body.email));
    expect(user?.emailVerifiedAt?.toISOString()).toBe('2027-03-01T09:00:00.000Z');

    const again = await post('/api/user/register/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'INVALID_TOKEN', message: 'This link is invalid or has expired.' });
  });

  it('refuses a link older than 24 hours and an unknown one', async () => {
    const body = clientBody();
    await post('/api/user/register', body);
    const [mail] = await outbox(t, String(body.email));
    clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const res = await post('/api/user/register/verify', { token: linkToken(mail!.text) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
      expect((await userByEmail(t, String(body.email)))?.emailVerifiedAt).toBeNull();
    } finally {
      clock.set('2027-03-01T09:00:00Z');
    }
    const unknown = await post('/api/user/register/verify', { token: 'x'.repeat(43) }, { 'x-language': 'de' });
    expect(unknown.json()).toEqual({ code: 'INVALID_TOKEN', message: 'Dieser Link ist ungültig oder abgelaufen.' });
    const empty = await post('/api/user/register/verify', { token: '' });
    expect(empty.json().fieldErrors).toEqual({ token: ['This field is required'] });
  });
});

describe('POST /api/user/register/request-verification', () => {
  it('answers the same for unknown, pending and verified addresses; only the pending one gets a new link', async () => {
    const pending = clientBody();
    await post('/api/user/register', pending);
    const verified = clientBody();
    await post('/api/user/register', verified);
    const [verifiedMail] = await outbox(t, String(verified.email));
    await post('/api/user/register/verify', { token: linkToken(verifiedMail!.text) });
    const [firstLink] = await outbox(t, String(pending.email));

    const answers = [];
    for (const email of [pending.email, verified.email, uniqueEmail('nobody')]) {
      const res = await post('/api/user/register/request-verification', { email });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message: 'If this email belongs to an account that still needs confirming, we have sent a new link.',
      },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(await outbox(t, String(pending.email))).toHaveLength(2);
    expect(await outbox(t, String(verified.email))).toHaveLength(1);

    // The earlier link stops working; the new one verifies.
    const old = await post('/api/user/register/verify', { token: linkToken(firstLink!.text) });
    expect(old.json().code).toBe('INVALID_TOKEN');
    const [newest] = await outbox(t, String(pending.email));
    expect((await post('/api/user/register/verify', { token: linkToken(newest!.text) })).statusCode).toBe(200);
  });

  it('validates the email', async () => {
    const res = await post('/api/user/register/request-verification', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: ['Enter a valid email address'] });
  });
});

describe('sign-in before and after verification', () => {
  it('answers 403 EMAIL_NOT_VERIFIED for the right password on an unverified provider account, then signs in', async () => {
    const body = await providerBody(t);
    await post('/api/user/register', body);
    const early = await post('/api/user/login', { email: body.email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please confirm your email address before signing in. We sent you a link when you signed up.',
    });
    const wrong = await post('/api/user/login', { email: body.email, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const [mail] = await outbox(t, String(body.email));
    await post('/api/user/register/verify', { token: linkToken(mail!.text) });
    const res = await post('/api/user/login', { email: body.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: body.email, emailVerified: true });
  });

  it('signs an unverified client in (verification can wait), still refusing a wrong password', async () => {
    const body = clientBody();
    await post('/api/user/register', body);
    const wrong = await post('/api/user/login', { email: body.email, password: 'Wrong-password-1' });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const res = await post('/api/user/login', { email: body.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: body.email, role: 'client', emailVerified: false });
  });
});

describe('common password list', () => {
  it('holds exactly the first 10,000 entries of the ranked list shipped by @zxcvbn-ts/language-common', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBe(COMMON_PASSWORD_COUNT);
    const require = createRequire(import.meta.url);
    const file = path.join(
      path.dirname(require.resolve('@zxcvbn-ts/language-common/package.json')),
      'src/passwords.json',
    );
    const ranked = JSON.parse(readFileSync(file, 'utf8')) as string[];
    expect(isCommonPassword(ranked[0]!)).toBe(true);
    expect(isCommonPassword(ranked[9_999]!)).toBe(true);
    const beyond = ranked.slice(10_000).find((entry) => !list.has(entry));
    expect(beyond && isCommonPassword(beyond)).toBe(false);
    expect(isCommonPassword(PASSWORD)).toBe(false);
    expect(isCommonPassword('demo-pass-123')).toBe(false);
  });
});

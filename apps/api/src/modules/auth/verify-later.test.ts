import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, createBookingVia, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { payments, virtualAccounts } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { clientBody, GENEROUS_LIMITS, linkToken, login, outbox, PASSWORD } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z'), config: GENEROUS_LIMITS });
});
afterAll(() => t.close());

/** SPEC §6: a client may skip email verification; docs/decisions/security-clients-may-verify-later.md. */
describe('a client who verifies later', () => {
  it('signs in unverified, with capped top-ups, no virtual account and no sharing until the link is followed', async () => {
    const body = clientBody();
    expect((await t.app.inject({ method: 'POST', url: '/api/user/register', payload: body })).statusCode).toBe(201);
    const session = await login(t, body.email, PASSWORD);
    expect(session.user).toMatchObject({ emailVerified: false });
    const headers = session.headers;
    const userId = session.user.identifier;

    const topUp = (amount: number, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/wallet',
        headers: { ...headers, 'x-language': language },
        payload: { amount },
      });
    const tooMuch = await topUp(600_000);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toEqual({
      amount: ['Until you verify your email address, your card top-ups can add up to at most 5000 NGN.'],
    });
    expect((await topUp(300_000)).statusCode).toBe(200);
    const second = await topUp(300_000, 'de');
    expect(second.statusCode).toBe(400);
    expect(second.json().fieldErrors.amount).toEqual([
      'Bis du deine E-Mail-Adresse bestätigt hast, können deine Kartenaufladungen zusammen höchstens 5000 NGN betragen.',
    ]);
    expect((await topUp(200_000)).statusCode).toBe(200); // exactly the cap in all
    expect(await t.deps.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(2);

    const account = await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers });
    expect(account.statusCode).toBe(403);
    expect(account.json()).toEqual({
      code: 'EMAIL_VERIFICATION_REQUIRED',
      message:
        'Please verify your email address first. We can send you a new link from the banner at the top of the page.',
    });
    expect(await t.deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, userId))).toHaveLength(0);

    const ids = await catalog(t);
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, { ...session, id: userId, role: 'client' } as never, provider, ids);
    const share = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/share-booking',
        headers,
        payload: { bookingIdentifier: booking.identifier, email: 'friend@example.test', consent: true },
      });
    expect((await share()).json().code).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(await outbox(t, 'friend@example.test')).toHaveLength(0);

    // The link from the sign-up email lifts every limit.
    const [mail] = await outbox(t, body.email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/verify',
      payload: { token: linkToken(mail?.text ?? '') },
    });
    expect(verified.statusCode).toBe(200);
    expect((await topUp(600_000)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/virtual-accounts/generate', headers })).statusCode).toBe(
      200,
    );
    expect((await share()).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, catalog, createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { consentSignatures } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { paidSession, sign, writeConsent } from '../consent/test-support.ts';
import { minutesAfter } from './room-test-support.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  ids = await catalog(t);
});
afterAll(() => t.close());

const getRoom = (bookingId: string, headers: Record<string, string>, language = 'en') =>
  t.app.inject({ url: `/api/booking/${bookingId}/room`, headers: { ...headers, 'x-language': language } });

describe('the session room and the provider consent', () => {
  it('refuses a client who has not signed the current version, in their language, and opens once they sign', async () => {
    clock.set(START);
    const session = await paidSession(t, ids, { date: '2027-03-02' });
    const version = await writeConsent(t, session.provider);
    // Told before the room opens, so there is time to sign.
    clock.set(minutesAfter(session, -60));
    expect((await getRoom(session.bookingId, session.client.headers)).json().code).toBe('CONSENT_REQUIRED');
    expect((await getRoom(session.bookingId, session.provider.headers)).json().code).toBe('ROOM_NOT_OPEN');
    clock.set(minutesAfter(session, -5));
    const refused = await getRoom(session.bookingId, session.client.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'CONSENT_REQUIRED',
      message: "Before you can join, please read and sign your therapist's telehealth consent and practice policy.",
    });
    const german = await getRoom(session.bookingId, session.client.headers, 'de');
    expect(german.json().message).toMatch(/^Bevor du teilnehmen kannst/);
    // The provider is never held back by their own consent.
    expect((await getRoom(session.bookingId, session.provider.headers)).statusCode).toBe(200);

    const signed = await sign(t, session.client, session.bookingId, { version, signedName: 'Ada Obi', agreed: true });
    expect(signed.statusCode).toBe(201);
    expect((await getRoom(session.bookingId, session.client.headers)).statusCode).toBe(200);

    // A new version closes the room again until it is signed.
    const v2 = await writeConsent(t, session.provider, 'A changed telehealth consent and practice policy.');
    expect((await getRoom(session.bookingId, session.client.headers)).json().code).toBe('CONSENT_REQUIRED');
    await sign(t, session.client, session.bookingId, { version: v2, signedName: 'Ada Obi', agreed: true });
    expect((await getRoom(session.bookingId, session.client.headers)).statusCode).toBe(200);
    expect(await t.deps.db.$count(consentSignatures, eq(consentSignatures.clientId, session.client.id))).toBe(2);
  });

  it('opens without a signature when the provider made consent optional, or has no consent', async () => {
    clock.set(START);
    const optional = await paidSession(t, ids, { date: '2027-03-03' });
    await writeConsent(t, optional.provider);
    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/consent/settings',
      headers: optional.provider.headers,
      payload: { required: false },
    });
    expect(setting.statusCode).toBe(200);
    const none = await paidSession(t, ids, { date: '2027-03-03', index: 1, provider: await createProvider(t) });
    clock.set(minutesAfter(optional, -5));
    expect((await getRoom(optional.bookingId, optional.client.headers)).statusCode).toBe(200);
    clock.set(minutesAfter(none, -5));
    expect((await getRoom(none.bookingId, none.client.headers)).statusCode).toBe(200);
    const read = await t.app.inject({
      url: `/api/booking/${optional.bookingId}/consent`,
      headers: optional.client.headers,
    });
    expect(read.json()).toMatchObject({ required: false, signature: null });
  });

  it('still answers the room rules first: a closed room says so, not the consent', async () => {
    clock.set(START);
    const session = await paidSession(t, ids, { date: '2027-03-04' });
    await writeConsent(t, session.provider);
    clock.set(minutesAfter(session, 80));
    expect((await getRoom(session.bookingId, session.client.headers)).json().code).toBe('ROOM_CLOSED');
  });
});

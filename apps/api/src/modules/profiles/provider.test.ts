import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import {
  concerns,
  providerBookingFees,
  providerConcerns,
  providerLicenseStates,
  providerProfiles,
  users,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { loadReferenceIds } from './test-support.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof loadReferenceIds>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  ids = await loadReferenceIds(t);
});
afterAll(() => t.close());

function post(user: TestUser, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: user.headers, payload });
}

async function userRow(id: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function profileRow(id: string) {
  const [row] = await t.deps.db.select().from(providerProfiles).where(eq(providerProfiles.userId, id));
  return row;
}

async function feeRows(id: string) {
  return t.deps.db.select().from(providerBookingFees).where(eq(providerBookingFees.providerId, id));
}

function validInfo(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Chiamaka',
    lastName: 'Eze',
    phoneNumber: '0803 123 4567',
    headline: 'Clinical Psychologist (CBT)',
    title: 'Dr',
    officeAddress: '12 Admiralty Way',
    bio: 'I help adults with anxiety.',
    zipCode: '106104',
    countryIdentifier: ids.country('NG'),
    stateIdentifier: ids.state('NG-LA'),
    dob: '1985-04-02',
    religionIdentifier: ids.option('religion', 'christianity'),
    ethnicityIdentifier: ids.option('background', 'african'),
    gender: 'female',
    disciplineIdentifier: ids.therapy('individual-therapy'),
    ...overrides,
  };
}

function validSetup(overrides: Record<string, unknown> = {}) {
  return {
    countryIdentifier: ids.country('NG'),
    stateIdentifier: ids.state('NG-LA'),
    title: 'Dr',
    gender: 'female',
    officeAddress: '12 Admiralty Way',
    zipCode: '106104',
    therapyIdentifiers: [ids.option('therapy', 'individual-therapy')],
    modalityIdentifiers: [ids.option('modality', 'video-session'), ids.option('modality', 'audio-call')],
    specialityIdentifiers: [ids.option('specialities', 'anxiety')],
    ...overrides,
  };
}

describe('GET /api/provider', () => {
  it('answers profileInfo, an empty booking fee, the setup still to do and the verification status', async () => {
    const provider = await createTestUser(t, {
      role: 'provider',
      firstName: 'Chiamaka',
      lastName: 'Eze',
      verificationStatus: 'submitted',
    });
    const res = await t.app.inject({ url: '/api/provider', headers: provider.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.profileInfo).toMatchObject({
      identifier: provider.id,
      firstName: 'Chiamaka',
      lastName: 'Eze',
      photo: null,
      headline: null,
      country: { identifier: ids.country('NG'), code: 'NG' },
    });
    expect(body.bookingFee).toEqual({ general: null, therapy: [] });
    expect(body.setup).toEqual({
      isComplete: false,
      savedAt: null,
      missing: [
        'state',
        'title',
        'gender',
        'officeAddress',
        'zipCode',
        'therapy',
        'modality',
        'specialities',
        'bookingFee',
      ],
    });
    expect(body.verificationStatus).toBe('submitted');
  });

  it('answers 403 to a client and 401 without a token', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await t.app.inject({ url: '/api/provider', headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/provider' })).statusCode).toBe(401);
  });
});

describe('POST /api/provider/update/info', () => {
  it('saves every editable field and answers the provider profile', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(provider, '/api/provider/update/info', validInfo());
    expect(res.statusCode).toBe(200);
    expect(res.json().profileInfo).toMatchObject({
      firstName: 'Chiamaka',
      headline: 'Clinical Psychologist (CBT)',
      title: 'Dr',
      phoneNumber: '+2348031234567',
      officeAddress: '12 Admiralty Way',
      bio: 'I help adults with anxiety.',
      zipCode: '106104',
      stateIdentifier: ids.state('NG-LA'),
      dob: '1985-04-02',
      gender: 'female',
      ethnicityIdentifier: ids.option('background', 'african'),
      disciplineIdentifier: ids.therapy('individual-therapy'),
    });
    expect(await userRow(provider.id)).toMatchObject({
      phoneNumber: '+2348031234567',
      stateId: ids.state('NG-LA'),
      gender: 'female',
      religionId: ids.option('religion', 'christianity'),
    });
    expect(await profileRow(provider.id)).toMatchObject({
      headline: 'Clinical Psychologist (CBT)',
      bio: 'I help adults with anxiety.',
      disciplineId: ids.therapy('individual-therapy'),
    });
  });

  it('cannot change verification status, role or email', async () => {
    const provider = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    const res = await post(
      provider,
      '/api/provider/update/info',
      validInfo({ verificationStatus: 'approved', role: 'admin', email: 'other@example.test', approvedAt: 'now' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().verificationStatus).toBe('draft');
    expect(await profileRow(provider.id)).toMatchObject({ verificationStatus: 'draft', approvedAt: null });
    expect(await userRow(provider.id)).toMatchObject({ role: 'provider', email: provider.email });
  });

  it('takes a real name, a title such as Dipl.-Psych. and a phone as typed, stored E.164', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(
      provider,
      '/api/provider/update/info',
      validInfo({
        firstName: 'Jean-Luc',
        lastName: 'Müller-Lüdenscheidt',
        title: 'Dipl.-Psych.',
        phoneNumber: '+44 (20) 1234-5678',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().profileInfo).toMatchObject({
      firstName: 'Jean-Luc',
      lastName: 'Müller-Lüdenscheidt',
      title: 'Dipl.-Psych.',
      phoneNumber: '+442012345678',
    });
    expect(await userRow(provider.id)).toMatchObject({ lastName: 'Müller-Lüdenscheidt', phoneNumber: '+442012345678' });
    expect(await profileRow(provider.id)).toMatchObject({ title: 'Dipl.-Psych.' });
  });

  it('answers the SPEC phone messages word for word', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const short = await post(provider, '/api/provider/update/info', validInfo({ phoneNumber: '080312345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ phoneNumber: ['Number must be at least 10 digits'] });
    const long = await post(provider, '/api/provider/update/info', validInfo({ phoneNumber: '+23480312345678' }));
    expect(long.json().fieldErrors).toEqual({ phoneNumber: ['Number must not exceed 13 digits'] });
    const letters = await post(provider, '/api/provider/update/info', validInfo({ phoneNumber: '0803-CALL-ME' }));
    expect(letters.json().fieldErrors).toEqual({
      phoneNumber: ['Use digits, spaces and ( ) - . / only, optionally starting with +'],
    });
    const missing = await post(provider, '/api/provider/update/info', validInfo({ phoneNumber: '' }));
    expect(missing.json().fieldErrors).toEqual({ phoneNumber: ['This field is required'] });
    expect(
      (await post(provider, '/api/provider/update/info', validInfo({ phoneNumber: '+2348031234567' }))).statusCode,
    ).toBe(200);
  });

  it('answers the rules for names, headline, title, office address and bio, and changes nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider', firstName: 'Before' });
    const res = await post(
      provider,
      '/api/provider/update/info',
      validInfo({
        firstName: 'Jo',
        lastName: 'L'.repeat(33),
        headline: 'CBT & more!',
        title: 'D',
        officeAddress: 'No',
        bio: 'x'.repeat(2001),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      firstName: ['Must be at least 3 characters'],
      lastName: ['Must not exceed 32 characters'],
      headline: ['Use letters, hyphens, spaces and parentheses only'],
      title: ['Must be at least 2 characters'],
      officeAddress: ['Must be at least 3 characters'],
      bio: ['Must not exceed 2000 characters'],
    });
    const titleDigits = await post(provider, '/api/provider/update/info', validInfo({ title: 'Dr. 2' }));
    expect(titleDigits.json().fieldErrors).toEqual({ title: ['Use letters, periods, spaces and hyphens only'] });
    expect((await userRow(provider.id))?.firstName).toBe('Before');
    expect(await profileRow(provider.id)).toMatchObject({ headline: null, title: null, bio: null });
  });

  it('requires country, state, ethnicity and gender', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(
      provider,
      '/api/provider/update/info',
      validInfo({ countryIdentifier: '', stateIdentifier: undefined, ethnicityIdentifier: null, gender: undefined }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      countryIdentifier: ['This field is required'],
      stateIdentifier: ['This field is required'],
      ethnicityIdentifier: ['This field is required'],
      gender: ['This field is required'],
    });
  });

  it('refuses a country where the product does not operate, a foreign state and options of other lists', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const kenya = await post(
      provider,
      '/api/provider/update/info',
      validInfo({ countryIdentifier: ids.country('KE'), stateIdentifier: ids.state('NG-LA') }),
    );
    expect(kenya.json().fieldErrors).toEqual({ countryIdentifier: ['We do not operate in this country yet'] });
    const res = await post(
      provider,
      '/api/provider/update/info',
      validInfo({
        stateIdentifier: ids.state('DE-BE'),
        ethnicityIdentifier: ids.option('religion', 'islam'),
        religionIdentifier: ids.option('background', 'african'),
        disciplineIdentifier: ids.option('therapy', 'individual-therapy'),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      stateIdentifier: ['Choose a state of the selected country'],
      ethnicityIdentifier: ['Choose one of the listed options'],
      religionIdentifier: ['Choose one of the listed options'],
      disciplineIdentifier: ['Choose one of the listed options'],
    });
  });

  it('answers 403 to a client and changes nothing', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Client' });
    const res = await post(client, '/api/provider/update/info', validInfo());
    expect(res.statusCode).toBe(403);
    expect((await userRow(client.id))?.firstName).toBe('Client');
    expect(await profileRow(client.id)).toBeUndefined();
  });
});

describe('POST /api/provider/setup', () => {
  it('saves the setup step, its preference choices and concerns, and completes it once a fee is set', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(provider, '/api/provider/setup', validSetup());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.setup).toEqual({ isComplete: false, savedAt: '2027-03-01T09:00:00.000Z', missing: ['bookingFee'] });
    expect(body.preferences.therapy.map((item: { key: string }) => item.key)).toEqual(['individual-therapy']);
    expect(body.preferences.modality.map((item: { key: string }) => item.key)).toEqual(['video-session', 'audio-call']);
    expect(await profileRow(provider.id)).toMatchObject({
      title: 'Dr',
      officeAddress: '12 Admiralty Way',
      zipCode: '106104',
    });
    expect(await userRow(provider.id)).toMatchObject({ stateId: ids.state('NG-LA'), gender: 'female' });
    const treated = await t.deps.db
      .select({ key: concerns.key })
      .from(providerConcerns)
      .innerJoin(concerns, eq(concerns.id, providerConcerns.concernId))
      .where(eq(providerConcerns.providerId, provider.id));
    expect(treated).toEqual([{ key: 'anxiety' }]);

    await post(provider, '/api/provider/booking-fee/general', { fee: 1_500_000, isFree: false });
    const after = (await t.app.inject({ url: '/api/provider', headers: provider.headers })).json();
    expect(after.setup).toMatchObject({ isComplete: true, missing: [] });
  });

  it('names each setup item that goes missing, a preference list or the general fee', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    await post(provider, '/api/provider/setup', validSetup());
    await post(provider, '/api/provider/booking-fee/general', { fee: 1_500_000, isFree: false });
    const missingNow = async () =>
      (await t.app.inject({ url: '/api/provider', headers: provider.headers })).json().setup.missing;
    expect(await missingNow()).toEqual([]);
    const dropList = (list: string) =>
      t.deps.db.execute(sql`DELETE FROM user_preferences up USING preference_options po
        WHERE po.id = up.option_id AND up.user_id = ${provider.id} AND po.list = ${list}`);
    await dropList('modality');
    expect(await missingNow()).toEqual(['modality']);
    await dropList('therapy');
    await dropList('specialities');
    await t.deps.db.delete(providerBookingFees).where(eq(providerBookingFees.providerId, provider.id));
    expect(await missingNow()).toEqual(['therapy', 'modality', 'specialities', 'bookingFee']);
  });

  it('answers every setup rule and changes nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(provider, '/api/provider/setup', {
      countryIdentifier: ids.country('NG'),
      officeAddress: '12345',
      zipCode: '1234',
      therapyIdentifiers: [],
      modalityIdentifiers: [],
      specialityIdentifiers: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      stateIdentifier: ['This field is required'],
      title: ['This field is required'],
      gender: ['This field is required'],
      officeAddress: ['The address must contain at least one letter'],
      zipCode: ['Must be at least 5 characters'],
      therapyIdentifiers: ['Select at least one therapy'],
      modalityIdentifiers: ['Select at least one modality'],
      specialityIdentifiers: ['Select at least one specialty'],
    });
    const short = await post(provider, '/api/provider/setup', validSetup({ officeAddress: 'Lagos'.slice(0, 4) }));
    expect(short.json().fieldErrors).toEqual({ officeAddress: ['Must be at least 5 characters'] });
    expect((await profileRow(provider.id))?.setupCompletedAt).toBeNull();
  });

  it('checks the chosen options belong to their lists before writing anything', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const res = await post(
      provider,
      '/api/provider/setup',
      validSetup({
        stateIdentifier: ids.state('US-NY'),
        therapyIdentifiers: [ids.option('modality', 'video-session')],
        specialityIdentifiers: ['00000000-0000-4000-8000-000000000000'],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      stateIdentifier: ['Choose a state of the selected country'],
      therapyIdentifiers: ['Choose one of the listed options'],
      specialityIdentifiers: ['Choose one of the listed options'],
    });
    const profile = (await t.app.inject({ url: '/api/provider', headers: provider.headers })).json();
    expect(profile.preferences.modality).toEqual([]);
    expect((await profileRow(provider.id))?.title).toBeNull();
  });

  it('answers 403 to a client', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await post(client, '/api/provider/setup', validSetup())).statusCode).toBe(403);
  });
});

describe('booking fees', () => {
  it('stores the general fee in minor units with the currency of the provider country', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'GB' });
    const res = await post(provider, '/api/provider/booking-fee/general', { fee: 6000, isFree: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ general: { fee: 6000, isFree: false, currencyCode: 'GBP' }, therapy: [] });
    const again = await post(provider, '/api/provider/booking-fee/general', { fee: 6500, isFree: false });
    expect(again.json().general).toEqual({ fee: 6500, isFree: false, currencyCode: 'GBP' });
    expect(await feeRows(provider.id)).toHaveLength(1);
    expect((await feeRows(provider.id))[0]).toMatchObject({
      feeMinor: 6500,
      currencyCode: 'GBP',
      therapyCategoryId: null,
    });
  });

  it('makes a free fee 0 whatever amount is sent, and treats a fee of 0 as free', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const free = await post(provider, '/api/provider/booking-fee/general', { fee: 999_999, isFree: true });
    expect(free.json().general).toEqual({ fee: 0, isFree: true, currencyCode: 'NGN' });
    const freeWithoutFee = await post(provider, '/api/provider/booking-fee/general', { isFree: true });
    expect(freeWithoutFee.statusCode).toBe(200);
    const zero = await post(provider, '/api/provider/booking-fee/general', { fee: 0, isFree: false });
    expect(zero.json().general).toEqual({ fee: 0, isFree: true, currencyCode: 'NGN' });
    expect((await feeRows(provider.id))[0]).toMatchObject({ feeMinor: 0, isFree: true });
  });

  it('sets a fee per therapy category beside the general one', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'US' });
    await post(provider, '/api/provider/booking-fee/general', { fee: 8000, isFree: false });
    const couples = ids.therapy('couples-therapy');
    const res = await post(provider, '/api/provider/booking-fee/therapy', {
      therapyIdentifier: couples,
      fee: 12_000,
      isFree: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      general: { fee: 8000, isFree: false, currencyCode: 'USD' },
      therapy: [
        { therapyIdentifier: couples, therapyName: 'Couples Therapy', fee: 12_000, isFree: false, currencyCode: 'USD' },
      ],
    });
    await post(provider, '/api/provider/booking-fee/therapy', { therapyIdentifier: couples, isFree: true });
    const rows = await feeRows(provider.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.therapyCategoryId === couples)).toMatchObject({ feeMinor: 0, isFree: true });
  });

  it('refuses bad fees and unknown therapies, changing nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    for (const [payload, errors] of [
      [{ fee: -1, isFree: false }, { fee: ['Must be at least 0'] }],
      [{ fee: 10.5, isFree: false }, { fee: ['Invalid value'] }],
      [{ fee: '5000', isFree: false }, { fee: ['Invalid value'] }],
      [{ isFree: false }, { fee: ['This field is required'] }],
      [{ fee: 1_000_000_001 }, { fee: ['Must be at most 1000000000'] }],
    ] as const) {
      const res = await post(provider, '/api/provider/booking-fee/general', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(payload)).toEqual(errors);
    }
    const unknown = await post(provider, '/api/provider/booking-fee/therapy', {
      therapyIdentifier: ids.option('modality', 'video-session'),
      fee: 100,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ therapyIdentifier: ['Choose one of the listed options'] });
    expect(await feeRows(provider.id)).toEqual([]);
  });

  it('answers "Currency not found for country code" when the provider has no operating country', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'KE' });
    const res = await post(provider, '/api/provider/booking-fee/general', { fee: 5000, isFree: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'CURRENCY_NOT_FOUND', message: 'Currency not found for country code' });
    expect(await feeRows(provider.id)).toEqual([]);
  });

  it('drops fees of the old currency when the provider moves to a country with another one', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    await post(provider, '/api/provider/booking-fee/general', { fee: 1_500_000, isFree: false });
    const same = await post(provider, '/api/provider/update/info', validInfo());
    expect(same.json().bookingFee.general).toMatchObject({ fee: 1_500_000, currencyCode: 'NGN' });
    const moved = await post(
      provider,
      '/api/provider/update/info',
      validInfo({ countryIdentifier: ids.country('DE'), stateIdentifier: ids.state('DE-BE') }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().bookingFee).toEqual({ general: null, therapy: [] });
    expect(moved.json().setup.missing).toContain('bookingFee');
    expect(await feeRows(provider.id)).toEqual([]);
    const euro = await post(provider, '/api/provider/booking-fee/general', { fee: 7000, isFree: false });
    expect(euro.json().general).toEqual({ fee: 7000, isFree: false, currencyCode: 'EUR' });
  });

  it('answers 403 to a client', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await post(client, '/api/provider/booking-fee/general', { fee: 100 })).statusCode).toBe(403);
    expect(
      (
        await post(client, '/api/provider/booking-fee/therapy', {
          fee: 100,
          therapyIdentifier: ids.therapy('psychiatry'),
        })
      ).statusCode,
    ).toBe(403);
    expect(await feeRows(client.id)).toEqual([]);
  });
});

describe('licence states', () => {
  it('replaces the US states where the provider is licensed and lists them by name', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'US' });
    const empty = await t.app.inject({ url: '/api/provider/license-states', headers: provider.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    const res = await post(provider, '/api/provider/license-states', {
      stateIdentifiers: [ids.state('US-NY'), ids.state('US-CA'), ids.state('US-NY')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { identifier: ids.state('US-CA'), code: 'US-CA', name: 'California' },
      { identifier: ids.state('US-NY'), code: 'US-NY', name: 'New York' },
    ]);
    await post(provider, '/api/provider/license-states', { stateIdentifiers: [ids.state('US-TX')] });
    const rows = await t.deps.db
      .select()
      .from(providerLicenseStates)
      .where(eq(providerLicenseStates.providerId, provider.id));
    expect(rows.map((row) => row.stateId)).toEqual([ids.state('US-TX')]);
    const listed = await t.app.inject({ url: '/api/provider/license-states', headers: provider.headers });
    expect(listed.json().map((state: { code: string }) => state.code)).toEqual(['US-TX']);
  });

  it('refuses states outside the US and changes nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider', countryCode: 'US' });
    await post(provider, '/api/provider/license-states', { stateIdentifiers: [ids.state('US-CA')] });
    const res = await post(provider, '/api/provider/license-states', {
      stateIdentifiers: [ids.state('US-NY'), ids.state('NG-LA')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ stateIdentifiers: ['Choose states of the United States only'] });
    const listed = await t.app.inject({ url: '/api/provider/license-states', headers: provider.headers });
    expect(listed.json().map((state: { code: string }) => state.code)).toEqual(['US-CA']);
  });

  it('answers 403 to a client', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await t.app.inject({ url: '/api/provider/license-states', headers: client.headers })).statusCode).toBe(403);
    expect((await post(client, '/api/provider/license-states', { stateIdentifiers: [] })).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { clientProfiles, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { loadReferenceIds } from './test-support.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof loadReferenceIds>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') });
  ids = await loadReferenceIds(t);
});
afterAll(() => t.close());

function put(user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: '/api/client', headers: { ...user.headers, ...headers }, payload });
}

async function userRow(id: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function profileRow(id: string) {
  const [row] = await t.deps.db.select().from(clientProfiles).where(eq(clientProfiles.userId, id));
  return row;
}

describe('GET /api/client', () => {
  it('answers the signed-in client profile, empty where nothing is set yet', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Ada', lastName: 'Okafor' });
    const res = await t.app.inject({ url: '/api/client', headers: client.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      identifier: client.id,
      firstName: 'Ada',
      lastName: 'Okafor',
      photoUrl: null,
      thumbnailUrl: null,
      avatarIdentifier: null,
      userName: null,
      email: client.email,
      zipCode: null,
      countryIdentifier: ids.country('NG'),
      stateIdentifier: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: 'Africa/Lagos',
      isSocial: false,
      emergencyContact: null,
    });
  });

  it('answers 403 to a provider and 401 without a token', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const forbidden = await t.app.inject({ url: '/api/client', headers: provider.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do this' });
    expect((await t.app.inject({ url: '/api/client' })).statusCode).toBe(401);
  });
});

describe('PUT /api/client', () => {
  it('saves every field, turns empty strings into null and answers the new profile', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await put(client, {
      firstName: 'Mary-Jane',
      lastName: 'van Dyke',
      userName: 'mary_jane@home',
      zipCode: 'SW1A 1AA',
      countryIdentifier: ids.country('GB'),
      stateIdentifier: ids.state('GB-ENG'),
      dob: '1990-05-17',
      religionIdentifier: ids.option('religion', 'christianity'),
      ethnicityIdentifier: ids.option('background', 'black-british'),
      gender: 'female',
      timezone: 'Europe/London',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: 'van Dyke',
      userName: 'mary_jane@home',
      zipCode: 'SW1A 1AA',
      countryIdentifier: ids.country('GB'),
      stateIdentifier: ids.state('GB-ENG'),
      dob: '1990-05-17',
      gender: 'female',
      timezone: 'Europe/London',
    });
    expect(await userRow(client.id)).toMatchObject({
      firstName: 'Mary-Jane',
      countryId: ids.country('GB'),
      stateId: ids.state('GB-ENG'),
      dob: '1990-05-17',
      religionId: ids.option('religion', 'christianity'),
      ethnicityId: ids.option('background', 'black-british'),
      timezone: 'Europe/London',
    });
    expect(await profileRow(client.id)).toMatchObject({ userName: 'mary_jane@home', zipCode: 'SW1A 1AA' });

    const cleared = await put(client, { userName: 'mary_jane@home', firstName: '', zipCode: '  ', dob: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ firstName: null, zipCode: null, dob: null, lastName: 'van Dyke' });
    expect(await userRow(client.id)).toMatchObject({ firstName: null, dob: null, lastName: 'van Dyke' });
  });

  it('ignores role, email, isSocial and photo fields: a PUT with role admin changes nothing of them', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await put(client, {
      userName: 'plain_client',
      role: 'admin',
      email: 'attacker@example.test',
      isSocial: true,
      photoUrl: 'https://evil.example/x.png',
      verificationStatus: 'approved',
      balance: 1_000_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: client.email, isSocial: false, photoUrl: null });
    expect(await userRow(client.id)).toMatchObject({ role: 'client', email: client.email, isSocial: false });
    expect((await profileRow(client.id))?.photoUrl).toBeNull();
  });

  it('answers every SPEC message for bad names, username and zip, and changes nothing', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: 'Keep', lastName: 'Me' });
    const res = await put(client, {
      firstName: 'Al',
      lastName: 'R2-D2',
      userName: 'no spaces!',
      zipCode: '12',
      gender: 'robot',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        firstName: ['Must be at least 3 characters'],
        lastName: ['Start with a letter; use letters, spaces, hyphens and apostrophes only'],
        userName: ['Use letters, digits, underscores, hyphens and @ only'],
        zipCode: ['Must be at least 5 characters'],
        gender: ['Choose one of the listed options'],
      },
    });
    expect(await userRow(client.id)).toMatchObject({ firstName: 'Keep', lastName: 'Me', gender: null });
    expect(await profileRow(client.id)).toBeUndefined();
  });

  it('requires a username of 3 to 32 characters', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await put(client, {})).json().fieldErrors).toEqual({ userName: ['This field is required'] });
    expect((await put(client, { userName: 'ab' })).json().fieldErrors).toEqual({
      userName: ['Must be at least 3 characters'],
    });
    expect((await put(client, { userName: 'a'.repeat(33) })).json().fieldErrors).toEqual({
      userName: ['Must not exceed 32 characters'],
    });
    expect(
      (await put(client, { userName: 'abc', firstName: 'A'.repeat(33), zipCode: '12345678901' })).json().fieldErrors,
    ).toEqual({
      firstName: ['Must not exceed 32 characters'],
      zipCode: ['Must not exceed 10 characters'],
    });
    expect((await put(client, { userName: 'abc', zipCode: '12#45' })).json().fieldErrors).toEqual({
      zipCode: ['Use letters and digits only, with a space or hyphen between groups'],
    });
  });

  it('refuses a username another client has, whatever its case', async () => {
    const first = await createTestUser(t, { role: 'client' });
    const second = await createTestUser(t, { role: 'client' });
    expect((await put(first, { userName: 'Taken_Name' })).statusCode).toBe(200);
    const res = await put(second, { userName: 'taken_name', firstName: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ userName: ['This username is already taken'] });
    expect((await userRow(second.id))?.firstName).toBe('Test');
    // Keeping one's own username is fine.
    expect((await put(first, { userName: 'TAKEN_NAME' })).statusCode).toBe(200);
  });

  it('checks that country and state exist and belong together', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const mismatch = await put(client, {
      userName: 'geo_client',
      countryIdentifier: ids.country('NG'),
      stateIdentifier: ids.state('US-CA'),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ stateIdentifier: ['Choose a state of the selected country'] });

    const unknown = await put(client, {
      userName: 'geo_client',
      countryIdentifier: '00000000-0000-4000-8000-000000000000',
      stateIdentifier: '00000000-0000-4000-8000-000000000001',
    });
    expect(unknown.json().fieldErrors).toEqual({
      countryIdentifier: ['Choose one of the listed options'],
      stateIdentifier: ['Choose one of the listed options'],
    });
    const malformed = await put(client, { userName: 'geo_client', countryIdentifier: 'NG' });
    expect(malformed.json().fieldErrors).toEqual({ countryIdentifier: ['Invalid identifier'] });
    expect((await userRow(client.id))?.stateId).toBeNull();

    // A client may live anywhere, not only in an operating country.
    const kenya = await put(client, { userName: 'geo_client', countryIdentifier: ids.country('KE') });
    expect(kenya.statusCode).toBe(200);
  });

  it('clears a state of the old country when only the country changes', async () => {
    const client = await createTestUser(t, { role: 'client' });
    await put(client, { userName: 'mover', countryIdentifier: ids.country('NG'), stateIdentifier: ids.state('NG-LA') });
    const res = await put(client, { userName: 'mover', countryIdentifier: ids.country('DE') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ countryIdentifier: ids.country('DE'), stateIdentifier: null });
  });

  it('takes religion and ethnicity only from their own lists', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await put(client, {
      userName: 'lists_client',
      religionIdentifier: ids.option('background', 'african'),
      ethnicityIdentifier: ids.option('religion', 'islam'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      religionIdentifier: ['Choose one of the listed options'],
      ethnicityIdentifier: ['Choose one of the listed options'],
    });
    expect(await userRow(client.id)).toMatchObject({ religionId: null, ethnicityId: null });
  });

  it('wants a date of birth as YYYY-MM-DD, in the past, and a real IANA time zone', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await put(client, { userName: 'dates', dob: '17/05/1990' })).json().fieldErrors).toEqual({
      dob: ['Enter a date as YYYY-MM-DD'],
    });
    expect((await put(client, { userName: 'dates', dob: '1990-02-30' })).json().fieldErrors).toEqual({
      dob: ['Enter a date as YYYY-MM-DD'],
    });
    // The test clock says 2027-03-01.
    expect((await put(client, { userName: 'dates', dob: '2027-03-01' })).json().fieldErrors).toEqual({
      dob: ['Date of birth must be in the past'],
    });
    expect((await put(client, { userName: 'dates', dob: '1899-12-31' })).json().fieldErrors).toEqual({
      dob: ['Date of birth must be after 1900-01-01'],
    });
    expect((await put(client, { userName: 'dates', timezone: 'Mars/Olympus' })).json().fieldErrors).toEqual({
      timezone: ['Choose a valid time zone'],
    });
    expect((await put(client, { userName: 'dates', dob: '2027-02-28', timezone: 'America/Chicago' })).statusCode).toBe(
      200,
    );
  });

  it('answers validation messages in German with X-Language: de', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const res = await put(client, { userName: 'x' }, { 'x-language': 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.userName).toHaveLength(1);
    expect(res.json().fieldErrors.userName[0]).not.toBe('Must be at least 3 characters');
  });

  it('only ever writes the caller: another client stays untouched', async () => {
    const mine = await createTestUser(t, { role: 'client' });
    const other = await createTestUser(t, { role: 'client', firstName: 'Other' });
    await put(mine, { userName: 'only_mine', firstName: 'Mine', identifier: other.id, userId: other.id });
    expect((await userRow(mine.id))?.firstName).toBe('Mine');
    expect((await userRow(other.id))?.firstName).toBe('Other');
    expect(await profileRow(other.id)).toBeUndefined();
  });

  it('answers 403 to a provider and changes nothing', async () => {
    const provider = await createTestUser(t, { role: 'provider', firstName: 'Prov' });
    const res = await put(provider, { userName: 'sneaky', firstName: 'Changed' });
    expect(res.statusCode).toBe(403);
    expect((await userRow(provider.id))?.firstName).toBe('Prov');
  });
});

describe('POST /api/client/emergency-contact', () => {
  function post(user: TestUser, payload: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: '/api/client/emergency-contact', headers: user.headers, payload });
  }

  it('saves and replaces the contact, shown in GET /api/client', async () => {
    const client = await createTestUser(t, { role: 'client' });
    // Typed with spaces, stored E.164 by the client's country (Nigeria).
    const first = await post(client, { name: "Chidi O'Kafor", phoneNumber: '0803 123 4567' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ name: "Chidi O'Kafor", phoneNumber: '+2348031234567' });
    await post(client, { name: 'Ngozi Okafor-Eze', phoneNumber: '112' });
    expect(await profileRow(client.id)).toMatchObject({
      emergencyContactName: 'Ngozi Okafor-Eze',
      emergencyContactPhone: '112',
    });
    const profile = (await t.app.inject({ url: '/api/client', headers: client.headers })).json();
    expect(profile.emergencyContact).toEqual({ name: 'Ngozi Okafor-Eze', phoneNumber: '112' });
  });

  it('answers the rules for name (letters, hyphen, spaces 3-32) and number (digits 3-32)', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await post(client, { name: 'Jo', phoneNumber: '12' })).json().fieldErrors).toEqual({
      name: ['Must be at least 3 characters'],
      phoneNumber: ['Number must be at least 3 digits'],
    });
    expect((await post(client, { name: 'Jo3y', phoneNumber: '08x03' })).json().fieldErrors).toEqual({
      name: ['Start with a letter; use letters, spaces, hyphens and apostrophes only'],
      phoneNumber: ['Use digits, spaces and ( ) - . / only, optionally starting with +'],
    });
    expect((await post(client, { name: 'A'.repeat(33), phoneNumber: '1'.repeat(33) })).json().fieldErrors).toEqual({
      name: ['Must not exceed 32 characters'],
      phoneNumber: ['Number must not exceed 32 digits'],
    });
    expect((await post(client, {})).json().fieldErrors).toEqual({
      name: ['This field is required'],
      phoneNumber: ['This field is required'],
    });
    expect(await profileRow(client.id)).toBeUndefined();
  });

  it('answers 403 to a provider', async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    expect((await post(provider, { name: 'Some Body', phoneNumber: '12345' })).statusCode).toBe(403);
  });
});

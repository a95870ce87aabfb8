import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { noteAccessLog, providerBillingDetails, sessionDiagnoses, states } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { download, pdfText } from './test-support.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let provider: TestUser;
let client: TestUser;
let bookingId: string;
let otherBookingId: string;
let californiaId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
  provider = await createProvider(t, {
    countryCode: 'US',
    firstName: 'Grace',
    lastName: 'Kim-Okafor',
    timezone: 'America/Los_Angeles',
  });
  client = await createTestUser(t, {
    role: 'client',
    countryCode: 'US',
    firstName: 'Seán',
    lastName: "O'Brien",
    timezone: 'America/New_York',
  });
  const [california] = await t.deps.db.select({ id: states.id }).from(states).where(eq(states.code, 'US-CA'));
  californiaId = california?.id as string;
  await fundWallet(t, client.id, 5_000_000, 'USD');
  const pay = async (index: number) => {
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-03', index);
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    await payWithWallet(t, client, booking.identifier);
    return booking.identifier;
  };
  bookingId = await pay(0);
  otherBookingId = await pay(2);
});
afterAll(() => t.close());

describe('provider billing details', () => {
  it('saves a valid NPI, licence number and US licence state', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/billing-details',
      headers: provider.headers,
      payload: {
        practiceName: 'Kim-Okafor Counseling',
        npi: '1234567893',
        licenseNumber: 'LMFT 54321',
        licenseStateIdentifier: californiaId,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      practiceName: 'Kim-Okafor Counseling',
      npi: '1234567893',
      licenseNumber: 'LMFT 54321',
      licenseStateIdentifier: californiaId,
    });
    const read = await t.app.inject({ url: '/api/provider/billing-details', headers: provider.headers });
    expect(read.json().npi).toBe('1234567893');
  });

  it('refuses an NPI whose check digit is wrong, in the reader’s language, and keeps what was saved', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/billing-details',
      headers: { ...provider.headers, 'x-language': 'de' },
      payload: { npi: '1234567890' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.npi).toEqual(['Gib eine gültige zehnstellige NPI ein']);
    const [row] = await t.deps.db
      .select()
      .from(providerBillingDetails)
      .where(eq(providerBillingDetails.userId, provider.id));
    expect(row?.npi).toBe('1234567893');
  });

  it('refuses a licence state outside the US', async () => {
    const [lagos] = await t.deps.db.select({ id: states.id }).from(states).where(eq(states.code, 'NG-LA'));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/billing-details',
      headers: provider.headers,
      payload: { npi: '1234567893', licenseStateIdentifier: lagos?.id },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['licenseStateIdentifier']);
  });

  it('is the provider’s own: clients are refused', async () => {
    const response = await t.app.inject({ url: '/api/provider/billing-details', headers: client.headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('session diagnoses', () => {
  it('stores the codes sealed, in claim form, and logs the write and the read', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/note/booking/${bookingId}/diagnosis`,
      headers: provider.headers,
      payload: { codes: ['f411', 'F32.A'], placeOfService: '10' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().codes).toEqual(['F41.1', 'F32.A']);
    const [row] = await t.deps.db.select().from(sessionDiagnoses).where(eq(sessionDiagnoses.bookingId, bookingId));
    expect(row?.codes.toString('utf8')).not.toContain('F41');
    const read = await t.app.inject({ url: `/api/note/booking/${bookingId}/diagnosis`, headers: provider.headers });
    expect(read.json()).toMatchObject({ codes: ['F41.1', 'F32.A'], placeOfService: '10' });
    const log = await t.deps.db
      .select()
      .from(noteAccessLog)
      .where(eq(noteAccessLog.noteId, row?.id as string));
    expect(log.map((entry) => entry.action)).toEqual(['create', 'read']);
  });

  it('refuses what is no ICD-10 code and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/note/booking/${bookingId}/diagnosis`,
      headers: provider.headers,
      payload: { codes: ['anxiety'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Enter ICD-10 codes such as F41.1');
    const read = await t.app.inject({ url: `/api/note/booking/${bookingId}/diagnosis`, headers: provider.headers });
    expect(read.json().codes).toEqual(['F41.1', 'F32.A']);
  });

  it("answers 404 for another provider's session", async () => {
    const other = await createProvider(t, { countryCode: 'US' });
    const response = await t.app.inject({ url: `/api/note/booking/${bookingId}/diagnosis`, headers: other.headers });
    expect(response.statusCode).toBe(404);
  });
});

describe('superbills', () => {
  it('prints the session with NPI, licence, CPT, place of service, diagnosis and amount paid, and logs the diagnosis read', async () => {
    const before = await t.deps.db.select().from(noteAccessLog);
    const file = await download(t, client, `/api/documents/superbills/sessions/${bookingId}/pdf`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.body);
    expect(text).toContain('Superbill');
    expect(text).toContain("Seán O'Brien");
    expect(text).toContain('Kim-Okafor Counseling');
    expect(text).toContain('NPI: 1234567893');
    expect(text).toContain('LMFT 54321 (CA)');
    expect(text).toContain('90837');
    expect(text).toContain('F41.1, F32.A');
    expect(text).toContain('$5,000.00');
    const after = await t.deps.db.select().from(noteAccessLog).where(eq(noteAccessLog.actorId, client.id));
    expect(after.length).toBe(1);
    expect(before.length).toBeLessThan((await t.deps.db.select().from(noteAccessLog)).length);
  });

  it('puts every paid session of the month on the monthly superbill, in German', async () => {
    const file = await download(t, client, '/api/documents/superbills/months/2027-03/pdf', 'de');
    expect(file.status).toBe(200);
    const text = await pdfText(file.body);
    expect(text).toContain('Superbill');
    expect(text).toContain('Zeitraum');
    expect(text.match(/90837/g)).toHaveLength(2);
    expect(text).toContain('10.000,00 $');
    const empty = await pdfText((await download(t, client, '/api/documents/superbills/months/2027-05/pdf')).body);
    expect(empty).toContain('No paid sessions in this period.');
  });

  it("answers 404 for someone else's session and 409 for a session not billed in US dollars", async () => {
    const stranger = await createTestUser(t, { role: 'client', countryCode: 'US' });
    expect((await download(t, stranger, `/api/documents/superbills/sessions/${otherBookingId}/pdf`)).status).toBe(404);
    const ngProvider = await createProvider(t, { countryCode: 'NG' });
    const ngClient = await createTestUser(t, { role: 'client' });
    await fundWallet(t, ngClient.id, 5_000_000, 'NGN');
    const booking = await createBookingVia(t, ngClient, ngProvider, ids);
    await scheduleVia(t, ngClient, booking.identifier, (await listedSlot(t, ngProvider.id, '2027-03-03')).identifier);
    await payWithWallet(t, ngClient, booking.identifier);
    const refused = await download(t, ngClient, `/api/documents/superbills/sessions/${booking.identifier}/pdf`);
    expect(refused.status).toBe(409);
    expect(refused.json().code).toBe('SUPERBILL_UNAVAILABLE');
  });

  it('refuses a provider and a malformed month', async () => {
    expect((await download(t, provider, `/api/documents/superbills/sessions/${bookingId}/pdf`)).status).toBe(403);
    const bad = await download(t, client, '/api/documents/superbills/months/2027-13/pdf');
    expect(bad.status).toBe(400);
    expect(
      await t.deps.db
        .select()
        .from(sessionDiagnoses)
        .where(inArray(sessionDiagnoses.bookingId, [otherBookingId])),
    ).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProvider } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import {
  indemnityInsurances,
  providerBookingFees,
  providerDirectory,
  providerProfiles,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/password.ts';
import { multipartForm, samplePdf } from '../../platform/uploads/test-files.ts';
import { listingMissing as missingOf } from '../credentials/listing.ts';

// The listing rule (@app/shared/listing-rules) through every path that changes one of its inputs:
// approval, insurance (upload, delete, lapse), fee, availability, suspension. Each asserts the
// directory search, the provider's page and the provider's own checklist, and the database row.

const clock = fixedClock(new Date());
const day = (offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'listing-test-'));
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { DATA_DIR: dataDir } });
  admin = await createTestUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A provider with hours and a fee, submitted for review, with no insurance on file. */
async function submittedWithoutInsurance(firstName: string): Promise<TestUser> {
  const provider = await createProvider(t, { firstName, lastName: "O'Brien-Eze", fee: 1_500_000 });
  await t.deps.db.delete(indemnityInsurances).where(eq(indemnityInsurances.providerId, provider.id));
  await t.deps.db
    .update(providerProfiles)
    .set({ verificationStatus: 'submitted', approvedAt: null })
    .where(eq(providerProfiles.userId, provider.id));
  return provider;
}

async function uploadInsurance(provider: TestUser, expiresOn = day(365)): Promise<string> {
  const form = multipartForm([
    { name: 'expiresOn', value: expiresOn },
    { name: 'file', filename: 'policy.pdf', data: samplePdf() },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/provider/indemnity-insurance',
    headers: { ...provider.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().identifier;
}

const approve = (provider: TestUser, language: 'en' | 'de' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/providers/${provider.id}/approve`,
    headers: { ...admin.headers, 'x-language': language },
  });

async function searchIds(): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/providers?perPage=50' });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((card: { identifier: string }) => card.identifier);
}

async function card(provider: TestUser) {
  const response = await t.app.inject({ url: '/api/providers?perPage=50' });
  return response.json().data.find((item: { identifier: string }) => item.identifier === provider.id);
}

/** The provider's own checklist (the verification note), or the rule's answer straight from the database. */
async function listingMissing(provider: TestUser): Promise<string[]> {
  const response = await t.app.inject({
    url: '/api/provider/qualification/verification-note',
    headers: provider.headers,
  });
  // A clock moved past the access token's life: ask the rule itself.
  if (response.statusCode === 401) return missingOf(t.deps.db, { providerId: provider.id, now: clock.now() });
  expect(response.statusCode).toBe(200);
  return response.json().listingMissing;
}

/** Listed everywhere the rule is read: the search, the provider's page, and their checklist says nothing is missing. */
async function expectListed(provider: TestUser) {
  expect(await searchIds()).toContain(provider.id);
  expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(200);
  expect(await listingMissing(provider)).toEqual([]);
}

async function expectUnlisted(provider: TestUser, missing: string[]) {
  expect(await searchIds()).not.toContain(provider.id);
  expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
  expect(await listingMissing(provider)).toEqual(missing);
}

describe('approval and the listing rule', () => {
  it('refuses approval without insurance, naming what is missing in the reader’s language', async () => {
    const provider = await submittedWithoutInsurance('Amaka');
    await expectUnlisted(provider, ['approval', 'insurance']);

    const refused = await approve(provider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LISTING_INCOMPLETE',
      message: 'This provider cannot go live yet. Still missing: a current indemnity insurance.',
    });
    const german = await approve(provider, 'de');
    expect(german.statusCode).toBe(409);
    expect(german.json().message).toBe(
      'Diese Fachkraft kann noch nicht live gehen. Es fehlt noch: eine gültige Berufshaftpflichtversicherung.',
    );
    // Nothing changed: still submitted, not approved, no decision recorded.
    const [profile] = await t.deps.db
      .select({ status: providerProfiles.verificationStatus, approvedAt: providerProfiles.approvedAt })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile).toEqual({ status: 'submitted', approvedAt: null });
  });

  it('names every missing piece: no fee and no free times', async () => {
    const provider = await createProvider(t, { firstName: 'Chidi', lastName: 'Okafor', fee: null, days: [] });
    await t.deps.db
      .update(providerProfiles)
      .set({ verificationStatus: 'submitted', approvedAt: null })
      .where(eq(providerProfiles.userId, provider.id));
    const refused = await approve(provider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This provider cannot go live yet. Still missing: a session fee; a free time in the next 60 days.',
    );
  });

  it('lists the provider once approved with insurance, with the next free time on the card at once', async () => {
    const provider = await submittedWithoutInsurance('Bola');
    await uploadInsurance(provider);
    expect(await listingMissing(provider)).toEqual(['approval']);
    const approved = await approve(provider);
    expect(approved.statusCode, approved.body).toBe(200);
    await expectListed(provider);
    // No directory job has run: the card's next free time is the first one the page lists.
    const page = (await t.app.inject({ url: `/api/providers/${provider.id}` })).json();
    expect(page.nextSlots.length).toBeGreaterThan(0);
    expect((await card(provider)).nextAvailableAt).toBe(page.nextSlots[0]);
    const [row] = await t.deps.db
      .select({ next: providerDirectory.nextAvailableAt, listableUntil: providerDirectory.listableUntil })
      .from(providerDirectory)
      .where(eq(providerDirectory.providerId, provider.id));
    expect(row?.next?.toISOString()).toBe(page.nextSlots[0]);
    // The directory row's copy of the rule's standing part: the insurance's expiry day.
    expect(row?.listableUntil).toBe(day(365));
  });
});

describe('every change of an input unlists at once', () => {
  it('deleting the last current insurance', async () => {
    const provider = await submittedWithoutInsurance('Dayo');
    const insuranceId = await uploadInsurance(provider);
    expect((await approve(provider)).statusCode).toBe(200);
    await expectListed(provider);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/provider/indemnity-insurance/${insuranceId}`,
      headers: provider.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await expectUnlisted(provider, ['insurance']);
    const [profile] = await t.deps.db
      .select({ expiresOn: providerProfiles.insuranceExpiresOn })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile?.expiresOn).toBeNull();
  });

  it('an insurance lapsing: the day after its expiry, with no job', async () => {
    const provider = await createProvider(t, { firstName: 'Efe', lastName: "D'Souza" });
    await t.deps.db.delete(indemnityInsurances).where(eq(indemnityInsurances.providerId, provider.id));
    await uploadInsurance(provider, day(2));
    await expectListed(provider);
    const start = clock.now();
    try {
      clock.set(new Date(`${day(2)}T23:59:00Z`));
      expect(await searchIds()).toContain(provider.id); // covered through its expiry day
      clock.set(new Date(`${day(3)}T00:00:00Z`));
      await expectUnlisted(provider, ['insurance']);
    } finally {
      clock.set(start);
    }
    await expectListed(provider);
  });

  it('removing the fee', async () => {
    const provider = await createProvider(t, { firstName: 'Funmi', lastName: 'Adé-Bello' });
    await expectListed(provider);
    // The fee goes when it no longer means anything (a move to another country's currency);
    // the directory row follows its source by trigger, whatever removes it.
    await t.deps.db.delete(providerBookingFees).where(eq(providerBookingFees.providerId, provider.id));
    await expectUnlisted(provider, ['fee']);
  });

  it('removing the last availability', async () => {
    const provider = await createProvider(t, { firstName: 'Gbenga', lastName: 'Ola' });
    await expectListed(provider);
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/provider-availability/days/recurring',
      headers: provider.headers,
      payload: { days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, isAvailable: false })) },
    });
    expect(cleared.statusCode).toBe(200);
    await expectUnlisted(provider, ['availability']);
    const [row] = await t.deps.db
      .select({ next: providerDirectory.nextAvailableAt })
      .from(providerDirectory)
      .where(eq(providerDirectory.providerId, provider.id));
    expect(row?.next).toBeNull();
  });

  it('suspension, and the directory count follows', async () => {
    const provider = await createProvider(t, { firstName: 'Hauwa', lastName: 'Bello' });
    await expectListed(provider);
    const total = async () => (await t.app.inject({ url: '/api/providers' })).json().total as number;
    const before = await total();
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.id}/suspend`,
      headers: admin.headers,
    });
    expect(suspended.statusCode).toBe(200);
    expect(await searchIds()).not.toContain(provider.id);
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
    const [profile] = await t.deps.db
      .select({ suspendedAt: providerProfiles.suspendedAt })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.id));
    expect(profile?.suspendedAt).not.toBeNull();
    expect(await total()).toBe(before - 1);

    const reactivated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${provider.id}/reactivate`,
      headers: admin.headers,
    });
    expect(reactivated.statusCode).toBe(200);
    expect(await searchIds()).toContain(provider.id);
    expect(await total()).toBe(before);
  });

  it('erasing the account, and the directory row keeps nothing listable', async () => {
    const password = 'Correct-Horse-7';
    const provider = await createProvider(t, {
      firstName: 'Zoë',
      lastName: "D'Arcy-Nwosu",
      passwordHash: await hashPassword(password),
    });
    await expectListed(provider);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: provider.headers,
      payload: { password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await searchIds()).not.toContain(provider.id);
    expect((await t.app.inject({ url: `/api/providers/${provider.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/review/provider/${provider.id}` })).statusCode).toBe(404);
    const [row] = await t.deps.db
      .select({ listableUntil: providerDirectory.listableUntil })
      .from(providerDirectory)
      .where(eq(providerDirectory.providerId, provider.id));
    expect(row).toEqual({ listableUntil: null });
  });
});

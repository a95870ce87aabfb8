import type { Booking, BookingSeries } from '@app/shared/schemas/bookings';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { bookingEvents, bookings, emails, preferenceOptions, therapyCategories } from '../src/db/schema/index.ts';
import { accountBalance, escrowBalance } from '../src/modules/money/ledger.ts';
import { fundWallet } from '../src/modules/money/test-helpers.ts';
import { type Clock, fixedClock } from '../src/platform/clock.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type CreateTestUserOptions, createTestUser, type TestUser } from './factories.ts';

/** Booking fixtures for the tests of every module (not used by the app). */

export interface Catalog {
  therapyId: string;
  otherTherapyId: string;
  modalityId: string;
  otherModalityId: string;
}

export async function catalog(t: TestApp): Promise<Catalog> {
  const categories = await t.deps.db
    .select({ id: therapyCategories.id, key: therapyCategories.key })
    .from(therapyCategories)
    .orderBy(asc(therapyCategories.position));
  const modalities = await t.deps.db
    .select({ id: preferenceOptions.id, key: preferenceOptions.key })
    .from(preferenceOptions)
    .where(eq(preferenceOptions.list, 'modality'))
    .orderBy(asc(preferenceOptions.position));
  const category = (key: string) => categories.find((row) => row.key === key)?.id as string;
  const modality = (key: string) => modalities.find((row) => row.key === key)?.id as string;
  return {
    therapyId: category('individual-therapy'),
    otherTherapyId: category('couples-therapy'),
    modalityId: modality('video-session'),
    otherModalityId: modality('in-person'),
  };
}

export interface ProviderSetup extends CreateTestUserOptions {
  /** General fee in minor units; 0 = free; null = none set. */
  fee?: number | null;
  /** Weekdays 1-7 working 09:00-17:00 (default Monday to Friday). */
  days?: number[];
}

/** An approved provider with a general fee and a weekly calendar, set through the API. */
export async function createProvider(t: TestApp, setup: ProviderSetup = {}): Promise<TestUser> {
  const provider = await createTestUser(t, { role: 'provider', ...setup });
  const days = setup.days ?? [1, 2, 3, 4, 5];
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/provider-availability/days/recurring',
    headers: provider.headers,
    payload: {
      days: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) =>
        days.includes(dayOfWeek)
          ? { dayOfWeek, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '17:00' }] }
          : { dayOfWeek, isAvailable: false },
      ),
    },
  });
  expect(saved.statusCode).toBe(200);
  const fee = setup.fee === undefined ? 500_000 : setup.fee;
  if (fee !== null) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/provider/booking-fee/general',
      headers: provider.headers,
      payload: fee === 0 ? { isFree: true } : { fee, isFree: false },
    });
    expect(response.statusCode).toBe(200);
  }
  return provider;
}

export interface ListedSlot {
  identifier: string;
  startAt: string;
  endAt: string;
}

/** A free slot as the public calendar lists it (a date in the provider's zone by default). */
export async function listedSlot(t: TestApp, providerId: string, date: string, index = 0): Promise<ListedSlot> {
  const response = await t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/${date}` });
  expect(response.statusCode).toBe(200);
  const slot = response.json().days[0].timeSlot[index];
  if (!slot) throw new Error(`no slot ${index} on ${date} for ${providerId}`);
  return slot;
}

/** A session the two had before (completed, with a time): what makes the client the provider's. */
export async function pastSession(t: TestApp, client: TestUser, provider: TestUser): Promise<string> {
  const [row] = await t.deps.db
    .insert(bookings)
    .values({
      clientId: client.id,
      providerId: provider.id,
      status: 'completed',
      startsAt: new Date('2027-02-01T10:00:00Z'),
      endsAt: new Date('2027-02-01T11:00:00Z'),
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error('booking insert failed');
  return row.id;
}

export async function createBookingVia(
  t: TestApp,
  client: TestUser,
  provider: TestUser,
  ids: Catalog,
  extra: Record<string, unknown> = {},
): Promise<Booking> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/booking',
    headers: client.headers,
    payload: {
      providerIdentifier: provider.id,
      modalityIdentifier: ids.modalityId,
      therapyIdentifier: ids.therapyId,
      note: 'First session',
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function scheduleVia(t: TestApp, client: TestUser, bookingId: string, slotId: string): Promise<Booking> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/booking/${bookingId}/schedule`,
    headers: client.headers,
    payload: { timeslotIdentifier: slotId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** POST /booking/series by `client` with `provider`, the catalog's therapy and modality: the raw answer, refusals too. */
export function postSeries(
  t: TestApp,
  client: TestUser,
  provider: TestUser,
  ids: Catalog,
  payload: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/booking/series',
    headers: client.headers,
    payload: {
      providerIdentifier: provider.id,
      modalityIdentifier: ids.modalityId,
      therapyIdentifier: ids.therapyId,
      ...payload,
    },
  });
}

/** A client's series from a listed slot (POST /booking/series), as the API answers it. */
export async function createSeriesVia(
  t: TestApp,
  client: TestUser,
  provider: TestUser,
  ids: Catalog,
  input: { slotId: string; occurrences: number; cadence?: 'weekly' | 'fortnightly'; extra?: Record<string, unknown> },
): Promise<BookingSeries & { identifier: string }> {
  const response = await postSeries(t, client, provider, ids, {
    timeslotIdentifier: input.slotId,
    occurrences: input.occurrences,
    ...(input.cadence ? { cadence: input.cadence } : {}),
    ...input.extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** POST /payment/booking/{id} by `client` with `method`: the raw answer, refusals too. */
export function postPayment(t: TestApp, client: TestUser, bookingId: string, method: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payment/booking/${bookingId}`,
    headers: client.headers,
    payload: { method },
  });
}

/** A whole series paid at once from the client's wallet (POST /payment/series/{id}); must succeed. */
export async function paySeriesWithWallet(t: TestApp, client: TestUser, seriesId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payment/series/${seriesId}`,
    headers: client.headers,
    payload: { method: 'wallet' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function payWithWallet(t: TestApp, client: TestUser, bookingId: string): Promise<Booking> {
  const response = await postPayment(t, client, bookingId, 'wallet');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * A new client's booking of `provider`'s listed slot `index` on `date` (a new provider when none
 * is given), paid from a funded wallet when `pay`.
 */
export async function scheduledBooking(
  t: TestApp,
  ids: Catalog,
  slot: { provider?: TestUser; date: string; index?: number; pay?: boolean },
) {
  const provider = slot.provider ?? (await createProvider(t));
  const client = await createTestUser(t, { role: 'client' });
  if (slot.pay) await fundWallet(t, client.id, 500_000);
  const booking = await createBookingVia(t, client, provider, ids);
  const listed = await listedSlot(t, provider.id, slot.date, slot.index ?? 0);
  await scheduleVia(t, client, booking.identifier, listed.identifier);
  if (slot.pay) await payWithWallet(t, client, booking.identifier);
  return { provider, client, booking, slot: listed };
}

export async function bookingRow(t: TestApp, bookingId: string) {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} not found`);
  return row;
}

export async function eventTypes(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ type: bookingEvents.type })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.seq));
  return rows.map((row) => row.type);
}

export async function emailsTo(t: TestApp, address: string, template?: string) {
  return t.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, address.toLowerCase()), template ? eq(emails.template, template) : undefined));
}

export const walletOf = (t: TestApp, userId: string, currencyCode = 'NGN') =>
  accountBalance(t.deps.db, { kind: 'client_wallet', currencyCode, userId });
/** All booking escrow of the currency (its shards and the unsharded account). */
export const escrowOf = (t: TestApp, currencyCode = 'NGN') => escrowBalance(t.deps.db, currencyCode);
export const earningsOf = (t: TestApp, userId: string, currencyCode = 'NGN') =>
  accountBalance(t.deps.db, { kind: 'provider_earnings', currencyCode, userId });

/**
 * The app the booking tests share: a fresh database on `clock`, tokens that outlive the file's
 * moves of the clock, and the catalog's ids. `({ t, ids } = await bookingTestApp(clock))` in a
 * beforeAll; `t.close()` in the afterAll.
 */
export async function bookingTestApp(clock: Clock): Promise<{ t: TestApp; ids: Catalog }> {
  const t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  return { t, ids: await catalog(t) };
}

/**
 * bookingTestApp as a test file's setup, in one call at its top: the clock starts every test at
 * `start`. `t` and `ids` are filled in by the file's beforeAll, so the file's tests and helpers
 * use them as they are (`const { t, ids, clock } = bookingSuite(START)`).
 */
export function bookingSuite(start: string): { t: TestApp; ids: Catalog; clock: ReturnType<typeof fixedClock> } {
  const clock = fixedClock(start);
  const suite = { t: {} as TestApp, ids: {} as Catalog, clock };
  beforeAll(async () => {
    const built = await bookingTestApp(clock);
    Object.assign(suite.t, built.t);
    Object.assign(suite.ids, built.ids);
  });
  afterAll(() => suite.t.close());
  beforeEach(() => clock.set(start));
  return suite;
}

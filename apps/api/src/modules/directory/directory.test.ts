import { REVIEWS_PAGE_SIZE } from '@app/shared/schemas/reviews';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import {
  availabilitySettings,
  availabilityTimeOff,
  externalBusyTimes,
  externalCalendars,
  preferenceOptions,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { upcomingFreeSlots } from '../availability/next-free-slot.ts';
import { refreshNextAvailable } from './next-available.ts';
import { NEXT_SLOTS_SHOWN } from './provider-page.ts';
import { directoryWebServices } from './web-services.ts';

/** Runs first in this file's fresh database: these are the only providers. */
let t: TestApp;
let ids: Catalog;
let lagos: TestUser;
let london: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock: fixedClock('2027-03-01T09:00:00Z') }); // Monday 10:00 in Lagos
  ids = await catalog(t);
  lagos = await createProvider(t, { fee: 1_500_000, firstName: 'Ada', lastName: 'Eze' });
  london = await createProvider(t, {
    countryCode: 'GB',
    timezone: 'Europe/London',
    fee: 6_000,
    firstName: 'Sarah',
    lastName: 'Collins',
  });
  await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
});
afterAll(() => t.close());

describe('GET /providers', () => {
  it('lists approved providers with fee, visitor currency and next free slot', async () => {
    await refreshNextAvailable(t.deps);
    const response = await t.app.inject({ url: '/api/providers', headers: { 'x-country-code': 'GB' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.nextCursor).toBeNull();
    const ada = body.data.find((item: { identifier: string }) => item.identifier === lagos.id);
    expect(ada).toMatchObject({
      name: 'Ada Eze',
      countryCode: 'NG',
      fee: { amount: 1_500_000, isFree: false, currencyCode: 'NGN' },
      visitorCurrencyCode: 'GBP',
      visitorFee: { amount: 800, currencyCode: 'GBP' },
      rating: null,
      reviewCount: 0,
      // 10:00 Lagos is now: the next start is 11:00 Lagos.
      nextAvailableAt: '2027-03-01T10:00:00.000Z',
    });
    const sarah = body.data.find((item: { identifier: string }) => item.identifier === london.id);
    expect(sarah).toMatchObject({
      fee: { currencyCode: 'GBP' },
      visitorFee: null,
      nextAvailableAt: '2027-03-01T10:00:00.000Z',
    });
  });

  it('skips taken slots and filters by country', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const booking = await createBookingVia(t, client, lagos, ids);
    await scheduleVia(t, client, booking.identifier, (await listedSlot(t, lagos.id, '2027-03-01', 0)).identifier);
    // The directory keeps next free slots (refreshed every minute by its job); refresh it now.
    await refreshNextAvailable(t.deps);
    const response = await t.app.inject({ url: '/api/providers?countryCode=ng' });
    expect(response.json().data).toHaveLength(1);
    expect(response.json().data[0]).toMatchObject({
      identifier: lagos.id,
      visitorCurrencyCode: 'NGN',
      nextAvailableAt: '2027-03-01T11:00:00.000Z',
    });
  });

  it.runIf(testDriver === 'pglite')('costs the same number of queries for 1 provider as for 12', async () => {
    const pglite = t.database.pglite;
    if (!pglite) throw new Error('pglite expected');
    const count = async (url: string) => {
      const spy = vi.spyOn(pglite, 'query');
      const execSpy = vi.spyOn(pglite, 'exec');
      await t.app.inject({ url });
      const calls = spy.mock.calls.length + execSpy.mock.calls.length;
      spy.mockRestore();
      execSpy.mockRestore();
      return calls;
    };
    for (let index = 0; index < 10; index++) await createProvider(t);
    const one = await count('/api/providers?perPage=1');
    const twelve = await count('/api/providers?perPage=12');
    expect(one).toBeGreaterThan(0);
    expect(twelve).toBe(one);
  });
});

describe('GET /providers/{id}', () => {
  it('shows what the provider offers from their preferences, with fees', async () => {
    const [therapyOption] = await t.deps.db
      .select({ id: preferenceOptions.id })
      .from(preferenceOptions)
      .where(and(eq(preferenceOptions.list, 'therapy'), eq(preferenceOptions.key, 'individual-therapy')));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/preferences',
      headers: lagos.headers,
      payload: {
        modality: [ids.modalityId],
        therapy: [therapyOption?.id],
      },
    });
    expect(saved.statusCode).toBe(200);
    const response = await t.app.inject({ url: `/api/providers/${lagos.id}`, headers: { 'x-language': 'de' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      identifier: lagos.id,
      timezone: 'Africa/Lagos',
      sessionMinutes: 60,
      setupType: 'GENERAL',
      modalities: [{ identifier: ids.modalityId, key: 'video-session', name: 'Videositzung' }],
      therapies: [
        {
          identifier: ids.therapyId,
          key: 'individual-therapy',
          name: 'Einzeltherapie',
          fee: { amount: 1_500_000, isFree: false, currencyCode: 'NGN' },
        },
      ],
      rating: null,
      reviewCount: 0,
      languages: [],
      approaches: [],
    });
    // The next free slots: 11:00, 12:00, … Lagos time today (the taken 11:00 slot is skipped).
    expect(response.json().nextSlots).toEqual([
      '2027-03-01T11:00:00.000Z',
      '2027-03-01T12:00:00.000Z',
      '2027-03-01T13:00:00.000Z',
      '2027-03-01T14:00:00.000Z',
      '2027-03-01T15:00:00.000Z',
      '2027-03-02T08:00:00.000Z',
    ]);
  });

  it('answers 404 for a provider who is not approved', async () => {
    const draft = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    expect((await t.app.inject({ url: `/api/providers/${draft.id}` })).statusCode).toBe(404);
  });
});

describe('a provider’s page (server render)', () => {
  const page = (providerId: string) =>
    directoryWebServices(t.deps).provider({
      providerId,
      language: 'de',
      countryCode: 'NG',
      reviewsSort: 'newest',
      reviewsCursor: null,
    });

  it('is what the API answers, with the first reviews, and nothing for a provider who is not listed', async () => {
    const api = await t.app.inject({ url: `/api/providers/${lagos.id}`, headers: { 'x-language': 'de' } });
    const answer = await page(lagos.id);
    expect(answer?.provider).toEqual(api.json());
    expect(answer?.reviews).toEqual({
      data: [],
      meta: { page: 1, perPage: REVIEWS_PAGE_SIZE, total: 0, totalPages: 0 },
      nextCursor: null,
    });
    const draft = await createTestUser(t, { role: 'provider', verificationStatus: 'draft' });
    expect(await page(draft.id)).toBeNull();
  });

  it('offers the slot engine’s next free slots, with booking rules and time off applied', async () => {
    // Now is 09:00Z; the general calendar offers 11:00Z, 12:00Z, … (the 11:00Z slot is booked).
    await t.deps.db
      .insert(availabilitySettings)
      .values({ providerId: lagos.id, minNoticeHours: 4 })
      .onConflictDoUpdate({ target: availabilitySettings.providerId, set: { minNoticeHours: 4 } });
    await t.deps.db.insert(availabilityTimeOff).values({
      providerId: lagos.id,
      startsAt: new Date('2027-03-01T14:00:00Z'),
      endsAt: new Date('2027-03-01T15:00:00Z'),
    });
    try {
      const answer = await page(lagos.id);
      const engine = await upcomingFreeSlots(
        t.deps.db,
        [{ providerId: lagos.id, timezone: 'Africa/Lagos' }],
        t.deps.clock.now(),
        NEXT_SLOTS_SHOWN,
      );
      const slots = answer?.provider.nextSlots ?? [];
      expect(slots.slice(0, 2)).toEqual(['2027-03-01T13:00:00.000Z', '2027-03-01T15:00:00.000Z']);
      expect(slots).toEqual((engine.get(lagos.id) ?? []).map((start) => start.toISOString()));

      // A busy time from one of the provider's own calendars blocks the page's slot too.
      const [calendar] = await t.deps.db
        .insert(externalCalendars)
        .values({ providerId: lagos.id, name: 'Praxis', urlSealed: 'x', urlHint: 'x', urlHash: 'directory-test' })
        .returning();
      await t.deps.db.insert(externalBusyTimes).values({
        calendarId: calendar?.id ?? '',
        providerId: lagos.id,
        startsAt: new Date('2027-03-01T15:00:00Z'),
        endsAt: new Date('2027-03-01T16:00:00Z'),
      });
      const busy = (await page(lagos.id))?.provider.nextSlots ?? [];
      expect(busy[0]).toBe('2027-03-01T13:00:00.000Z');
      expect(busy).not.toContain('2027-03-01T15:00:00.000Z');
      const engineBusy = await upcomingFreeSlots(
        t.deps.db,
        [{ providerId: lagos.id, timezone: 'Africa/Lagos' }],
        t.deps.clock.now(),
        NEXT_SLOTS_SHOWN,
      );
      expect(busy).toEqual((engineBusy.get(lagos.id) ?? []).map((start) => start.toISOString()));
    } finally {
      await t.deps.db.delete(externalCalendars).where(eq(externalCalendars.providerId, lagos.id));
      await t.deps.db.delete(availabilityTimeOff).where(eq(availabilityTimeOff.providerId, lagos.id));
      await t.deps.db
        .update(availabilitySettings)
        .set({ minNoticeHours: 0 })
        .where(eq(availabilitySettings.providerId, lagos.id));
    }
  });

  it.runIf(testDriver === 'pglite')('reads the provider and their first reviews in one statement', async () => {
    const pglite = t.database.pglite;
    if (!pglite) throw new Error('pglite expected');
    await page(lagos.id); // the statements are prepared on first use
    const spy = vi.spyOn(pglite, 'query');
    const execSpy = vi.spyOn(pglite, 'exec');
    const answer = await page(lagos.id);
    const calls = spy.mock.calls.length + execSpy.mock.calls.length;
    spy.mockRestore();
    execSpy.mockRestore();
    expect(answer?.provider.identifier).toBe(lagos.id);
    expect(calls).toBe(1);
  });
});

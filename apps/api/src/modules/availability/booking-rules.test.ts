import { DEFAULT_BOOKING_RULES } from '@app/shared/calendar-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  type ListedSlot,
  listedSlot,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { availabilitySettings, availabilityTimeOff, bookings } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

/**
 * Booking rules and time off through the API: a Berlin provider working Monday to Friday,
 * 09:00–17:00, in the week Berlin moves to summer time (Sunday 28 March 2027). Now is Thursday
 * 25 March, 09:00 in Berlin.
 */
const clock = fixedClock('2027-03-25T08:00:00Z');
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: { rateLimits: { holdCreationPerUser: { max: 1000, windowSeconds: 600 } } },
  });
  ids = await catalog(t);
});
afterAll(() => t.close());

const berlinProvider = () =>
  createProvider(t, { timezone: 'Europe/Berlin', firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
const newClient = () => createTestUser(t, { role: 'client', firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" });

function call(
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  language = 'en',
) {
  return t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'x-language': language },
    payload: payload as object,
  });
}

const rules = (overrides: Partial<typeof DEFAULT_BOOKING_RULES>) => ({ ...DEFAULT_BOOKING_RULES, ...overrides });

async function setRules(provider: TestUser, overrides: Partial<typeof DEFAULT_BOOKING_RULES>) {
  const response = await call(provider, 'PUT', '/api/provider-availability/settings', {
    bookingRules: rules(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function dateSlots(providerId: string, date: string): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/${date}` });
  expect(response.statusCode).toBe(200);
  return response.json().days[0].timeSlot.map((slot: { startTime: string }) => slot.startTime);
}

async function monthDays(providerId: string, month: string): Promise<string[]> {
  const response = await t.app.inject({ url: `/api/providers-availability/${providerId}/month/${month}` });
  expect(response.statusCode).toBe(200);
  return response.json().days.map((day: { date: string }) => day.date);
}

async function ownMonth(provider: TestUser, month: string) {
  const response = await call(provider, 'GET', `/api/provider-availability/timeslot/${month}`);
  expect(response.statusCode).toBe(200);
  return new Map<string, string[]>(
    response
      .json()
      .days.map((day: { date: string; timeSlot: Array<{ startTime: string }> }) => [
        day.date,
        day.timeSlot.map((slot) => slot.startTime),
      ]),
  );
}

/** A new client's draft booking with the provider, then the schedule of a slot: the raw answer. */
async function tryToBook(provider: TestUser, slot: ListedSlot, language = 'en') {
  const client = await newClient();
  const booking = await createBookingVia(t, client, provider, ids);
  const response = await call(
    client,
    'POST',
    `/api/booking/${booking.identifier}/schedule`,
    { timeslotIdentifier: slot.identifier },
    language,
  );
  const [row] = await t.deps.db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.id, booking.identifier));
  return { response, startsAt: row?.startsAt ?? null, bookingId: booking.identifier };
}

describe('booking rules in the availability settings', () => {
  it('answers the defaults, saves the rules, and reads them back', async () => {
    const provider = await berlinProvider();
    const initial = await call(provider, 'GET', '/api/provider-availability/settings');
    expect(initial.json().bookingRules).toEqual(DEFAULT_BOOKING_RULES);
    const saved = await setRules(provider, {
      minNoticeHours: 12,
      horizonDays: 30,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 10,
      dailyMax: 4,
      weeklyMax: 15,
    });
    const expected = {
      minNoticeHours: 12,
      horizonDays: 30,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 10,
      dailyMax: 4,
      weeklyMax: 15,
    };
    expect(saved.json().bookingRules).toEqual(expected);
    const [row] = await t.deps.db
      .select()
      .from(availabilitySettings)
      .where(eq(availabilitySettings.providerId, provider.id));
    expect(row).toMatchObject(expected);
  });

  it.each([
    [
      { minNoticeHours: 1.5 },
      'bookingRules.minNoticeHours',
      'Enter whole hours from 0 to 336',
      'Gib ganze Stunden von 0 bis 336 ein',
    ],
    [
      { horizonDays: 0 },
      'bookingRules.horizonDays',
      'Enter whole days from 1 to 92',
      'Gib ganze Tage von 1 bis 92 ein',
    ],
    [
      { bufferAfterMinutes: 500 },
      'bookingRules.bufferAfterMinutes',
      'Enter whole minutes from 0 to 120',
      'Gib ganze Minuten von 0 bis 120 ein',
    ],
    [
      { dailyMax: 5, weeklyMax: 3 },
      'bookingRules.weeklyMax',
      'The weekly maximum cannot be lower than the daily maximum',
      'Das Wochenmaximum darf nicht unter dem Tagesmaximum liegen',
    ],
  ])('refuses %j with a translated field error and changes nothing', async (overrides, field, english, german) => {
    const provider = await berlinProvider();
    await setRules(provider, { minNoticeHours: 2 });
    for (const [language, message] of [
      ['en', english],
      ['de', german],
    ] as const) {
      const response = await call(
        provider,
        'PUT',
        '/api/provider-availability/settings',
        { bookingRules: rules(overrides) },
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { [field]: [message] } });
    }
    const [row] = await t.deps.db
      .select()
      .from(availabilitySettings)
      .where(eq(availabilitySettings.providerId, provider.id));
    expect(row).toMatchObject({ minNoticeHours: 2, horizonDays: 92, dailyMax: null, weeklyMax: null });
  });
});

describe('the slot engine and the booking check follow the rules', () => {
  it('a 12-hour notice removes the slots of the next 12 hours and refuses a slot listed before', async () => {
    const provider = await berlinProvider();
    expect(await dateSlots(provider.id, '2027-03-25')).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    const listedEarlier = await listedSlot(t, provider.id, '2027-03-25', 5); // 15:00, 6 h ahead
    await setRules(provider, { minNoticeHours: 12 });
    expect(await dateSlots(provider.id, '2027-03-25')).toEqual([]);
    // Friday 09:00 is 24 h ahead.
    expect((await dateSlots(provider.id, '2027-03-26'))[0]).toBe('09:00');
    expect(await monthDays(provider.id, '2027-03')).not.toContain('2027-03-25');
    expect((await ownMonth(provider, '2027-03')).get('2027-03-25')?.filter((time) => time >= '10:00')).toEqual([]);
    const page = (await t.app.inject({ url: `/api/providers/${provider.id}` })).json();
    expect(page.nextSlots[0]).toBe('2027-03-26T08:00:00.000Z');

    for (const [language, message] of [
      ['en', 'This time is too soon: the provider needs more notice before a session. Please choose a later time.'],
      [
        'de',
        'Dieser Termin ist zu kurzfristig: Die Therapeutin bzw. der Therapeut braucht mehr Vorlauf vor einer Sitzung. Bitte wähle einen späteren Termin.',
      ],
    ] as const) {
      const attempt = await tryToBook(provider, listedEarlier, language);
      expect(attempt.response.statusCode).toBe(409);
      expect(attempt.response.json()).toMatchObject({ code: 'SLOT_TOO_SOON', message });
      expect(attempt.startsAt).toBeNull();
    }
  });

  it('time off across the DST change removes its slots everywhere, lists the sessions inside, and refuses them', async () => {
    const provider = await berlinProvider();
    const monday = await listedSlot(t, provider.id, '2027-03-29', 0); // 09:00 CEST = 07:00Z
    const booked = await tryToBook(provider, await listedSlot(t, provider.id, '2027-03-30', 2));
    expect(booked.response.statusCode, booked.response.body).toBe(200);

    const added = await call(provider, 'POST', '/api/provider-availability/time-off', {
      startDate: '2027-03-29',
      startTime: '00:00',
      endDate: '2027-03-31',
      endTime: '00:00',
      note: 'Ostern – Familie in Köln',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      startDate: '2027-03-29',
      startTime: '00:00',
      endDate: '2027-03-31',
      endTime: '00:00',
      // Summer time already: midnight in Berlin is 22:00 UTC.
      startAt: '2027-03-28T22:00:00.000Z',
      endAt: '2027-03-30T22:00:00.000Z',
      note: 'Ostern – Familie in Köln',
      sessions: [
        {
          bookingIdentifier: booked.bookingId,
          startAt: '2027-03-30T09:00:00.000Z',
          status: 'pending',
          clientName: "Chiamaka O'Neil-Adébáyọ̀",
        },
      ],
    });
    const [row] = await t.deps.db
      .select()
      .from(availabilityTimeOff)
      .where(eq(availabilityTimeOff.providerId, provider.id));
    expect(row?.startsAt.toISOString()).toBe('2027-03-28T22:00:00.000Z');

    expect(await dateSlots(provider.id, '2027-03-29')).toEqual([]);
    expect(await dateSlots(provider.id, '2027-03-30')).toEqual([]);
    expect((await dateSlots(provider.id, '2027-03-31'))[0]).toBe('09:00');
    const days = await monthDays(provider.id, '2027-03');
    expect(days).not.toContain('2027-03-29');
    expect(days).not.toContain('2027-03-30');
    expect(days).toContain('2027-03-31');
    const own = await ownMonth(provider, '2027-03');
    expect(own.get('2027-03-29')).toEqual([]);
    // The booked session stays on the provider's month, to be moved or cancelled.
    expect(own.get('2027-03-30')).toEqual(['11:00']);

    const listed = await call(provider, 'GET', '/api/provider-availability/time-off');
    expect(listed.json()).toMatchObject({
      timezone: 'Europe/Berlin',
      timeOff: [{ identifier: added.json().identifier }],
    });
    expect(listed.json().timeOff[0].sessions).toHaveLength(1);

    const attempt = await tryToBook(provider, monday, 'de');
    expect(attempt.response.statusCode).toBe(409);
    expect(attempt.response.json()).toMatchObject({
      code: 'SLOT_TIME_OFF',
      message: 'Die Therapeutin bzw. der Therapeut ist zu dieser Zeit abwesend. Bitte wähle einen anderen Termin.',
    });
    expect(attempt.startsAt).toBeNull();

    // Another provider cannot remove it; the owner can, and the slots come back.
    const other = await berlinProvider();
    const foreign = await call(other, 'DELETE', `/api/provider-availability/time-off/${added.json().identifier}`);
    expect(foreign.statusCode).toBe(404);
    const removed = await call(provider, 'DELETE', `/api/provider-availability/time-off/${added.json().identifier}`);
    expect(removed.statusCode).toBe(204);
    expect(
      await t.deps.db.select().from(availabilityTimeOff).where(eq(availabilityTimeOff.providerId, provider.id)),
    ).toEqual([]);
    expect((await dateSlots(provider.id, '2027-03-29'))[0]).toBe('09:00');
  });

  it.each([
    [
      { startDate: '2027-04-02', startTime: '10:00', endDate: '2027-04-02', endTime: '09:00' },
      'endDate',
      'The end must be after the start',
      'Das Ende muss nach dem Beginn liegen',
    ],
    [
      { startDate: '2027-03-01', startTime: '10:00', endDate: '2027-03-02', endTime: '09:00' },
      'endDate',
      'This time off is already over; choose an end in the future',
      'Diese Abwesenheit ist schon vorbei; wähle ein Ende in der Zukunft',
    ],
    [
      { startDate: '2027-04-31', startTime: '10:00', endDate: '2027-05-02', endTime: '09:00' },
      'startDate',
      'Use a date in the form YYYY-MM-DD',
      'Gib ein Datum im Format JJJJ-MM-TT an',
    ],
  ])(
    'refuses time off %j with a translated field error and stores nothing',
    async (payload, field, english, german) => {
      const provider = await berlinProvider();
      for (const [language, message] of [
        ['en', english],
        ['de', german],
      ] as const) {
        const response = await call(provider, 'POST', '/api/provider-availability/time-off', payload, language);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ fieldErrors: { [field]: [message] } });
      }
      expect(
        await t.deps.db.select().from(availabilityTimeOff).where(eq(availabilityTimeOff.providerId, provider.id)),
      ).toEqual([]);
    },
  );

  it('a daily maximum of one closes the day once a session holds a slot', async () => {
    const provider = await berlinProvider();
    await setRules(provider, { dailyMax: 1 });
    const later = await listedSlot(t, provider.id, '2027-03-26', 4);
    const first = await tryToBook(provider, await listedSlot(t, provider.id, '2027-03-26', 1));
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(await dateSlots(provider.id, '2027-03-26')).toEqual([]);
    expect((await dateSlots(provider.id, '2027-03-29'))[0]).toBe('09:00');
    const attempt = await tryToBook(provider, later);
    expect(attempt.response.statusCode).toBe(409);
    expect(attempt.response.json()).toMatchObject({
      code: 'SLOT_DAY_FULL',
      message: 'The provider is fully booked on this day. Please choose another day.',
    });
    expect(attempt.startsAt).toBeNull();
  });

  it('a weekly maximum counts the ISO week in the provider zone', async () => {
    const provider = await berlinProvider();
    await setRules(provider, { weeklyMax: 1 });
    const nextWeek = await listedSlot(t, provider.id, '2027-03-29', 0);
    const friday = await listedSlot(t, provider.id, '2027-03-26', 3);
    const first = await tryToBook(provider, await listedSlot(t, provider.id, '2027-03-26', 0));
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(await dateSlots(provider.id, '2027-03-26')).toEqual([]);
    expect((await tryToBook(provider, friday)).response.json().code).toBe('SLOT_WEEK_FULL');
    const monday = await tryToBook(provider, nextWeek);
    expect(monday.response.statusCode, monday.response.body).toBe(200);
  });

  it('buffers keep the hour after a session free and refuse a slot listed before', async () => {
    const provider = await berlinProvider();
    const eleven = await listedSlot(t, provider.id, '2027-03-26', 2);
    const first = await tryToBook(provider, await listedSlot(t, provider.id, '2027-03-26', 1)); // 10:00
    expect(first.response.statusCode, first.response.body).toBe(200);
    await setRules(provider, { bufferAfterMinutes: 30, bufferBeforeMinutes: 15 });
    expect(await dateSlots(provider.id, '2027-03-26')).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    const attempt = await tryToBook(provider, eleven);
    expect(attempt.response.statusCode).toBe(409);
    expect(attempt.response.json().code).toBe('SLOT_BUFFER');
    expect(attempt.startsAt).toBeNull();
  });

  it('a horizon of three days offers nothing beyond it and refuses a slot listed before', async () => {
    const provider = await berlinProvider();
    const april = await listedSlot(t, provider.id, '2027-04-06', 0);
    await setRules(provider, { horizonDays: 3 });
    expect(await monthDays(provider.id, '2027-04')).toEqual([]);
    // Thursday + 3 days is Sunday: Friday is the last working day offered.
    expect(await monthDays(provider.id, '2027-03')).toEqual(['2027-03-25', '2027-03-26']);
    const attempt = await tryToBook(provider, april);
    expect(attempt.response.statusCode).toBe(409);
    expect(attempt.response.json().code).toBe('SLOT_TOO_FAR');
  });
});

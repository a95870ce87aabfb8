import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { countQueries } from '../../../test/query-count.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, therapyCategories } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

let t: TestApp;
let categoryIds: string[];
let client: TestUser;

// Monday 1 March 2027, 10:00 in Lagos (UTC+1, no DST).
const NOW = '2027-03-01T09:00:00Z';
const clock = fixedClock(NOW);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  categoryIds = (await t.deps.db.select({ id: therapyCategories.id }).from(therapyCategories)).map((row) => row.id);
  client = await createTestUser(t, { role: 'client' });
});
afterAll(() => t.close());

const WEEKDAYS_9_TO_12 = [1, 2, 3, 4, 5].map((dayOfWeek) => ({
  dayOfWeek,
  isAvailable: true,
  timeslotIntervals: [{ startTime: '09:00', endTime: '12:00' }],
}));

/** An approved provider with a weekly pattern (Mon–Fri 09:00–12:00 unless given). */
async function providerWithPattern(
  options: Parameters<typeof createTestUser>[1] = {},
  days: unknown[] = WEEKDAYS_9_TO_12,
): Promise<TestUser> {
  const user = await createTestUser(t, { role: 'provider', ...options });
  if (days.length > 0) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/provider-availability/days/recurring',
      headers: user.headers,
      payload: { days },
    });
    expect(res.statusCode).toBe(200);
  }
  return user;
}

async function book(
  providerId: string,
  startsAt: string,
  minutes: number,
  status: 'pending' | 'confirmed' | 'cancelled' = 'confirmed',
  holdExpiresAt: string | null = null,
) {
  const start = new Date(startsAt);
  const [row] = await t.deps.db
    .insert(bookings)
    .values({
      clientId: client.id,
      providerId,
      status,
      startsAt: start,
      endsAt: new Date(start.getTime() + minutes * 60_000),
      holdExpiresAt: holdExpiresAt ? new Date(holdExpiresAt) : null,
    })
    .returning({ id: bookings.id });
  return row?.id as string;
}

const dateSlots = (providerId: string, date: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/${date}${query}`, headers });

const times = (body: { days: Array<{ timeSlot: Array<{ startTime: string }> }> }) =>
  body.days.flatMap((day) => day.timeSlot.map((slot) => slot.startTime));

describe("public slots of a date (caller's zone)", () => {
  it("answers the free slots in the provider's zone by default, with instants and a signed identifier", async () => {
    const provider = await providerWithPattern();
    const res = await dateSlots(provider.id, '2027-03-02');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      providerIdentifier: provider.id,
      categoryIdentifier: null,
      timezone: 'Africa/Lagos',
      providerTimezone: 'Africa/Lagos',
      sessionMinutes: 60,
    });
    expect(body.days).toHaveLength(1);
    expect(body.days[0].date).toBe('2027-03-02');
    expect(body.days[0].isAvailable).toBe(true);
    expect(body.days[0].timeSlot.map(({ identifier, ...rest }: { identifier: string }) => rest)).toEqual([
      { startTime: '09:00', endTime: '10:00', startAt: '2027-03-02T08:00:00.000Z', endAt: '2027-03-02T09:00:00.000Z' },
      { startTime: '10:00', endTime: '11:00', startAt: '2027-03-02T09:00:00.000Z', endAt: '2027-03-02T10:00:00.000Z' },
      { startTime: '11:00', endTime: '12:00', startAt: '2027-03-02T10:00:00.000Z', endAt: '2027-03-02T11:00:00.000Z' },
    ]);
    expect(body.days[0].timeSlot[0].identifier).toMatch(/^[A-Za-z0-9_-]{74}$/);
    // Stable: asking again gives the same identifiers.
    expect((await dateSlots(provider.id, '2027-03-02')).json()).toEqual(body);
  });

  it('leaves out past slots of today (a slot starting now counts as past)', async () => {
    const provider = await providerWithPattern();
    // Now is 10:00 in Lagos: 09:00 is over, 10:00 starts now, 11:00 is free.
    expect(times((await dateSlots(provider.id, '2027-03-01')).json())).toEqual(['11:00']);
  });

  it('leaves out confirmed and held slots, but frees a slot whose hold has expired or was cancelled', async () => {
    const provider = await providerWithPattern();
    await book(provider.id, '2027-03-02T08:00:00Z', 60, 'confirmed');
    await book(provider.id, '2027-03-02T09:00:00Z', 60, 'pending', '2027-03-01T09:10:00Z');
    await book(provider.id, '2027-03-02T10:00:00Z', 60, 'pending', '2027-03-01T08:59:00Z');
    await book(provider.id, '2027-03-03T08:00:00Z', 60, 'cancelled');
    await book(provider.id, '2027-03-03T09:30:00Z', 60, 'pending', null);
    expect(times((await dateSlots(provider.id, '2027-03-02')).json())).toEqual(['11:00']);
    // 09:30–10:30 UTC overlaps the 10:00 and 11:00 Lagos slots.
    expect(times((await dateSlots(provider.id, '2027-03-03')).json())).toEqual(['09:00']);
  });

  it('answers an unavailable day when a specific date overrides the pattern, and new ranges when it opens one', async () => {
    const provider = await providerWithPattern();
    for (const payload of [
      { date: '2027-03-02', isAvailable: false },
      { date: '2027-03-06', isAvailable: true, timeSlotsInterval: [{ startTime: '14:00', endTime: '16:00' }] },
    ]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/provider-availability/days/custom',
        headers: provider.headers,
        payload,
      });
    }
    const off = (await dateSlots(provider.id, '2027-03-02')).json();
    expect(off.days).toEqual([{ date: '2027-03-02', isAvailable: false, timeSlot: [] }]);
    // Saturday 6 March is not in the pattern but opened by the specific date.
    expect(times((await dateSlots(provider.id, '2027-03-06')).json())).toEqual(['14:00', '15:00']);
  });

  it('offers 90-minute sessions on each hour where they fit', async () => {
    const provider = await providerWithPattern();
    await t.app.inject({
      method: 'PUT',
      url: '/api/provider-availability/settings',
      headers: provider.headers,
      payload: { sessionMinutes: 90 },
    });
    const body = (await dateSlots(provider.id, '2027-03-02')).json();
    expect(body.sessionMinutes).toBe(90);
    expect(
      body.days[0].timeSlot.map((slot: { startTime: string; endTime: string }) => [slot.startTime, slot.endTime]),
    ).toEqual([
      ['09:00', '10:30'],
      ['10:00', '11:30'],
    ]);
  });

  it('shows a Lagos provider to a New York client in New York time (?timezone=)', async () => {
    const provider = await providerWithPattern();
    const res = await dateSlots(provider.id, '2027-03-02', '?timezone=America/New_York');
    const body = res.json();
    expect(body.timezone).toBe('America/New_York');
    // 09:00 Lagos = 08:00Z = 03:00 EST (before the US switch on 14 March).
    expect(times(body)).toEqual(['03:00', '04:00', '05:00']);
    expect(body.days[0].timeSlot[0].startAt).toBe('2027-03-02T08:00:00.000Z');
    const afterSwitch = (await dateSlots(provider.id, '2027-03-15', '?timezone=America/New_York')).json();
    expect(times(afterSwitch)).toEqual(['04:00', '05:00', '06:00']);
  });

  it("groups by the caller's date: an Auckland client sees Lagos afternoons on the next day", async () => {
    const provider = await providerWithPattern({}, [
      { dayOfWeek: 2, isAvailable: true, timeslotIntervals: [{ startTime: '10:00', endTime: '13:00' }] },
    ]);
    // Tuesday 2 March 10:00–13:00 Lagos = 09:00–12:00Z = 22:00 on the 2nd to 01:00 on the 3rd in Auckland (UTC+13).
    const second = (await dateSlots(provider.id, '2027-03-02', '?timezone=Pacific/Auckland')).json();
    const third = (await dateSlots(provider.id, '2027-03-03', '?timezone=Pacific/Auckland')).json();
    expect(times(second)).toEqual(['22:00', '23:00']);
    expect(times(third)).toEqual(['00:00']);
    expect(third.days[0].timeSlot[0]).toMatchObject({ endTime: '01:00', startAt: '2027-03-02T11:00:00.000Z' });
  });

  it("takes the zone from X-Timezone, then the signed-in caller's own zone; the query wins over both", async () => {
    const provider = await providerWithPattern();
    const berliner = await createTestUser(t, { role: 'client', timezone: 'Europe/Berlin' });
    const header = (await dateSlots(provider.id, '2027-03-02', '', { 'x-timezone': 'Europe/London' })).json();
    expect(header.timezone).toBe('Europe/London');
    expect(times(header)).toEqual(['08:00', '09:00', '10:00']);
    const signedIn = (await dateSlots(provider.id, '2027-03-02', '', berliner.headers)).json();
    expect(signedIn.timezone).toBe('Europe/Berlin');
    expect(times(signedIn)).toEqual(['09:00', '10:00', '11:00']);
    const both = (
      await dateSlots(provider.id, '2027-03-02', '?timezone=Asia/Tokyo', {
        'x-timezone': 'Europe/London',
        ...berliner.headers,
      })
    ).json();
    expect(both.timezone).toBe('Asia/Tokyo');
    const badToken = (await dateSlots(provider.id, '2027-03-02', '', { authorization: 'Bearer nonsense' })).json();
    expect(badToken.timezone).toBe('Africa/Lagos');
  });

  it('refuses an unknown time zone from the query or the header', async () => {
    const provider = await providerWithPattern();
    for (const res of [
      await dateSlots(provider.id, '2027-03-02', '?timezone=Mars/Olympus'),
      await dateSlots(provider.id, '2027-03-02', '', { 'x-timezone': 'GMT+25' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Unknown time zone',
        fieldErrors: { timezone: ['Unknown time zone'] },
      });
    }
  });

  it('answers an empty day before today and after the end of the month two months ahead', async () => {
    const provider = await providerWithPattern();
    for (const date of ['2027-02-26', '2027-06-01']) {
      const body = (await dateSlots(provider.id, date)).json();
      expect(body.days).toEqual([{ date, isAvailable: false, timeSlot: [] }]);
    }
    expect(times((await dateSlots(provider.id, '2027-05-31')).json())).toHaveLength(3);
  });

  it('refuses a malformed date', async () => {
    const provider = await providerWithPattern();
    const res = await dateSlots(provider.id, '2027-3-2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Use a date in the form YYYY-MM-DD');
  });

  it('answers 404 for a provider not approved, a client, or an unknown id', async () => {
    const draft = await providerWithPattern({ verificationStatus: 'submitted' });
    for (const id of [draft.id, client.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await dateSlots(id, '2027-03-02');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      const month = await t.app.inject({ url: `/api/providers-availability/${id}/month/2027-03` });
      expect(month.statusCode).toBe(404);
    }
  });

  it("uses the category's calendar with BY_CATEGORY and asks for the category", async () => {
    const provider = await createTestUser(t, { role: 'provider' });
    const [category] = categoryIds as [string];
    const post = (url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
      t.app.inject({ method, url, headers: provider.headers, payload: payload as Record<string, unknown> });
    await post('/api/provider-availability/settings', { setupType: 'BY_CATEGORY' }, 'PUT');
    await post(`/api/provider/availability-setting?category=${category}`, { sessionMinutes: 120 });
    await post('/api/provider-availability/days/recurring', {
      categoryIdentifier: category,
      days: [{ dayOfWeek: 2, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '13:00' }] }],
    });
    const missing = await dateSlots(provider.id, '2027-03-02');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose a therapy category');
    const body = (await dateSlots(provider.id, '2027-03-02', `?category=${category}`)).json();
    expect(body).toMatchObject({ categoryIdentifier: category, sessionMinutes: 120 });
    expect(times(body)).toEqual(['09:00', '10:00', '11:00']);
    const unknown = await dateSlots(provider.id, '2027-03-02', '?category=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown therapy category');
  });
});

describe('public month summary', () => {
  it("lists the caller's days with free slots, inside the window only", async () => {
    const provider = await providerWithPattern();
    await book(provider.id, '2027-03-02T08:00:00Z', 60);
    const res = await t.app.inject({ url: `/api/providers-availability/${provider.id}/month/2027-03` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      providerIdentifier: provider.id,
      month: '2027-03',
      timezone: 'Africa/Lagos',
      from: '2027-03-01',
      to: '2027-05-31',
    });
    // Weekdays of March from the 1st: 23 days; today has one slot left, the 2nd two.
    expect(body.days).toHaveLength(23);
    expect(body.days.slice(0, 3)).toEqual([
      { date: '2027-03-01', slotCount: 1 },
      { date: '2027-03-02', slotCount: 2 },
      { date: '2027-03-03', slotCount: 3 },
    ]);
    expect(body.days.map((day: { date: string }) => day.date)).not.toContain('2027-03-06');
    const later = (await t.app.inject({ url: `/api/providers-availability/${provider.id}/month/2027-06` })).json();
    expect(later.days).toEqual([]);
    const before = (await t.app.inject({ url: `/api/providers-availability/${provider.id}/month/2027-02` })).json();
    expect(before.days).toEqual([]);
  });

  it("counts days in the caller's zone", async () => {
    const provider = await providerWithPattern({}, [
      { dayOfWeek: 3, isAvailable: true, timeslotIntervals: [{ startTime: '12:00', endTime: '14:00' }] },
    ]);
    const body = (
      await t.app.inject({
        url: `/api/providers-availability/${provider.id}/month/2027-03?timezone=Pacific/Kiritimati`,
      })
    ).json();
    // Wednesday 12:00–14:00 Lagos = 11:00–13:00Z = 01:00–03:00 Thursday in Kiritimati (UTC+14).
    expect(body.days[0]).toEqual({ date: '2027-03-04', slotCount: 2 });
  });

  it('refuses a malformed month', async () => {
    const provider = await providerWithPattern();
    const res = await t.app.inject({ url: `/api/providers-availability/${provider.id}/month/2027-3` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Use a month in the form YYYY-MM');
  });
});

describe("the provider's own month", () => {
  it('lists every date of the month with slots flagged past, booked or held', async () => {
    const provider = await providerWithPattern();
    const confirmed = await book(provider.id, '2027-03-02T08:00:00Z', 60, 'confirmed');
    const held = await book(provider.id, '2027-03-02T09:00:00Z', 60, 'pending', '2027-03-01T09:15:00Z');
    const res = await t.app.inject({ url: '/api/provider-availability/timeslot/2027-03', headers: provider.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      month: '2027-03',
      timezone: 'Africa/Lagos',
      setupType: 'GENERAL',
      sessionMinutes: 60,
    });
    expect(body.days).toHaveLength(31);
    const first = body.days[0];
    expect(first.date).toBe('2027-03-01');
    expect(first.timeSlot.map((slot: { startTime: string; isPast: boolean }) => [slot.startTime, slot.isPast])).toEqual(
      [
        ['09:00', true],
        ['10:00', true],
        ['11:00', false],
      ],
    );
    const second = body.days[1];
    expect(
      second.timeSlot.map((slot: { isBooked: boolean; isHeld: boolean; bookingIdentifier: string | null }) => [
        slot.isBooked,
        slot.isHeld,
        slot.bookingIdentifier,
      ]),
    ).toEqual([
      [true, false, confirmed],
      [false, true, held],
      [false, false, null],
    ]);
    expect(body.days[5]).toEqual({ date: '2027-03-06', isAvailable: false, timeSlot: [] });
    expect(body.bookedSlots).toEqual([
      { date: '2027-03-02', timeslotIdentifier: second.timeSlot[0].identifier },
      { date: '2027-03-02', timeslotIdentifier: second.timeSlot[1].identifier },
    ]);
  });

  it('shows a Berlin provider the DST switch of their own month', async () => {
    const provider = await providerWithPattern({ timezone: 'Europe/Berlin', countryCode: 'DE' }, [
      { dayOfWeek: 7, isAvailable: true, timeslotIntervals: [{ startTime: '01:00', endTime: '04:00' }] },
    ]);
    const body = (
      await t.app.inject({ url: '/api/provider-availability/timeslot/2027-03', headers: provider.headers })
    ).json();
    const sunday = body.days.find((day: { date: string }) => day.date === '2027-03-28');
    expect(
      sunday.timeSlot.map((slot: { startTime: string; startAt: string }) => [slot.startTime, slot.startAt]),
    ).toEqual([
      ['01:00', '2027-03-28T00:00:00.000Z'],
      ['03:00', '2027-03-28T01:00:00.000Z'],
    ]);
  });
});

describe.runIf(testDriver === 'pglite')('query count (no N+1)', () => {
  it('answers a month with a fixed number of queries, whatever the bookings and specific dates', async () => {
    const provider = await providerWithPattern();
    for (let day = 2; day <= 26; day += 1) {
      await book(provider.id, `2027-03-${String(day).padStart(2, '0')}T08:00:00Z`, 60);
    }
    for (const date of ['2027-03-10', '2027-03-17', '2027-03-24']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/provider-availability/days/custom',
        headers: provider.headers,
        payload: { date, isAvailable: false },
      });
    }
    // Provider, settings and rules; weekly pattern, specific dates, busy time, blocked time.
    const publicMonth = await countQueries(t.database, () =>
      t.app.inject({ url: `/api/providers-availability/${provider.id}/month/2027-03` }),
    );
    expect(publicMonth).toBe(5);
    const publicDate = await countQueries(t.database, () => dateSlots(provider.id, '2027-03-02'));
    expect(publicDate).toBe(5);
    // Plus the session check of the bearer token.
    const own = await countQueries(t.database, () =>
      t.app.inject({ url: '/api/provider-availability/timeslot/2027-03', headers: provider.headers }),
    );
    expect(own).toBe(6);
  });
});

import { DEFAULT_BOOKING_RULES } from '@app/shared/calendar-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import {
  availabilityCategorySettings,
  availabilityDateOverrides,
  availabilitySettings,
  availabilityWeeklyDays,
  therapyCategories,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

let t: TestApp;
let categoryIds: string[];

// Monday 1 March 2027, 10:00 in Lagos.
const clock = fixedClock('2027-03-01T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  categoryIds = (await t.deps.db.select({ id: therapyCategories.id }).from(therapyCategories)).map((row) => row.id);
});
afterAll(() => t.close());

const provider = (options: Parameters<typeof createTestUser>[1] = {}) =>
  createTestUser(t, { role: 'provider', ...options });

async function call(user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const weeklyRows = (providerId: string) =>
  t.deps.db.select().from(availabilityWeeklyDays).where(eq(availabilityWeeklyDays.providerId, providerId));
const overrideRows = (providerId: string) =>
  t.deps.db.select().from(availabilityDateOverrides).where(eq(availabilityDateOverrides.providerId, providerId));

describe('availability routes: roles', () => {
  const providerRoutes: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown]> = [
    ['GET', '/api/provider-availability/settings'],
    ['PUT', '/api/provider-availability/settings', { sessionMinutes: 60 }],
    ['GET', '/api/provider/availability-setting'],
    ['POST', '/api/provider/availability-setting', { sessionMinutes: 60 }],
    ['GET', '/api/provider-availability/days/default'],
    ['POST', '/api/provider-availability/days/recurring', { days: [{ dayOfWeek: 1, isAvailable: false }] }],
    ['GET', '/api/provider-availability/days/custom'],
    ['POST', '/api/provider-availability/days/custom', { date: '2027-03-10', isAvailable: false }],
    ['DELETE', '/api/provider-availability/days/custom/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/provider-availability/timeslot/2027-03'],
  ];

  it.each(providerRoutes)('%s %s answers 403 to a client and 401 without a token', async (method, url, payload) => {
    const client = await createTestUser(t, { role: 'client' });
    const forbidden = await call(client, method, url, payload);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You are not allowed to do this', code: 'FORBIDDEN' });
    const anonymous = await call(null, method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(
      await t.deps.db.select().from(availabilitySettings).where(eq(availabilitySettings.providerId, client.id)),
    ).toEqual([]);
  });
});

describe('availability settings', () => {
  it('answers the defaults for a provider who never saved any, without writing a row', async () => {
    const user = await provider({ timezone: 'Europe/Berlin' });
    const res = await call(user, 'GET', '/api/provider-availability/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      setupType: 'GENERAL',
      sessionMinutes: 60,
      sessionMinutesOptions: [30, 45, 60, 90, 120],
      timezone: 'Europe/Berlin',
      categories: [],
      bookingRules: DEFAULT_BOOKING_RULES,
    });
    expect(
      await t.deps.db.select().from(availabilitySettings).where(eq(availabilitySettings.providerId, user.id)),
    ).toEqual([]);
  });

  it('saves the setup type and session length, then keeps fields not sent', async () => {
    const user = await provider();
    const first = await call(user, 'PUT', '/api/provider-availability/settings', {
      setupType: 'BY_CATEGORY',
      sessionMinutes: 90,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ setupType: 'BY_CATEGORY', sessionMinutes: 90 });
    const second = await call(user, 'PUT', '/api/provider-availability/settings', { sessionMinutes: 45 });
    expect(second.json()).toMatchObject({ setupType: 'BY_CATEGORY', sessionMinutes: 45 });
    const [row] = await t.deps.db
      .select()
      .from(availabilitySettings)
      .where(eq(availabilitySettings.providerId, user.id));
    expect(row).toMatchObject({ setupType: 'BY_CATEGORY', sessionMinutes: 45 });
  });

  it.each([
    [{ sessionMinutes: 50 }, 'sessionMinutes', 'Choose a session length of 30, 45, 60, 90 or 120 minutes'],
    [{ sessionMinutes: 60.5 }, 'sessionMinutes', 'Choose a session length of 30, 45, 60, 90 or 120 minutes'],
    [{ setupType: 'WEEKLY' }, 'setupType', 'Choose one of the listed options'],
  ])('refuses %j with a clear message and writes nothing', async (payload, field, message) => {
    const user = await provider();
    const res = await call(user, 'PUT', '/api/provider-availability/settings', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fieldErrors: { [field]: [message] } });
    expect(
      await t.deps.db.select().from(availabilitySettings).where(eq(availabilitySettings.providerId, user.id)),
    ).toEqual([]);
  });

  it('answers the validation message in German when asked', async () => {
    const user = await provider();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/provider-availability/settings',
      headers: { ...user.headers, 'x-language': 'de' },
      payload: { sessionMinutes: 50 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Wähle eine Sitzungsdauer von 30, 45, 60, 90 oder 120 Minuten');
  });

  it('keeps a category session length that applies once the setup type is BY_CATEGORY', async () => {
    const user = await provider();
    const category = categoryIds[0] as string;
    const saved = await call(user, 'POST', `/api/provider/availability-setting?category=${category}`, {
      sessionMinutes: 120,
    });
    expect(saved.statusCode).toBe(200);
    // Still GENERAL: the general calendar's 60 minutes apply.
    expect(saved.json()).toEqual({
      setupType: 'GENERAL',
      sessionMinutes: 60,
      categoryIdentifier: null,
      timezone: 'Africa/Lagos',
    });
    const switched = await call(user, 'POST', `/api/provider/availability-setting?category=${category}`, {
      setupType: 'BY_CATEGORY',
    });
    expect(switched.json()).toMatchObject({
      setupType: 'BY_CATEGORY',
      sessionMinutes: 120,
      categoryIdentifier: category,
    });
    const read = await call(user, 'GET', `/api/provider/availability-setting?category=${category}`);
    expect(read.json()).toMatchObject({ sessionMinutes: 120, categoryIdentifier: category });
    const general = await call(user, 'GET', '/api/provider/availability-setting');
    expect(general.json()).toMatchObject({ setupType: 'BY_CATEGORY', sessionMinutes: 60, categoryIdentifier: null });
    const settings = await call(user, 'GET', '/api/provider-availability/settings');
    expect(settings.json().categories).toEqual([{ categoryIdentifier: category, sessionMinutes: 120 }]);
    const rows = await t.deps.db
      .select()
      .from(availabilityCategorySettings)
      .where(eq(availabilityCategorySettings.providerId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown category and writes nothing', async () => {
    const user = await provider();
    const res = await call(
      user,
      'POST',
      '/api/provider/availability-setting?category=00000000-0000-4000-8000-000000000000',
      { sessionMinutes: 90 },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Unknown therapy category',
      fieldErrors: { category: ['Unknown therapy category'] },
    });
    expect(
      await t.deps.db.select().from(availabilitySettings).where(eq(availabilitySettings.providerId, user.id)),
    ).toEqual([]);
  });
});

describe('weekly pattern', () => {
  it('lists seven unavailable weekdays for a new provider', async () => {
    const user = await provider();
    const res = await call(user, 'GET', '/api/provider-availability/days/default');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
        identifier: null,
        dayOfWeek,
        isAvailable: false,
        timeslotIntervals: [],
        categoryIdentifier: null,
      })),
    );
  });

  it('saves weekdays: ranges sorted, an unavailable day cleared, an available day without ranges gets 09:00-18:00', async () => {
    const user = await provider();
    const res = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      days: [
        {
          dayOfWeek: 1,
          isAvailable: true,
          timeslotIntervals: [
            { startTime: '13:00', endTime: '17:00' },
            { startTime: '09:00', endTime: '12:00' },
          ],
        },
        { dayOfWeek: 2, isAvailable: false, timeslotIntervals: [{ startTime: '09:00', endTime: '12:00' }] },
        { dayOfWeek: 3, isAvailable: true },
        { dayOfWeek: 7, isAvailable: true, timeslotIntervals: [{ startTime: '20:00', endTime: '24:00' }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const days = res.json();
    expect(days).toHaveLength(7);
    expect(days[0]).toMatchObject({
      dayOfWeek: 1,
      isAvailable: true,
      timeslotIntervals: [
        { startTime: '09:00', endTime: '12:00' },
        { startTime: '13:00', endTime: '17:00' },
      ],
    });
    expect(days[0].identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(days[1]).toMatchObject({ dayOfWeek: 2, isAvailable: false, timeslotIntervals: [] });
    expect(days[2]).toMatchObject({
      dayOfWeek: 3,
      isAvailable: true,
      timeslotIntervals: [{ startTime: '09:00', endTime: '18:00' }],
    });
    expect(days[3]).toMatchObject({ dayOfWeek: 4, identifier: null, isAvailable: false });
    expect(days[6]).toMatchObject({ dayOfWeek: 7, timeslotIntervals: [{ startTime: '20:00', endTime: '24:00' }] });
    const rows = await weeklyRows(user.id);
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.dayOfWeek === 2)).toMatchObject({
      isAvailable: false,
      intervals: [],
      categoryId: null,
    });
  });

  it('updates a weekday in place on the next save (same identifier, no duplicate row)', async () => {
    const user = await provider();
    const first = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      days: [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '12:00' }] }],
    });
    const second = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      days: [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '10:00', endTime: '11:00' }] }],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()[0].identifier).toBe(first.json()[0].identifier);
    const rows = await weeklyRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.intervals).toEqual([{ startTime: '10:00', endTime: '11:00' }]);
  });

  const invalid: Array<[string, unknown, string, string]> = [
    [
      'a time outside 00:00-24:00',
      [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '25:00' }] }],
      'days.0.timeslotIntervals.0.endTime',
      'Use a time between 00:00 and 24:00 (HH:MM)',
    ],
    [
      '24:00 as a start',
      [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '24:00', endTime: '24:00' }] }],
      'days.0.timeslotIntervals.0.startTime',
      'Use a time between 00:00 and 24:00 (HH:MM)',
    ],
    [
      'a time not in HH:MM',
      [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '9am', endTime: '12:00' }] }],
      'days.0.timeslotIntervals.0.startTime',
      'Use a time between 00:00 and 24:00 (HH:MM)',
    ],
    [
      'an end at or before the start',
      [{ dayOfWeek: 1, isAvailable: true, timeslotIntervals: [{ startTime: '12:00', endTime: '12:00' }] }],
      'days.0.timeslotIntervals.0.endTime',
      'End time must be after start time',
    ],
    [
      'overlapping ranges',
      [
        {
          dayOfWeek: 1,
          isAvailable: true,
          timeslotIntervals: [
            { startTime: '09:00', endTime: '12:00' },
            { startTime: '11:00', endTime: '13:00' },
          ],
        },
      ],
      'days.0.timeslotIntervals.1',
      'Time ranges must not overlap',
    ],
    [
      'a weekday twice',
      [
        { dayOfWeek: 1, isAvailable: false },
        { dayOfWeek: 1, isAvailable: true },
      ],
      'days.1.dayOfWeek',
      'Each weekday can appear only once',
    ],
    ['a weekday outside 1-7', [{ dayOfWeek: 8, isAvailable: false }], 'days.0.dayOfWeek', 'Must be at most 7'],
  ];

  it.each(invalid)('refuses %s with its message and changes nothing', async (_name, days, field, message) => {
    const user = await provider();
    const res = await call(user, 'POST', '/api/provider-availability/days/recurring', { days });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fieldErrors: { [field]: [message] } });
    expect(await weeklyRows(user.id)).toEqual([]);
  });

  it('keeps a calendar per category with BY_CATEGORY and asks for the category', async () => {
    const user = await provider();
    const [first, second] = categoryIds as [string, string];
    await call(user, 'PUT', '/api/provider-availability/settings', { setupType: 'BY_CATEGORY' });
    const missing = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      days: [{ dayOfWeek: 1, isAvailable: true }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: { categoryIdentifier: ['Choose a therapy category'] } });
    const saved = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      categoryIdentifier: first,
      days: [{ dayOfWeek: 1, isAvailable: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()[0]).toMatchObject({ categoryIdentifier: first, isAvailable: true });
    const other = await call(user, 'GET', `/api/provider-availability/days/default?category=${second}`);
    expect(other.json()[0]).toMatchObject({ categoryIdentifier: second, isAvailable: false, identifier: null });
    const noCategory = await call(user, 'GET', '/api/provider-availability/days/default');
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe('Choose a therapy category');
    const rows = await weeklyRows(user.id);
    expect(rows.map((row) => row.categoryId)).toEqual([first]);
  });

  it('ignores the category with GENERAL: one calendar for all categories', async () => {
    const user = await provider();
    const res = await call(user, 'POST', '/api/provider-availability/days/recurring', {
      categoryIdentifier: categoryIds[0],
      days: [{ dayOfWeek: 2, isAvailable: true }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[1]).toMatchObject({ categoryIdentifier: null, isAvailable: true });
    const rows = await weeklyRows(user.id);
    expect(rows.map((row) => row.categoryId)).toEqual([null]);
  });
});

describe('specific dates', () => {
  it('saves a date, lists it by month, and replaces it when the same date is saved again', async () => {
    const user = await provider();
    const created = await call(user, 'POST', '/api/provider-availability/days/custom', {
      date: '2027-03-10',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '14:00', endTime: '16:00' }],
    });
    expect(created.statusCode).toBe(200);
    const day = created.json();
    expect(day).toMatchObject({
      date: '2027-03-10',
      isAvailable: true,
      timeslotIntervals: [{ startTime: '14:00', endTime: '16:00' }],
      categoryIdentifier: null,
    });
    const replaced = await call(user, 'POST', '/api/provider-availability/days/custom', {
      date: '2027-03-10',
      isAvailable: false,
      timeSlotsInterval: [{ startTime: '09:00', endTime: '10:00' }],
    });
    expect(replaced.json()).toMatchObject({ identifier: day.identifier, isAvailable: false, timeslotIntervals: [] });
    const list = await call(user, 'GET', '/api/provider-availability/days/custom?month=2027-03');
    expect(list.json()).toEqual([{ ...day, isAvailable: false, timeslotIntervals: [] }]);
    expect(
      await call(user, 'GET', '/api/provider-availability/days/custom?month=2027-04').then((r) => r.json()),
    ).toEqual([]);
    const rows = await overrideRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ date: '2027-03-10', isAvailable: false, intervals: [] });
  });

  it('edits an entry by identifier, moving it to another date', async () => {
    const user = await provider();
    const created = (
      await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-10', isAvailable: false })
    ).json();
    const moved = await call(user, 'POST', '/api/provider-availability/days/custom', {
      identifier: created.identifier,
      date: '2027-03-11',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '08:00', endTime: '10:00' }],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ identifier: created.identifier, date: '2027-03-11', isAvailable: true });
    const rows = await overrideRows(user.id);
    expect(rows.map((row) => row.date)).toEqual(['2027-03-11']);
  });

  it('refuses to move an entry onto a date that has its own entry', async () => {
    const user = await provider();
    const a = (
      await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-10', isAvailable: false })
    ).json();
    await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-11', isAvailable: false });
    const res = await call(user, 'POST', '/api/provider-availability/days/custom', {
      identifier: a.identifier,
      date: '2027-03-11',
      isAvailable: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ date: ['This date already has its own times; edit that entry instead'] });
    const rows = await overrideRows(user.id);
    expect(rows.map((row) => [row.date, row.isAvailable]).sort()).toEqual([
      ['2027-03-10', false],
      ['2027-03-11', false],
    ]);
  });

  it.each([
    [{ date: '2027-02-28', isAvailable: false }, 'date', 'Choose today or a later date'],
    [{ date: '2028-03-02', isAvailable: false }, 'date', 'Choose a date within the next 12 months'],
    [{ date: '2027-02-30', isAvailable: false }, 'date', 'Use a date in the form YYYY-MM-DD'],
    [{ date: '10/03/2027', isAvailable: false }, 'date', 'Use a date in the form YYYY-MM-DD'],
    [
      { date: '2027-03-10', isAvailable: true, timeSlotsInterval: [{ startTime: '10:00', endTime: '09:00' }] },
      'timeSlotsInterval.0.endTime',
      'End time must be after start time',
    ],
    [
      {
        date: '2027-03-10',
        isAvailable: true,
        timeSlotsInterval: [
          { startTime: '10:00', endTime: '12:00' },
          { startTime: '09:00', endTime: '10:30' },
        ],
      },
      'timeSlotsInterval.1',
      'Time ranges must not overlap',
    ],
  ])('refuses %j and writes nothing', async (payload, field, message) => {
    const user = await provider();
    const res = await call(user, 'POST', '/api/provider-availability/days/custom', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fieldErrors: { [field]: [message] } });
    expect(await overrideRows(user.id)).toEqual([]);
  });

  it('lists upcoming dates (today in the provider zone on) when no month is given', async () => {
    const user = await provider();
    await t.deps.db
      .insert(availabilityDateOverrides)
      .values({ providerId: user.id, date: '2027-02-27', isAvailable: false, intervals: [] });
    await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-01', isAvailable: false });
    await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-05-01', isAvailable: false });
    const res = await call(user, 'GET', '/api/provider-availability/days/custom');
    expect(res.json().map((day: { date: string }) => day.date)).toEqual(['2027-03-01', '2027-05-01']);
    const bad = await call(user, 'GET', '/api/provider-availability/days/custom?month=2027-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use a month in the form YYYY-MM');
  });

  it("answers 404 for another provider's entry, on edit and on delete, and leaves it alone", async () => {
    const owner = await provider();
    const other = await provider();
    const day = (
      await call(owner, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-10', isAvailable: false })
    ).json();
    const edit = await call(other, 'POST', '/api/provider-availability/days/custom', {
      identifier: day.identifier,
      date: '2027-03-12',
      isAvailable: true,
    });
    expect(edit.statusCode).toBe(404);
    const del = await call(other, 'DELETE', `/api/provider-availability/days/custom/${day.identifier}`);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect((await overrideRows(owner.id)).map((row) => row.date)).toEqual(['2027-03-10']);
    expect(await overrideRows(other.id)).toEqual([]);
  });

  it('deletes an entry, so the weekly pattern applies to that date again', async () => {
    const user = await provider();
    const day = (
      await call(user, 'POST', '/api/provider-availability/days/custom', { date: '2027-03-10', isAvailable: false })
    ).json();
    const res = await call(user, 'DELETE', `/api/provider-availability/days/custom/${day.identifier}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await overrideRows(user.id)).toEqual([]);
    const again = await call(user, 'DELETE', `/api/provider-availability/days/custom/${day.identifier}`);
    expect(again.statusCode).toBe(404);
  });

  it('keeps specific dates per category with BY_CATEGORY', async () => {
    const user = await provider();
    const [first] = categoryIds as [string];
    await call(user, 'PUT', '/api/provider-availability/settings', { setupType: 'BY_CATEGORY' });
    const res = await call(user, 'POST', '/api/provider-availability/days/custom', {
      date: '2027-03-10',
      isAvailable: true,
      categoryIdentifier: first,
    });
    expect(res.json()).toMatchObject({
      categoryIdentifier: first,
      timeslotIntervals: [{ startTime: '09:00', endTime: '18:00' }],
    });
    const listed = await call(user, 'GET', `/api/provider-availability/days/custom?category=${first}&month=2027-03`);
    expect(listed.json()).toHaveLength(1);
    const rows = await t.deps.db
      .select()
      .from(availabilityDateOverrides)
      .where(and(eq(availabilityDateOverrides.providerId, user.id), eq(availabilityDateOverrides.categoryId, first)));
    expect(rows).toHaveLength(1);
  });
});

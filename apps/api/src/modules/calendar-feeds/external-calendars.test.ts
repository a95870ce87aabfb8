import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingRow, catalog, createBookingVia, createProvider, listedSlot } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { externalBusyTimes, externalCalendars } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { syncDueCalendars } from './sync.ts';
import { type CalendarServer, GOOGLE_STYLE_BUSY, startCalendarServer } from './test-support.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let server: CalendarServer;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: { EXTERNAL_CALENDARS_ALLOW_PRIVATE: true, ACCESS_TOKEN_TTL: 30 * 24 * 3600 },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(START);
  // The job takes every due calendar: each test starts with none of the earlier tests' calendars.
  await t.deps.db.delete(externalCalendars);
  server = await startCalendarServer();
});
afterEach(() => server.close());

const add = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/provider-availability/external-calendars',
    headers: user.headers,
    payload,
  });
const list = (user: TestUser) =>
  t.app.inject({ url: '/api/provider-availability/external-calendars', headers: user.headers });

async function busyOf(providerId: string) {
  const rows = await t.deps.db
    .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt })
    .from(externalBusyTimes)
    .where(eq(externalBusyTimes.providerId, providerId))
    .orderBy(asc(externalBusyTimes.startsAt));
  return rows.map((row) => ({ startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }));
}

describe('a provider’s external calendars', () => {
  it('adds one by its secret address, never shows the address back, and the job stores its busy times', async () => {
    const provider = await createProvider(t, { firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
    const secret = `${server.url}/calendar/ical/abc%40group.calendar.google.com/private-5f3e9c1d2b/basic.ics`;
    const added = await add(provider, { name: 'Praxis (Google)', url: secret });
    expect(added.statusCode, added.body).toBe(200);
    const [pending] = added.json().calendars;
    expect(pending).toMatchObject({ name: 'Praxis (Google)', status: 'pending', error: null, busyCount: 0 });
    expect(added.body).not.toContain('private-5f3e9c1d2b');
    const [row] = await t.deps.db.select().from(externalCalendars).where(eq(externalCalendars.providerId, provider.id));
    expect(JSON.stringify(row)).not.toContain('private-5f3e9c1d2b');

    expect(await syncDueCalendars(t.deps)).toEqual({ synced: 1, failed: 0 });
    expect(await busyOf(provider.id)).toEqual(GOOGLE_STYLE_BUSY);
    const [ok] = (await list(provider)).json().calendars;
    expect(ok).toMatchObject({ status: 'ok', error: null, busyCount: 4, checkedAt: START.replace('Z', '.000Z') });
    // Not due again until the refresh interval has passed.
    expect(await syncDueCalendars(t.deps)).toEqual({ synced: 0, failed: 0 });
  });

  it('a conditional request answered 304 keeps the busy times', async () => {
    const provider = await createProvider(t);
    await add(provider, { name: 'Work', url: `${server.url}/work.ics` });
    await syncDueCalendars(t.deps);
    clock.set('2027-03-01T09:16:00Z');
    expect(await syncDueCalendars(t.deps)).toEqual({ synced: 1, failed: 0 });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe('"v1"');
    expect(await busyOf(provider.id)).toEqual(GOOGLE_STYLE_BUSY);
    const [calendar] = (await list(provider)).json().calendars;
    expect(calendar).toMatchObject({
      status: 'ok',
      checkedAt: '2027-03-01T09:16:00.000Z',
      syncedAt: '2027-03-01T09:00:00.000Z',
    });
  });

  it('a failing calendar shows its error, keeps its last busy times and never stops the others', async () => {
    const provider = await createProvider(t);
    await add(provider, { name: 'Flaky', url: `${server.url}/flaky.ics` });
    await add(provider, { name: 'Gone', url: 'http://127.0.0.1:9/nothing-listens-here.ics' });
    expect(await syncDueCalendars(t.deps)).toEqual({ synced: 1, failed: 1 });
    server.handle = (_request, response) => {
      response.writeHead(403);
      response.end();
    };
    clock.set('2027-03-01T09:20:00Z');
    expect(await syncDueCalendars(t.deps)).toEqual({ synced: 0, failed: 2 });
    const calendars = (await list(provider)).json().calendars;
    expect(calendars).toMatchObject([
      { name: 'Flaky', status: 'failing', error: 'httpStatus', busyCount: 4 },
      { name: 'Gone', status: 'failing', error: 'unreachable', busyCount: 0 },
    ]);
    expect(await busyOf(provider.id)).toEqual(GOOGLE_STYLE_BUSY);
  });

  it('removes a calendar with its busy times; another provider’s calendar is 404', async () => {
    const provider = await createProvider(t);
    const other = await createProvider(t);
    const [calendar] = (await add(provider, { name: 'Work', url: `${server.url}/w.ics` })).json().calendars;
    await syncDueCalendars(t.deps);
    const url = `/api/provider-availability/external-calendars/${calendar.identifier}`;
    const foreign = await t.app.inject({ method: 'DELETE', url, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(await busyOf(provider.id)).toHaveLength(4);
    const removed = await t.app.inject({ method: 'DELETE', url, headers: provider.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ calendars: [] });
    expect(await busyOf(provider.id)).toEqual([]);
  });

  it('refuses bad input with translated errors and changes nothing', async () => {
    const provider = await createProvider(t);
    const german = await createProvider(t, { language: 'de' });
    const noUrl = await add(provider, { name: 'Work', url: 'not an address' });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().fieldErrors.url).toEqual(["Enter the calendar's secret address (https://… or webcal://…)"]);
    const ftp = await t.app.inject({
      method: 'POST',
      url: '/api/provider-availability/external-calendars',
      headers: { ...german.headers, 'accept-language': 'de' },
      payload: { name: '', url: 'ftp://example.com/a.ics' },
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().fieldErrors).toMatchObject({
      name: ['Dieses Feld ist erforderlich'],
      url: ['Gib die geheime Adresse des Kalenders ein (https://… oder webcal://…)'],
    });
    expect(
      await t.deps.db.select().from(externalCalendars).where(eq(externalCalendars.providerId, provider.id)),
    ).toEqual([]);

    await add(provider, { name: 'Work', url: `${server.url}/same.ics` });
    const twice = await add(provider, { name: 'Again', url: `${server.url}/same.ics` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'EXTERNAL_CALENDAR_DUPLICATE',
      message: 'This calendar address is already in your list.',
    });
    for (let index = 1; index < 5; index += 1) {
      expect((await add(provider, { name: `Cal ${index}`, url: `${server.url}/${index}.ics` })).statusCode).toBe(200);
    }
    const sixth = await add(provider, { name: 'Sixth', url: `${server.url}/6.ics` });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      code: 'EXTERNAL_CALENDAR_LIMIT',
      message: 'You can add at most 5 calendars. Remove one first.',
    });
    expect((await list(provider)).json().calendars).toHaveLength(5);
  });

  it('is for providers only', async () => {
    const client = await createTestUser(t, { role: 'client' });
    expect((await list(client)).statusCode).toBe(403);
    expect((await add(client, { name: 'x', url: `${server.url}/x.ics` })).statusCode).toBe(403);
  });
});

describe('busy times block slots', () => {
  const startTimes = async (providerId: string, date: string) => {
    const response = await t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/${date}` });
    expect(response.statusCode).toBe(200);
    return response.json().days[0].timeSlot.map((slot: { startTime: string }) => slot.startTime);
  };
  const allDay = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

  it('blocks exactly the recurring event’s occurrences, its moved exception and the one-off, nothing else', async () => {
    const provider = await createProvider(t, { firstName: '李小龍', lastName: "O'Neil-Adébáyọ̀" });
    const client = await createTestUser(t, { role: 'client' });
    const booking = await createBookingVia(t, client, provider, await catalog(t));
    const staleSlot = await listedSlot(t, provider.id, '2027-03-03', 1);
    expect(staleSlot.startAt).toBe('2027-03-03T09:00:00.000Z');
    for (const date of ['2027-03-03', '2027-03-04', '2027-03-10', '2027-03-24']) {
      expect(await startTimes(provider.id, date), date).toEqual(allDay);
    }

    await add(provider, { name: 'Google', url: `${server.url}/basic.ics` });
    await syncDueCalendars(t.deps);

    const without = (...times: string[]) => allDay.filter((time) => !times.includes(time));
    expect(await startTimes(provider.id, '2027-03-03')).toEqual(without('10:00'));
    expect(await startTimes(provider.id, '2027-03-04')).toEqual(without('13:00', '14:00'));
    expect(await startTimes(provider.id, '2027-03-05')).toEqual(allDay); // shown as free there
    expect(await startTimes(provider.id, '2027-03-10')).toEqual(without('14:00')); // moved from 10:00
    expect(await startTimes(provider.id, '2027-03-17')).toEqual(allDay); // taken out (EXDATE)
    expect(await startTimes(provider.id, '2027-03-24')).toEqual(without('10:00'));

    // The provider's own month and a slot listed before the sync agree.
    const month = await t.app.inject({ url: '/api/provider-availability/timeslot/2027-03', headers: provider.headers });
    expect(month.statusCode).toBe(200);
    const day = month.json().days.find((entry: { date: string }) => entry.date === '2027-03-03');
    expect(day.timeSlot.map((slot: { startTime: string }) => slot.startTime)).toEqual(without('10:00'));
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: staleSlot.identifier },
    });
    expect(taken.statusCode).toBe(409);
    // Blocked time, as time off is: the client is told the provider is away then.
    expect(taken.json().code).toBe('SLOT_TIME_OFF');
    expect((await bookingRow(t, booking.identifier)).startsAt).toBeNull();

    // Removing the calendar frees the times again.
    const [calendar] = (await list(provider)).json().calendars;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/provider-availability/external-calendars/${calendar.identifier}`,
      headers: provider.headers,
    });
    expect(await startTimes(provider.id, '2027-03-03')).toEqual(allDay);
  });
});

describe('in production mode', () => {
  it('refuses plain http and private addresses when a calendar is added, before any fetch', async () => {
    const production = await buildTestApp({ clock, config: { NODE_ENV: 'production' } });
    try {
      const provider = await createTestUser(production, { role: 'provider' });
      const post = (url: string) =>
        production.app.inject({
          method: 'POST',
          url: '/api/provider-availability/external-calendars',
          headers: provider.headers,
          payload: { name: 'Work', url },
        });
      const http = await post('http://calendar.example.com/basic.ics');
      expect(http.statusCode).toBe(400);
      expect(http.json().fieldErrors.url).toEqual(['Use an https:// or webcal:// address']);
      for (const address of [
        'https://127.0.0.1/a.ics',
        'webcal://10.0.0.2/a.ics',
        'https://169.254.169.254/latest',
        'https://[::1]/a.ics',
        'https://localhost/a.ics',
      ]) {
        const refused = await post(address);
        expect(refused.statusCode, address).toBe(400);
        expect(refused.json().fieldErrors.url).toEqual(['This address points to a private network and cannot be used']);
      }
      expect(await production.deps.db.select().from(externalCalendars)).toEqual([]);
      expect(server.requests).toHaveLength(0);
    } finally {
      await production.close();
    }
  });
});

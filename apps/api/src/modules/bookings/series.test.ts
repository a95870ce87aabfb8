import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  eventTypes,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookingSeries, bookings } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';

const clock = fixedClock('2027-03-01T09:00:00Z'); // Monday 10:00 in Lagos
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
});
afterAll(() => t.close());

const clientBookings = (clientId: string) =>
  t.deps.db
    .select({ id: bookings.id, seriesIndex: bookings.seriesIndex, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.clientId, clientId))
    .orderBy(asc(bookings.createdAt), asc(bookings.seriesIndex));

function createSeries(client: TestUser, provider: TestUser, payload: Record<string, unknown>) {
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

describe('POST /booking/series from the booking flow (bookingIdentifier)', () => {
  it('turns the unscheduled booking of step 1 into the first session: nothing is left behind', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, client, provider, ids, { note: 'Weekly please' });
    const slot = await listedSlot(t, provider.id, '2027-03-02', 1);
    const response = await createSeries(client, provider, {
      timeslotIdentifier: slot.identifier,
      occurrences: 3,
      note: 'Weekly please',
      bookingIdentifier: draft.identifier,
    });
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json();
    expect(series.bookings.map((item: { identifier: string }) => item.identifier)[0]).toBe(draft.identifier);
    expect(series.bookings[0]).toMatchObject({
      status: 'pending',
      startAt: slot.startAt,
      note: 'Weekly please',
      series: { identifier: series.identifier, index: 0, occurrences: 3 },
    });
    expect(series.bookings[0].holdExpiresAt).toBe('2027-03-01T09:15:00.000Z');
    const rows = await clientBookings(client.id);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.seriesIndex)).toEqual([0, 1, 2]);
    expect(await eventTypes(t, draft.identifier)).toEqual(['scheduled']);
  });

  it('refuses a booking that already has a time, and writes nothing', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const booked = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, booked.identifier, (await listedSlot(t, provider.id, '2027-03-02', 0)).identifier);
    const response = await createSeries(client, provider, {
      timeslotIdentifier: (await listedSlot(t, provider.id, '2027-03-03', 1)).identifier,
      occurrences: 2,
      bookingIdentifier: booked.identifier,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BOOKING_NOT_SCHEDULABLE');
    expect(await clientBookings(client.id)).toHaveLength(1);
    expect(await t.deps.db.select().from(bookingSeries).where(eq(bookingSeries.clientId, client.id))).toEqual([]);
  });

  it("answers 404 for another client's booking", async () => {
    const provider = await createProvider(t);
    const owner = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, owner, provider, ids);
    const someone = await createTestUser(t, { role: 'client' });
    const response = await createSeries(someone, provider, {
      timeslotIdentifier: (await listedSlot(t, provider.id, '2027-03-02', 2)).identifier,
      occurrences: 2,
      bookingIdentifier: draft.identifier,
    });
    expect(response.statusCode).toBe(404);
    expect(await clientBookings(someone.id)).toEqual([]);
  });

  it('refuses a booking with another provider', async () => {
    const provider = await createProvider(t);
    const other = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, client, other, ids);
    const response = await createSeries(client, provider, {
      timeslotIdentifier: (await listedSlot(t, provider.id, '2027-03-02', 3)).identifier,
      occurrences: 2,
      bookingIdentifier: draft.identifier,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BOOKING_NOT_SCHEDULABLE');
  });
});

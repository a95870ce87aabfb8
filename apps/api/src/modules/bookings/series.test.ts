import { MAX_UNPAID_HOLDS } from '@app/shared/booking-rules';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingSuite,
  createBookingVia,
  createProvider,
  createSeriesVia,
  emailsTo,
  eventTypes,
  listedSlot,
  paySeriesWithWallet,
  postSeries,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookingSeries, bookings } from '../../db/schema/index.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { expireHolds } from './expire-holds.ts';

const { t, ids, clock } = bookingSuite('2027-03-01T09:00:00Z'); // Monday 10:00 in Lagos

const clientBookings = (clientId: string) =>
  t.deps.db
    .select({ id: bookings.id, seriesIndex: bookings.seriesIndex, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.clientId, clientId))
    .orderBy(asc(bookings.createdAt), asc(bookings.seriesIndex));

const cancelSeries = (user: TestUser, bookingId: string | undefined, note: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/booking/${bookingId}/cancel-series`,
    headers: user.headers,
    payload: { note },
  });

describe('POST /booking/series from the booking flow (bookingIdentifier)', () => {
  it('turns the unscheduled booking of step 1 into the first session: nothing is left behind', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, client, provider, ids, { note: 'Weekly please' });
    const slot = await listedSlot(t, provider.id, '2027-03-02', 1);
    const series = await createSeriesVia(t, client, provider, ids, {
      slotId: slot.identifier,
      occurrences: 3,
      extra: { note: 'Weekly please', bookingIdentifier: draft.identifier },
    });
    expect(series.bookings.map((item: { identifier: string }) => item.identifier)[0]).toBe(draft.identifier);
    expect(series.bookings[0]).toMatchObject({
      status: 'pending',
      startAt: slot.startAt,
      note: 'Weekly please',
      series: { identifier: series.identifier, index: 0, occurrences: 3 },
    });
    expect(series.bookings[0]?.holdExpiresAt).toBe('2027-03-01T09:15:00.000Z');
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
    const response = await postSeries(t, client, provider, ids, {
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
    const response = await postSeries(t, someone, provider, ids, {
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
    const response = await postSeries(t, client, provider, ids, {
      timeslotIdentifier: (await listedSlot(t, provider.id, '2027-03-02', 3)).identifier,
      occurrences: 2,
      bookingIdentifier: draft.identifier,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BOOKING_NOT_SCHEDULABLE');
  });
});

describe('POST /booking/series: weekly or fortnightly, held as a whole', () => {
  it('books a weekly and a fortnightly series at the same wall-clock time', async () => {
    const provider = await createProvider(t, { firstName: 'Adaeze', lastName: "O'Neil-Okafor" });
    const client = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Groß' });
    const weekly = await createSeriesVia(t, client, provider, ids, {
      slotId: (await listedSlot(t, provider.id, '2027-03-02', 4)).identifier,
      occurrences: 4,
    });
    expect(weekly.cadence).toBe('weekly');
    expect(weekly.bookings.map((b) => b.startAt?.slice(0, 10))).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
    ]);
    const series = await createSeriesVia(t, client, provider, ids, {
      slotId: (await listedSlot(t, provider.id, '2027-03-03', 4)).identifier,
      occurrences: 3,
      cadence: 'fortnightly',
    });
    expect(series.cadence).toBe('fortnightly');
    const starts = series.bookings.map((b) => b.startAt as string);
    expect(starts.map((at: string) => at.slice(0, 10))).toEqual(['2027-03-03', '2027-03-17', '2027-03-31']);
    expect(new Set(starts.map((at: string) => at.slice(10))).size).toBe(1);
    const [row] = await t.deps.db.select().from(bookingSeries).where(eq(bookingSeries.id, series.identifier));
    expect(row?.intervalWeeks).toBe(2);
    // One hold expiry for the whole series.
    expect(new Set(series.bookings.map((b) => b.holdExpiresAt))).toEqual(new Set(['2027-03-01T09:15:00.000Z']));
  });

  it('counts a series as one hold: a client at the limit minus one can still hold a series of 4', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: '小龍', lastName: '李' });
    const providers: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) providers.push(await createProvider(t));
    let held = 0;
    for (const provider of providers.slice(0, 3)) {
      for (let slot = 0; slot < 3 && held < MAX_UNPAID_HOLDS - 1; slot += 1) {
        const draft = await createBookingVia(t, client, provider, ids);
        await scheduleVia(
          t,
          client,
          draft.identifier,
          (await listedSlot(t, provider.id, '2027-03-04', slot)).identifier,
        );
        held += 1;
      }
    }
    expect(held).toBe(MAX_UNPAID_HOLDS - 1);
    const last = providers[3] as TestUser;
    await createSeriesVia(t, client, last, ids, {
      slotId: (await listedSlot(t, last.id, '2027-03-04', 0)).identifier,
      occurrences: 4,
    });
    const draft = await createBookingVia(t, client, last, ids);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${draft.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: (await listedSlot(t, last.id, '2027-03-04', 1)).identifier },
    });
    expect(refused.json().code).toBe('HOLD_LIMIT_REACHED');
  });

  it('expires every session of the series together', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const series = await createSeriesVia(t, client, provider, ids, {
      slotId: (await listedSlot(t, provider.id, '2027-03-05', 2)).identifier,
      occurrences: 4,
    });
    // One session's hold was renewed (a move): the series still ends as one.
    const second = series.bookings[1] as { identifier: string };
    await t.deps.db
      .update(bookings)
      .set({ holdExpiresAt: new Date('2027-03-01T09:40:00Z') })
      .where(eq(bookings.id, second.identifier));
    clock.set('2027-03-01T09:16:00Z');
    try {
      await expireHolds(t.deps);
    } finally {
      clock.set('2027-03-01T09:00:00Z');
    }
    expect((await clientBookings(client.id)).map((row) => row.status)).toEqual([
      'expired',
      'expired',
      'expired',
      'expired',
    ]);
  });
});

describe('POST /booking/{id}/cancel-series', () => {
  it('cancels this session and the later ones, each by the 48-hour rule', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const series = await createSeriesVia(t, client, provider, ids, {
      slotId: (await listedSlot(t, provider.id, '2027-03-02', 6)).identifier,
      occurrences: 4,
    });
    const sessions = series.bookings;
    await fundWallet(t, client.id, 4 * 500_000);
    await paySeriesWithWallet(t, client, series.identifier);
    // The first session starts within 48 hours: cancelling it alone refunds nothing.
    const opened: Date[] = [];
    const { slotsOpened } = t.deps.events;
    t.deps.events.slotsOpened = async (tx, event) => {
      if (event.from) opened.push(event.from);
      await slotsOpened.call(t.deps.events, tx, event);
    };
    const one = await cancelSeries(client, sessions[1]?.identifier, 'Moving away').finally(() => {
      t.deps.events.slotsOpened = slotsOpened;
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().bookings.map((b: { status: string }) => b.status)).toEqual([
      'confirmed',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(await walletOf(t, client.id)).toBe(3 * 500_000);
    // Each freed time is offered to the waitlist; the therapist gets one email naming all three.
    const later = one.json().bookings.slice(1) as Array<{ startAt: string }>;
    expect(opened.map((at) => at.toISOString())).toEqual(later.map((session) => session.startAt));
    const mails = await emailsTo(t, provider.email, 'bookings.cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/the 2 later sessions of this series are cancelled too: .+; .+\./);
    const first = await cancelSeries(client, sessions[0]?.identifier, 'Moving away');
    expect(first.json().bookings[0]).toMatchObject({ status: 'cancelled', cancellation: { refundStatus: 'none' } });
    expect(await walletOf(t, client.id)).toBe(3 * 500_000);
    const again = await cancelSeries(client, sessions[0]?.identifier, 'Again');
    expect(again.json().code).toBe('BOOKING_NOT_CANCELLABLE');
    const stranger = await createTestUser(t, { role: 'client' });
    const theirs = await cancelSeries(stranger, sessions[0]?.identifier, 'Not mine');
    expect(theirs.statusCode).toBe(404);
  });
});

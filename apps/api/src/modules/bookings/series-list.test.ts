import type { BookingLine } from '@app/shared/schemas/booking-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  createSeriesVia,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { countQueries } from '../../../test/query-count.ts';
import { testDriver } from '../../../test/test-database.ts';
import { fixedClock } from '../../platform/clock.ts';

const clock = fixedClock('2027-03-01T09:00:00Z'); // Monday 10:00 in Lagos
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
});
afterAll(() => t.close());

interface LinePage {
  data: BookingLine[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

async function list(user: TestUser, path: string): Promise<LinePage> {
  const response = await t.app.inject({ url: `/api${path}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function bookSeries(
  client: TestUser,
  provider: TestUser,
  date: string,
  occurrences: number,
  cadence: 'weekly' | 'fortnightly' = 'weekly',
) {
  const slotId = (await listedSlot(t, provider.id, date, 2)).identifier;
  return createSeriesVia(t, client, provider, ids, { slotId, occurrences, cadence });
}

const sessionIds = (line: BookingLine) => line.seriesSessions?.map((session) => session.identifier);

describe('GET /booking and GET /appointment with groupSeries: a series is one line', () => {
  it('gives the client and the provider one line for the series with its sessions beneath, counted once', async () => {
    const provider = await createProvider(t, { firstName: 'Zoë', lastName: "D'Souza-Müller" });
    const client = await createTestUser(t, { role: 'client', firstName: 'Siobhán', lastName: 'Ó Briain' });
    const series = await bookSeries(client, provider, '2027-03-03', 4, 'fortnightly');
    const single = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, single.identifier, (await listedSlot(t, provider.id, '2027-03-04', 1)).identifier);
    const order = series.bookings.map((booking) => booking.identifier);

    for (const [user, path] of [
      [client, '/booking'],
      [provider, '/appointment'],
    ] as const) {
      const grouped = await list(user, `${path}?groupSeries=true`);
      expect(grouped.meta.total).toBe(2);
      expect(grouped.data).toHaveLength(2);
      const line = grouped.data.find((item) => item.series !== null) as BookingLine;
      // The series' line is its first session, with all four beneath it in order.
      expect(line.identifier).toBe(order[0]);
      expect(sessionIds(line)).toEqual(order);
      expect(line.seriesSessions?.map((session) => session.startAt?.slice(0, 10))).toEqual([
        '2027-03-03',
        '2027-03-17',
        '2027-03-31',
        '2027-04-14',
      ]);
      expect(grouped.data.find((item) => item.series === null)?.seriesSessions).toBeNull();

      // Without the flag: one line per booking, as before.
      const flat = await list(user, path);
      expect(flat.meta.total).toBe(5);
      expect(flat.data.every((item) => item.seriesSessions === null)).toBe(true);
    }

    // Pages count lines: one per page, the series never split over two.
    const first = await list(client, '/booking?groupSeries=true&perPage=1&page=1');
    const second = await list(client, '/booking?groupSeries=true&perPage=1&page=2');
    expect(first.meta).toMatchObject({ total: 2, totalPages: 2 });
    expect([first.data[0]?.identifier, second.data[0]?.identifier].sort()).toEqual(
      [order[0], single.identifier].sort(),
    );
  });

  it('stands for the series with its first session the filter matches, still showing every session', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client', firstName: 'Nnamdi', lastName: 'Okonkwo-Smith' });
    const series = await bookSeries(client, provider, '2027-03-08', 4);
    const order = series.bookings.map((booking) => booking.identifier);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${order[2]}/cancel-series`,
      headers: client.headers,
      payload: { note: 'Moving away' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const pending = await list(client, '/booking?groupSeries=true&statuses=pending');
    expect(pending.data.map((line) => line.identifier)).toEqual([order[0]]);
    const gone = await list(client, '/booking?groupSeries=true&statuses=cancelled');
    expect(gone.data.map((line) => line.identifier)).toEqual([order[2]]);
    expect(gone.data[0]?.seriesSessions?.map((session) => session.status)).toEqual([
      'pending',
      'pending',
      'cancelled',
      'cancelled',
    ]);
    // Another client's list holds none of it.
    const other = await createTestUser(t, { role: 'client' });
    expect((await list(other, '/booking?groupSeries=true')).meta.total).toBe(0);
  });
});

describe("GET /appointment/client/{id} with groupSeries: the provider's list of one client", () => {
  it('gives the series one line with its sessions beneath, counted once, and only this client’s', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client', firstName: 'Aoife', lastName: "Ní Bhriain-O'Hara" });
    const other = await createTestUser(t, { role: 'client' });
    const series = await bookSeries(client, provider, '2027-03-02', 3);
    const single = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, single.identifier, (await listedSlot(t, provider.id, '2027-03-05', 1)).identifier);
    const othersSeries = await bookSeries(other, provider, '2027-03-04', 2);
    const order = series.bookings.map((booking) => booking.identifier);

    const grouped = await list(provider, `/appointment/client/${client.id}?groupSeries=true`);
    expect(grouped.meta).toMatchObject({ total: 2, totalPages: 1 });
    expect(grouped.data.map((line) => line.identifier).sort()).toEqual([order[0], single.identifier].sort());
    const line = grouped.data.find((item) => item.series !== null) as BookingLine;
    expect(sessionIds(line)).toEqual(order);
    expect(grouped.data.find((item) => item.series === null)?.seriesSessions).toBeNull();
    expect(JSON.stringify(grouped)).not.toContain(othersSeries.identifier);

    // Without the flag: one line per session, as before.
    const flat = await list(provider, `/appointment/client/${client.id}`);
    expect(flat.meta.total).toBe(4);
    expect(flat.data.every((item) => item.seriesSessions === null)).toBe(true);
  });
});

describe.runIf(testDriver === 'pglite')('grouped lists: no query per line', () => {
  it('reads a page of one series or of three with the same number of queries', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    await bookSeries(client, provider, '2027-03-09', 3);
    const one = await countQueries(t.database, () => list(client, '/booking?groupSeries=true'));
    await bookSeries(client, provider, '2027-03-10', 3);
    await bookSeries(client, provider, '2027-03-11', 3);
    const three = await countQueries(t.database, () => list(client, '/booking?groupSeries=true'));
    expect((await list(client, '/booking?groupSeries=true')).meta.total).toBe(3);
    expect(one).toBeGreaterThan(2);
    expect(three).toBe(one);
  });
});

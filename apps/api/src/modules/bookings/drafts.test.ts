import { DRAFT_TTL_MS } from '@app/shared/booking-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingSuite,
  createBookingVia,
  createProvider,
  eventTypes,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings, conversations } from '../../db/schema/index.ts';
import { expireHolds } from './expire-holds.ts';

/** Bookings without a time (drafts) are the client's own: never in the provider's lists, gone after a day. */

const START = '2027-03-01T09:00:00Z';
const { t, ids, clock } = bookingSuite(START);
let provider: TestUser;
let client: TestUser;

beforeAll(async () => {
  provider = await createProvider(t);
  client = await createTestUser(t, { role: 'client', firstName: 'Ngozi-Ann', lastName: "O'Brien" });
});

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });

async function providerSees() {
  const appointments = await get('/api/appointment', provider);
  expect(appointments.statusCode, appointments.body).toBe(200);
  const clients = await get('/api/clients', provider);
  expect(clients.statusCode, clients.body).toBe(200);
  const overview = await get('/api/overview', provider);
  expect(overview.statusCode, overview.body).toBe(200);
  return {
    appointments: appointments.json().data.map((booking: { identifier: string }) => booking.identifier),
    total: appointments.json().meta.total,
    clients: clients.json().data.map((row: { identifier: string }) => row.identifier),
    overview: JSON.stringify(overview.json()),
    withClient: (await get(`/api/appointment/client/${client.id}`, provider)).statusCode,
    profile: (await get(`/api/client/profile/${client.id}`, provider)).statusCode,
  };
}

describe('drafts', () => {
  it('never reach the provider: appointments, client list, client pages, overview', async () => {
    const draft = await createBookingVia(t, client, provider, ids);
    // The client sees their own draft.
    const own = await get('/api/booking', client);
    expect(own.json().data.map((booking: { identifier: string }) => booking.identifier)).toEqual([draft.identifier]);
    const seen = await providerSees();
    expect(seen).toMatchObject({ appointments: [], total: 0, clients: [], withClient: 404, profile: 404 });
    expect(seen.overview).not.toContain(draft.identifier);
    expect(seen.overview).not.toContain('Ngozi-Ann');
    expect(await bookingRow(t, draft.identifier)).toMatchObject({ status: 'pending', startsAt: null });
  });

  it('relate no one: no messages either way, no appointment booked for the client', async () => {
    const other = await createTestUser(t, { role: 'client', firstName: 'Jean-Luc', lastName: 'Adébáyọ̀' });
    await createBookingVia(t, other, provider, ids);
    for (const [from, to] of [
      [other, provider],
      [provider, other],
    ] as const) {
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/messages/conversations',
        headers: from.headers,
        payload: { userIdentifier: to.id },
      });
      expect(opened.statusCode, opened.body).toBe(403);
      expect(opened.json().code).toBe('MESSAGE_NOT_ALLOWED');
    }
    const contacts = await get('/api/messages/contacts', provider);
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(JSON.stringify(contacts.json())).not.toContain(other.id);
    const slot = await listedSlot(t, provider.id, '2027-03-04', 0);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      headers: provider.headers,
      payload: {
        clientIdentifier: other.id,
        timeslotIdentifier: slot.identifier,
        modalityIdentifier: ids.modalityId,
        therapyIdentifier: ids.therapyId,
      },
    });
    expect(booked.statusCode, booked.body).toBe(400);
    expect(booked.json().fieldErrors).toEqual({ clientIdentifier: ['This person is not one of your clients'] });
    const rows = await t.deps.db.select().from(bookings).where(eq(bookings.clientId, other.id));
    expect(rows.map((row) => row.startsAt)).toEqual([null]);
    expect(await t.deps.db.select().from(conversations)).toEqual([]);
  });

  it('reach the provider once a time is chosen', async () => {
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02', 0);
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    const seen = await providerSees();
    expect(seen.appointments).toEqual([booking.identifier]);
    expect(seen.clients).toEqual([client.id]);
    expect(seen.withClient).toBe(200);
    expect(seen.profile).toBe(200);
  });

  it('expire a day after they were made, not before', async () => {
    clock.set(START);
    const other = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, other, provider, ids);
    clock.set(new Date(new Date(START).getTime() + DRAFT_TTL_MS - 1));
    await expireHolds(t.deps);
    expect((await bookingRow(t, draft.identifier)).status).toBe('pending');
    clock.set(new Date(new Date(START).getTime() + DRAFT_TTL_MS));
    await expireHolds(t.deps);
    expect(await bookingRow(t, draft.identifier)).toMatchObject({ status: 'expired', previousStatus: 'pending' });
    expect(await eventTypes(t, draft.identifier)).toEqual(['expired']);
    // Expired, it still is not the provider's.
    expect((await providerSees()).appointments).not.toContain(draft.identifier);
  });
});

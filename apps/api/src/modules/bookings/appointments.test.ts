import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingSuite,
  createBookingVia,
  createProvider,
  emailsTo,
  eventTypes,
  listedSlot,
  pastSession,
  payWithWallet,
  scheduledBooking,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { fundWallet } from '../money/test-helpers.ts';

const START = '2027-03-01T09:00:00Z';
const { t, ids } = bookingSuite(START);

const post = (url: string, user: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });

/** A provider and a client who had a session with them (their client), with a new draft. */
async function providerWithClient(fee?: number) {
  const provider = await createProvider(t, { fee });
  const client = await createTestUser(t, { role: 'client', language: 'de' });
  await pastSession(t, client, provider);
  await createBookingVia(t, client, provider, ids);
  return { provider, client };
}

async function appointmentFor(provider: TestUser, client: TestUser, date = '2027-03-04', index = 0) {
  const slot = await listedSlot(t, provider.id, date, index);
  const response = await post('/api/appointment', provider, {
    clientIdentifier: client.id,
    timeslotIdentifier: slot.identifier,
    modalityIdentifier: ids.modalityId,
    therapyIdentifier: ids.therapyId,
    note: 'Follow-up',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { appointment: response.json(), slot };
}

describe('POST /appointment (provider books for a client)', () => {
  it('holds the slot for the client for 24 h and emails them in their language', async () => {
    const { provider, client } = await providerWithClient();
    const { appointment, slot } = await appointmentFor(provider, client);
    expect(appointment).toMatchObject({
      status: 'pending',
      createdBy: 'provider',
      participantStatus: 'awaiting',
      startAt: slot.startAt,
      holdExpiresAt: '2027-03-02T09:00:00.000Z',
      priceMinor: 500_000,
      client: { identifier: client.id },
    });
    const [mail] = await emailsTo(t, client.email, 'bookings.appointmentRequested');
    expect(mail?.language).toBe('de');
    expect(mail?.subject).toBe('Für dich wurde eine Sitzung gebucht');
  });

  it("refuses someone who never booked the provider, and answers 'Please select a client'", async () => {
    const provider = await createProvider(t);
    const stranger = await createTestUser(t, { role: 'client' });
    const slot = await listedSlot(t, provider.id, '2027-03-04');
    const payload = {
      timeslotIdentifier: slot.identifier,
      modalityIdentifier: ids.modalityId,
      therapyIdentifier: ids.therapyId,
    };
    const refused = await post('/api/appointment', provider, { ...payload, clientIdentifier: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ clientIdentifier: ['This person is not one of your clients'] });
    const missing = await post('/api/appointment', provider, payload);
    expect(missing.json().fieldErrors).toEqual({ clientIdentifier: ['Please select a client'] });
  });

  it('lets the client acknowledge, then pay; the provider is told', async () => {
    const { provider, client } = await providerWithClient();
    const { appointment } = await appointmentFor(provider, client);
    const seen = await get(`/api/booking/participant/${appointment.identifier}`, client);
    expect(seen.json().identifier).toBe(appointment.identifier);
    const acknowledged = await post(`/api/booking/participant/${appointment.identifier}/status`, client, {
      status: 'acknowledged',
    });
    expect(acknowledged.json()).toMatchObject({
      status: 'pending',
      participantStatus: 'acknowledged',
      holdExpiresAt: '2027-03-01T09:15:00.000Z',
    });
    expect(await emailsTo(t, provider.email, 'bookings.participantAcknowledged')).toHaveLength(1);
    await fundWallet(t, client.id, 500_000);
    const paid = await payWithWallet(t, client, appointment.identifier);
    expect(paid).toMatchObject({ status: 'confirmed', isPaid: true });
    const again = await post(`/api/booking/participant/${appointment.identifier}/status`, client, {
      status: 'rejected',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'PARTICIPANT_ALREADY_RESPONDED',
      message: 'This booking has already been answered',
    });
    // The provider's appointment begins with its stored event; no "created" entry is derived.
    const details = await get(`/api/appointment/${appointment.identifier}/details`, provider);
    const events: Array<{ type: string; actor: string }> = details.json().events;
    expect(events[0]).toMatchObject({ type: 'appointment_created', actor: 'provider' });
    expect(events.map((event) => event.type)).not.toContain('created');
  });

  it('confirms a free appointment when the client acknowledges it', async () => {
    const { provider, client } = await providerWithClient(0);
    const { appointment } = await appointmentFor(provider, client);
    const acknowledged = await post(`/api/booking/participant/${appointment.identifier}/status`, client, {
      status: 'acknowledged',
    });
    expect(acknowledged.json()).toMatchObject({ status: 'confirmed', paymentMethod: 'free' });
  });

  it('frees the slot when the client rejects the appointment', async () => {
    const { provider, client } = await providerWithClient();
    const { appointment, slot } = await appointmentFor(provider, client, '2027-03-04', 3);
    const rejected = await post(`/api/booking/participant/${appointment.identifier}/status`, client, {
      status: 'rejected',
      note: 'Not that day',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', participantStatus: 'rejected' });
    expect((await listedSlot(t, provider.id, '2027-03-04', 3)).startAt).toBe(slot.startAt);
    expect(await emailsTo(t, provider.email, 'bookings.participantRejected')).toHaveLength(1);
  });
});

describe('the provider as participant of a client booking', () => {
  const paidClientBooking = () => scheduledBooking(t, ids, { date: '2027-03-05', pay: true });

  it('acknowledges once', async () => {
    const { provider, client, booking } = await paidClientBooking();
    const acknowledged = await post(`/api/appointment/participant/${booking.identifier}/acknowledge`, provider);
    expect(acknowledged.json()).toMatchObject({ status: 'confirmed', participantStatus: 'acknowledged' });
    expect(await emailsTo(t, client.email, 'bookings.participantAcknowledged')).toHaveLength(1);
    const twice = await post(`/api/appointment/participant/${booking.identifier}/acknowledge`, provider);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PARTICIPANT_ALREADY_RESPONDED');
  });

  it('refuses to decline without a reason, in the reader language, and changes nothing', async () => {
    const { provider, client, booking } = await paidClientBooking();
    for (const [payload, language, message] of [
      [{}, 'en', 'Please tell the client why you decline the session'],
      [{ note: '   ' }, 'de', 'Bitte sag der Klientin oder dem Klienten, warum du die Sitzung ablehnst'],
    ] as const) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/appointment/participant/${booking.identifier}/reject-booking`,
        headers: { ...provider.headers, 'x-language': language },
        payload,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ note: [message] });
    }
    expect(await bookingRow(t, booking.identifier)).toMatchObject({
      status: 'confirmed',
      participantStatus: 'awaiting',
    });
    expect(await walletOf(t, client.id)).toBe(0);
    expect(await eventTypes(t, booking.identifier)).toEqual(['scheduled', 'paid', 'confirmed']);
  });

  it('rejects a paid booking with a full refund and tells the client', async () => {
    const { provider, client, booking } = await paidClientBooking();
    const rejected = await post(`/api/appointment/participant/${booking.identifier}/reject-booking`, provider, {
      note: 'Not my speciality',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      participantStatus: 'rejected',
      cancellation: { cancelledBy: 'provider', refundStatus: 'refunded', refundMinor: 500_000 },
    });
    expect(await walletOf(t, client.id)).toBe(500_000);
    const [mail] = await emailsTo(t, client.email, 'bookings.bookingRejected');
    expect(mail?.text).toContain('Reason: Not my speciality');
    expect(await eventTypes(t, booking.identifier)).toEqual(['scheduled', 'paid', 'confirmed', 'rejected']);
  });
});

describe('lists and details', () => {
  it('pages the client bookings and filters by status', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    for (let index = 0; index < 3; index++) await createBookingVia(t, client, provider, ids);
    const cancelled = await createBookingVia(t, client, provider, ids);
    await post(`/api/booking/${cancelled.identifier}/cancel`, client, { note: 'x' });
    const first = await get('/api/booking?page=1&perPage=2', client);
    expect(first.json().meta).toEqual({ page: 1, perPage: 2, total: 4, totalPages: 2 });
    expect(first.json().data).toHaveLength(2);
    const filtered = await get('/api/booking?statuses=cancelled', client);
    expect(filtered.json().data.map((item: { identifier: string }) => item.identifier)).toEqual([cancelled.identifier]);
    const both = await get('/api/booking?statuses=pending,cancelled', client);
    expect(both.json().meta.total).toBe(4);
    const bad = await get('/api/booking?statuses=unknown', client);
    expect(bad.statusCode).toBe(400);
    // Bookings without a time are the client's own: none reaches the provider.
    const appointments = await get('/api/appointment?statuses=pending', provider);
    expect(appointments.json().meta.total).toBe(0);
  });

  it("lists a provider's sessions with one client, and 404 for someone else's client", async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client', firstName: 'Maya', lastName: "O'Patel" });
    const first = await createBookingVia(t, client, provider, ids);
    const other = await createProvider(t);
    // A draft without a time does not make a client yet.
    expect((await get(`/api/appointment/client/${client.id}?page=1`, provider)).statusCode).toBe(404);
    await scheduleVia(t, client, first.identifier, (await listedSlot(t, provider.id, '2027-03-08')).identifier);
    const list = await get(`/api/appointment/client/${client.id}?page=1`, provider);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(1);
    const notTheirs = await get(`/api/appointment/client/${client.id}`, other);
    expect(notTheirs.statusCode).toBe(404);
  });

  it('details carry the timeline and what the caller may do now', async () => {
    const { provider, client, booking } = await scheduledBooking(t, ids, { date: '2027-03-05' });
    const details = await get(`/api/booking/${booking.identifier}/details`, client);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      identifier: booking.identifier,
      events: [
        {
          type: 'created',
          actor: 'client',
          at: (await bookingRow(t, booking.identifier)).createdAt.toISOString(),
          data: { priceMinor: booking.priceMinor, currencyCode: 'NGN' },
        },
        { type: 'scheduled', actor: 'client' },
      ],
      cancellationPolicy: { canCancel: true, isRefundable: false },
      reschedulePolicy: { canReschedule: true, needsApproval: false },
    });
    const forProvider = await get(`/api/appointment/${booking.identifier}/details`, provider);
    expect(forProvider.json().reschedulePolicy.remainingReschedule).toBe(2);
  });
});

describe('account deletion', () => {
  it("cancels the deleted client's future bookings with a full refund", async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    await fundWallet(t, client.id, 500_000);
    const booking = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, booking.identifier, (await listedSlot(t, provider.id, '2027-03-02')).identifier);
    await payWithWallet(t, client, booking.identifier);
    const draft = await createBookingVia(t, client, provider, ids);
    // A social sign-up deletes without a password.
    await t.deps.db.update(users).set({ isSocial: true }).where(eq(users.id, client.id));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/profile/delete-account',
      headers: client.headers,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await bookingRow(t, booking.identifier)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      refundStatus: 'refunded',
    });
    expect((await bookingRow(t, draft.identifier)).status).toBe('cancelled');
    expect(await walletOf(t, client.id)).toBe(500_000);
  });
});

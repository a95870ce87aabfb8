import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingSuite,
  createProvider,
  eventTypes,
  listedSlot,
  scheduledBooking,
} from '../../../test/booking-fixtures.ts';
import type { TestUser } from '../../../test/factories.ts';
import { bookingEvents } from '../../db/schema/index.ts';
import { expireHolds } from './expire-holds.ts';

const START = '2027-03-01T09:00:00Z'; // Monday 10:00 in Lagos
/** Thursday 10:00 in Lagos: Friday's 09:00 session (08:00Z) is 46 hours away. */
const WITHIN_48H = '2027-03-04T10:00:00Z';
const { t, ids, clock } = bookingSuite(START);

/** A paid, confirmed booking on Friday 5 March 2027, 09:00 in Lagos. */
const paidBooking = () => scheduledBooking(t, ids, { date: '2027-03-05', pay: true });

const setPermission = (user: TestUser, bookingId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/appointment/${bookingId}/reschedule-permission`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });

const reschedulePolicy = async (user: TestUser, bookingId: string) => {
  const response = await t.app.inject({
    url: `/api/appointment/policy/${bookingId}/reschedule`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { needsApproval: boolean; canReschedule: boolean };
};

describe('POST /appointment/{id}/reschedule-permission', () => {
  it('lets the client reschedule within 48 h without the provider approving, and records who allowed it', async () => {
    const { provider, client, booking } = await paidBooking();
    clock.set(WITHIN_48H);
    expect(await reschedulePolicy(client, booking.identifier)).toMatchObject({ needsApproval: true });

    const response = await setPermission(provider, booking.identifier, { allow: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      identifier: booking.identifier,
      status: 'confirmed',
      allowRescheduleCompletedBooking: true,
    });
    expect((await bookingRow(t, booking.identifier)).allowRescheduleCompletedBooking).toBe(true);
    const [event] = await t.deps.db
      .select()
      .from(bookingEvents)
      .where(
        and(eq(bookingEvents.bookingId, booking.identifier), eq(bookingEvents.type, 'reschedule_permission_changed')),
      );
    expect(event).toMatchObject({
      actorRole: 'provider',
      data: { allow: true },
      notifyUserId: null,
      createdAt: new Date(WITHIN_48H),
    });

    // The client's side now needs no approval; the provider's own late reschedule still does.
    expect(await reschedulePolicy(client, booking.identifier)).toMatchObject({
      canReschedule: true,
      needsApproval: false,
    });
    expect(await reschedulePolicy(provider, booking.identifier)).toMatchObject({ needsApproval: true });

    // And the client's reschedule 46 h ahead moves the appointment at once.
    const later = await listedSlot(t, provider.id, '2027-03-05', 2);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/reschedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: later.identifier },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      startAt: later.startAt,
      rescheduleInfo: { status: 'accepted', remainingClientReschedule: 1 },
    });
  });

  it('can be turned off again, which brings the approval back; an unchanged value records nothing', async () => {
    const { provider, client, booking } = await paidBooking();
    clock.set(WITHIN_48H);
    await setPermission(provider, booking.identifier, { allow: true });
    const again = await setPermission(provider, booking.identifier, { allow: true });
    expect(again.statusCode).toBe(200);
    const off = await setPermission(provider, booking.identifier, { allow: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().allowRescheduleCompletedBooking).toBe(false);
    expect((await bookingRow(t, booking.identifier)).allowRescheduleCompletedBooking).toBe(false);
    expect(await reschedulePolicy(client, booking.identifier)).toMatchObject({ needsApproval: true });
    expect(
      (await eventTypes(t, booking.identifier)).filter((type) => type === 'reschedule_permission_changed'),
    ).toHaveLength(2);
  });

  it("answers 404 for another provider's booking and changes nothing", async () => {
    const { booking } = await paidBooking();
    const stranger = await createProvider(t);
    const response = await setPermission(stranger, booking.identifier, { allow: true });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
    expect((await bookingRow(t, booking.identifier)).allowRescheduleCompletedBooking).toBe(false);
  });

  it("answers 403 to a client, even the booking's own", async () => {
    const { client, booking } = await paidBooking();
    const response = await setPermission(client, booking.identifier, { allow: true });
    expect(response.statusCode).toBe(403);
    expect((await bookingRow(t, booking.identifier)).allowRescheduleCompletedBooking).toBe(false);
  });

  it('answers 409 BOOKING_CLOSED for a cancelled booking', async () => {
    const { provider, booking } = await paidBooking();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${booking.identifier}/cancel`,
      headers: provider.headers,
      payload: { note: 'Unwell' },
    });
    expect(cancelled.statusCode).toBe(200);
    const response = await setPermission(provider, booking.identifier, { allow: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'BOOKING_CLOSED',
      message: 'This booking has ended (cancelled, declined, completed or expired) and can no longer be changed',
    });
    expect((await bookingRow(t, booking.identifier)).allowRescheduleCompletedBooking).toBe(false);
  });

  it('answers 409 BOOKING_CLOSED for an expired booking, in German for a German request', async () => {
    const { provider, booking } = await scheduledBooking(t, ids, { date: '2027-03-05', index: 1 });
    clock.advance(16 * 60_000);
    await expireHolds(t.deps);
    expect((await bookingRow(t, booking.identifier)).status).toBe('expired');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${booking.identifier}/reschedule-permission`,
      headers: { ...provider.headers, 'x-language': 'de' },
      payload: { allow: true },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'BOOKING_CLOSED',
      message:
        'Diese Buchung ist beendet (storniert, abgelehnt, abgeschlossen oder abgelaufen) und kann nicht mehr geändert werden',
    });
  });

  it('may be set while a booking waits for payment', async () => {
    const { provider, booking } = await scheduledBooking(t, ids, { date: '2027-03-05', index: 3 });
    const response = await setPermission(provider, booking.identifier, { allow: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'pending', allowRescheduleCompletedBooking: true });
  });

  it('requires allow as a boolean', async () => {
    const { provider, booking } = await paidBooking();
    const response = await setPermission(provider, booking.identifier, { allow: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual(['allow']);
  });
});

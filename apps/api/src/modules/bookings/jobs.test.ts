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
  scheduledBooking,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { deliverBookingNotifications, unsentNotificationCount } from '../notifications/booking-emails.ts';
import { notificationJobs } from '../notifications/reminders.ts';
import { recordEvent } from './booking-data.ts';
import { expireHolds } from './expire-holds.ts';
import { bookingJobs } from './jobs.ts';
import { BOOKING_NOTIFICATIONS_JOB } from './outbox.ts';

const START = '2027-03-01T09:00:00Z';
const { t, ids, clock } = bookingSuite(START);

const scheduled = (provider: TestUser, date: string, index = 0, pay = false) =>
  scheduledBooking(t, ids, { provider, date, index, pay });

describe('bookingJobs', () => {
  it('exports the hold expiry for server.ts; the outbox is sent by the notifications module', () => {
    expect(bookingJobs.map((job) => job.name)).toEqual(['expire-booking-holds']);
    expect(notificationJobs.map((job) => job.name)).toContain(BOOKING_NOTIFICATIONS_JOB);
  });
});

describe('expireHolds', () => {
  it('expires lapsed holds and day-old unscheduled bookings, and frees the slot', async () => {
    const provider = await createProvider(t);
    const lapsed = await scheduled(provider, '2027-03-02', 0);
    const draftClient = await createTestUser(t, { role: 'client' });
    const draft = await createBookingVia(t, draftClient, provider, ids);
    clock.advance(10 * 60_000);
    const live = await scheduled(provider, '2027-03-02', 1);
    clock.advance(6 * 60_000); // the first hold is 16 minutes old, the second 6
    expect(await expireHolds(t.deps)).toEqual({ expired: 1 });
    expect(await bookingRow(t, lapsed.booking.identifier)).toMatchObject({
      status: 'expired',
      previousStatus: 'pending',
      holdExpiresAt: null,
    });
    expect((await bookingRow(t, live.booking.identifier)).status).toBe('pending');
    expect((await listedSlot(t, provider.id, '2027-03-02', 0)).startAt).toBe(lapsed.slot.startAt);
    clock.set('2027-03-02T09:00:01Z');
    await expireHolds(t.deps);
    expect(await bookingRow(t, draft.identifier)).toMatchObject({ status: 'expired' });
    expect(await eventTypes(t, draft.identifier)).toEqual(['expired']);
  });
});

describe('deliverBookingNotifications', () => {
  it('sends a waiting email once, in the recipient language, with the time in their zone', async () => {
    const provider = await createProvider(t, { language: 'de', timezone: 'Europe/Berlin' });
    const { client, booking } = await scheduled(provider, '2027-03-05', 0, true);
    await t.deps.db.update(users).set({ firstName: 'Ada', lastName: 'Obi' }).where(eq(users.id, client.id));
    await deliverBookingNotifications(t.deps); // what earlier tests left (session outcomes)
    // Written by another module's transaction (as the card payment hook does): no email yet.
    await recordEvent(t.deps.db, {
      bookingId: booking.identifier,
      type: 'cancelled',
      actorRole: 'client',
      data: { template: 'cancelled', notifyParty: 'provider', reason: 'Krank' },
      notifyUserId: provider.id,
      at: clock.now(),
    });
    expect(await unsentNotificationCount(t.deps.db)).toBe(1);
    // One event, two emails: the provider is told, the client who cancelled gets their own copy.
    expect(await deliverBookingNotifications(t.deps)).toBe(2);
    expect(await deliverBookingNotifications(t.deps)).toBe(0);
    const [mail] = await emailsTo(t, provider.email, 'bookings.cancelled');
    expect(mail?.subject).toBe('Sitzung storniert');
    expect(mail?.text).toContain('Grund: Krank');
    // The actor is the booking's client, as the event's actor_role says.
    expect(mail?.text).toContain('Ada Obi hat deine Sitzung storniert.');
    // Slot 0 of 5 March in the provider's (Berlin) calendar: 09:00 MEZ.
    expect(mail?.text).toContain('Freitag, 5. März 2027 um 09:00 MEZ');
  });
});

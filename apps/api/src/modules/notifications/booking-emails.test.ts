import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createBookingVia,
  createProvider,
  emailsTo,
  eventTypes,
  listedSlot,
  pastSession,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from './booking-emails.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const post = (url: string, user: TestUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

/** The one email of `template` to `user`, with its .ics read by ical.js. */
async function confirmation(user: TestUser, template: string) {
  const mails = await emailsTo(t, user.email, `bookings.${template}`);
  expect(mails, `${template} to ${user.email}`).toHaveLength(1);
  const mail = mails[0] as NonNullable<(typeof mails)[number]>;
  const file = mail.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  if (!file) return { mail, ics: null };
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(file.contentBase64, 'base64').toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('an .ics without an event');
  return {
    mail,
    contentType: file.contentType,
    ics: {
      method: calendar.getFirstPropertyValue('method'),
      uid: event.getFirstPropertyValue('uid'),
      sequence: Number(event.getFirstPropertyValue('sequence')),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      status: event.getFirstPropertyValue('status'),
    },
  };
}

async function kindsOf(user: TestUser, subjectId: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.subjectId, subjectId)));
  return rows.map((row) => row.kind);
}

async function scheduled(client: TestUser, provider?: TestUser, date = '2027-03-05', index = 0) {
  const owner = provider ?? (await createProvider(t, { firstName: 'Ngozi-Ann', lastName: "O'Brien" }));
  const booking = await createBookingVia(t, client, owner, ids);
  const slot = await listedSlot(t, owner.id, date, index);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  return { provider: owner, booking, slot };
}

describe('the client is sent their own confirmation', () => {
  it('after a wallet payment: in their language and zone, with a parsable .ics, and in the app', async () => {
    const client = await createTestUser(t, { role: 'client', language: 'de', timezone: 'Europe/Berlin' });
    const { provider, booking, slot } = await scheduled(client);
    await fundWallet(t, client.id, 500_000);
    await payWithWallet(t, client, booking.identifier);
    await deliverBookingNotifications(t.deps);

    const own = await confirmation(client, 'ownConfirmed');
    expect(own.mail.subject).toBe('Deine Sitzung ist bestätigt');
    expect(own.mail.language).toBe('de');
    expect(own.mail.text).toContain("Ngozi-Ann O'Brien");
    // 09:00 Lagos is 09:00 in Berlin in March (both UTC+1).
    expect(own.mail.text).toContain('5. März 2027');
    expect(own.contentType).toContain('method=PUBLISH');
    expect(own.ics).toMatchObject({ method: 'PUBLISH', start: slot.startAt, status: 'CONFIRMED' });
    expect(own.ics?.uid).toBe(`booking-${booking.identifier}@localhost`);

    // The provider keeps theirs, with the same entry.
    const theirs = await confirmation(provider, 'bookingConfirmed');
    expect(theirs.ics?.uid).toBe(own.ics?.uid);
    expect(await kindsOf(client, booking.identifier)).toEqual(['booking.ownConfirmed']);
    expect(await kindsOf(provider, booking.identifier)).toEqual(['booking.confirmed']);
  });

  it('after a card payment', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const { provider, booking, slot } = await scheduled(client);
    const started = await post(`/api/payment/booking/${booking.identifier}`, client, { method: 'card' });
    expect(started.statusCode, started.body).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${started.json().payment.reference}/approve` });
    await deliverBookingNotifications(t.deps);
    const own = await confirmation(client, 'ownConfirmed');
    expect(own.mail.subject).toBe('Your session is confirmed');
    expect(own.ics).toMatchObject({ method: 'PUBLISH', start: slot.startAt });
    expect(await emailsTo(t, provider.email, 'bookings.bookingConfirmed')).toHaveLength(1);
  });

  it('when they acknowledge a free appointment their provider created', async () => {
    const provider = await createProvider(t, { fee: 0 });
    const client = await createTestUser(t, { role: 'client' });
    await pastSession(t, client, provider);
    const slot = await listedSlot(t, provider.id, '2027-03-04', 2);
    const created = await post('/api/appointment', provider, {
      clientIdentifier: client.id,
      timeslotIdentifier: slot.identifier,
      modalityIdentifier: ids.modalityId,
      therapyIdentifier: ids.therapyId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().identifier;
    const acknowledged = await post(`/api/booking/participant/${id}/status`, client, { status: 'acknowledged' });
    expect(acknowledged.json()).toMatchObject({ status: 'confirmed' });
    await deliverBookingNotifications(t.deps);
    const own = await confirmation(client, 'ownAcknowledged');
    expect(own.ics).toMatchObject({ method: 'PUBLISH', start: slot.startAt });
    expect(await kindsOf(client, id)).toContain('booking.ownConfirmed');
    expect(await emailsTo(t, provider.email, 'bookings.participantAcknowledged')).toHaveLength(1);
  });

  it('when a free series is booked', async () => {
    const provider = await createProvider(t, { fee: 0 });
    const client = await createTestUser(t, { role: 'client' });
    const slot = await listedSlot(t, provider.id, '2027-03-02', 1);
    const response = await post('/api/booking/series', client, {
      providerIdentifier: provider.id,
      modalityIdentifier: ids.modalityId,
      therapyIdentifier: ids.therapyId,
      timeslotIdentifier: slot.identifier,
      occurrences: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    await deliverBookingNotifications(t.deps);
    const own = await confirmation(client, 'ownConfirmed');
    expect(own.ics).toMatchObject({ method: 'PUBLISH', start: slot.startAt });
  });
});

describe('moves and cancellations update both calendars', () => {
  async function paid() {
    const client = await createTestUser(t, { role: 'client' });
    const { provider, booking, slot } = await scheduled(client);
    await fundWallet(t, client.id, 500_000);
    await payWithWallet(t, client, booking.identifier);
    await deliverBookingNotifications(t.deps);
    const first = await confirmation(client, 'ownConfirmed');
    return { client, provider, booking, slot, first };
  }

  it('a move sends an updated .ics with the same UID and a higher SEQUENCE to both parties', async () => {
    const { client, provider, booking, first } = await paid();
    const target = await listedSlot(t, provider.id, '2027-03-08', 1);
    const moved = await post(`/api/appointment/${booking.identifier}/reschedule`, provider, {
      timeslotIdentifier: target.identifier,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'confirmed', startAt: target.startAt });
    await deliverBookingNotifications(t.deps);
    const told = await confirmation(client, 'rescheduled');
    const own = await confirmation(provider, 'ownRescheduled');
    for (const update of [told, own]) {
      expect(update.ics).toMatchObject({ method: 'PUBLISH', uid: first.ics?.uid, start: target.startAt });
      expect(update.ics?.sequence).toBeGreaterThan(first.ics?.sequence ?? 0);
    }
    expect(await kindsOf(provider, booking.identifier)).toContain('reschedule.ownMoved');
  });

  it('a cancellation sends METHOD:CANCEL to both parties, the refund told to the client', async () => {
    const { client, provider, booking, first } = await paid();
    const cancelled = await post(`/api/booking/${booking.identifier}/cancel`, client, { note: 'Travelling' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliverBookingNotifications(t.deps);
    const told = await confirmation(provider, 'cancelled');
    const own = await confirmation(client, 'ownCancelled');
    for (const update of [told, own]) {
      expect(update.contentType).toContain('method=CANCEL');
      expect(update.ics).toMatchObject({ method: 'CANCEL', uid: first.ics?.uid, status: 'CANCELLED' });
      expect(update.ics?.sequence).toBeGreaterThan(first.ics?.sequence ?? 0);
    }
    expect(own.mail.subject).toBe('You cancelled a session');
    expect(own.mail.text).toContain('has been refunded to your wallet');
    expect(told.mail.text).not.toContain('refunded');
    expect(await kindsOf(client, booking.identifier)).toContain('booking.ownCancelled');
  });
});

describe('POST /share-booking', () => {
  it('emails the booking summary to the address given, with consent', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const booking = await createBookingVia(t, client, provider, ids);
    const response = await post('/api/share-booking', client, {
      bookingIdentifier: booking.identifier,
      email: 'friend@example.test',
      consent: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'The booking was sent to friend@example.test' });
    const [mail] = await emailsTo(t, 'friend@example.test', 'bookings.shared');
    expect(mail?.text).toContain('With: Test User');
    // The recipient may have no account: nothing sends them to "your appointments".
    expect(mail?.text).not.toContain('View your appointments');
    expect(mail?.text).not.toContain('/appointments/');
    expect(mail?.text).toContain('Find a therapist on TherapyHub: ');
    expect(mail?.html).not.toContain('/appointments/');
    expect(await eventTypes(t, booking.identifier)).toContain('shared');
  });

  it('requires consent and answers 404 for a booking that is not yours', async () => {
    const provider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client' });
    const stranger = await createTestUser(t, { role: 'client' });
    const booking = await createBookingVia(t, client, provider, ids);
    const noConsent = await post('/api/share-booking', client, {
      bookingIdentifier: booking.identifier,
      email: 'other-friend@example.test',
      consent: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fieldErrors).toEqual({ consent: ['Please confirm that you want to share this booking'] });
    const notYours = await post('/api/share-booking', stranger, {
      bookingIdentifier: booking.identifier,
      email: 'other-friend@example.test',
      consent: true,
    });
    expect(notYours.statusCode).toBe(404);
    expect(await emailsTo(t, 'other-friend@example.test')).toHaveLength(0);
  });
});

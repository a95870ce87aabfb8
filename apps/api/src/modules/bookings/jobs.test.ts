import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings, users } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { privateStorageOf } from '../../platform/uploads/private-storage.ts';
import { findUserIdByEmail, seedDemoData } from '../../scripts/seed/demo.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { recordEvent } from './booking-data.ts';
import { seedDemoBookings } from './demo-seed.ts';
import { expireHolds } from './expire-holds.ts';
import { bookingJobs } from './jobs.ts';
import { deliverBookingNotifications, unsentNotificationCount } from './notifications.ts';
import {
  bookingRow,
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  emailsTo,
  eventTypes,
  listedSlot,
  scheduledBooking,
  walletOf,
} from './test-support.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  t = await buildTestApp({ clock, config: { ACCESS_TOKEN_TTL: 30 * 24 * 3600 } });
  ids = await catalog(t);
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const scheduled = (provider: TestUser, date: string, index = 0, pay = false) =>
  scheduledBooking(t, ids, { provider, date, index, pay });

describe('bookingJobs', () => {
  it('exports the two jobs for server.ts', () => {
    expect(bookingJobs.map((job) => job.name)).toEqual(['expire-booking-holds', 'send-booking-notifications']);
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

describe('demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await buildTestApp({ clock });
  });
  afterAll(() => demo.close());

  it('gives the demo client ₦100,000 and one confirmed upcoming session, idempotently', async () => {
    const now = new Date('2027-03-01T09:00:00Z');
    expect(await seedDemoData(demo.deps.db, now, privateStorageOf(demo.deps))).toBe(true);
    const clientId = (await findUserIdByEmail(demo.deps.db, 'client@demo.test')) as string;
    const providerId = (await findUserIdByEmail(demo.deps.db, 'provider@demo.test')) as string;
    await seedDemoBookings(demo.deps.db, { now, clientEmail: 'client@demo.test', providerEmail: 'provider@demo.test' });
    expect(await walletOf(demo, clientId)).toBe(10_000_000);
    // The upcoming session (the demo history's past sessions are the reviews module's).
    const rows = await demo.deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.clientId, clientId), eq(bookings.status, 'confirmed')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerId,
      status: 'confirmed',
      paymentMethod: 'wallet',
      priceMinor: 1_500_000,
      startsAt: new Date('2027-03-04T09:00:00Z'), // Thursday 10:00 in Lagos
    });
    expect(Object.values(await auditLedger(demo.deps.db)).flat()).toEqual([]);
  });
});

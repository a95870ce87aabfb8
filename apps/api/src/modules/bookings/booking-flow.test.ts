import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bookingRow,
  bookingSuite,
  createBookingVia,
  createProvider,
  createSeriesVia,
  emailsTo,
  escrowOf,
  eventTypes,
  listedSlot,
  payWithWallet,
  postPayment,
  postSeries,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import {
  availabilitySettings,
  availabilityWeeklyDays,
  bookingSeries,
  bookings,
  ledgerTransactions,
  payments,
  preferenceOptions,
  providerProfiles,
  users,
} from '../../db/schema/index.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { bookingView, viewContext } from './booking-view.ts';
import { createBooking } from './create-booking.ts';
import { expireHolds } from './expire-holds.ts';
import { scheduleBooking } from './schedule-booking.ts';

const START = '2027-03-01T09:00:00Z'; // Monday; Lagos is UTC+1
const { t, ids, clock } = bookingSuite(START);
let client: TestUser;

beforeAll(async () => {
  client = await createTestUser(t, { role: 'client' });
});

const clientBookings = async (clientId: string) =>
  t.deps.db.select().from(bookings).where(eq(bookings.clientId, clientId));

describe('POST /booking', () => {
  it('creates a pending booking priced from the general fee in the provider currency', async () => {
    const provider = await createProvider(t, { fee: 500_000 });
    const booking = await createBookingVia(t, client, provider, ids);
    expect(booking).toMatchObject({
      status: 'pending',
      previousStatus: null,
      provider: { identifier: provider.id, name: 'Test User' },
      client: { identifier: client.id },
      therapyCategory: { identifier: ids.therapyId, name: 'Individual Therapy' },
      modality: { identifier: ids.modalityId, key: 'video-session', name: 'Video Session' },
      startAt: null,
      holdExpiresAt: null,
      priceMinor: 500_000,
      currencyCode: 'NGN',
      isPaid: false,
      note: 'First session',
      createdBy: 'client',
      allowRescheduleCompletedBooking: false,
      rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 2 },
      feedbackProvided: false,
      series: null,
    });
    const row = await bookingRow(t, booking.identifier);
    expect(row).toMatchObject({ status: 'pending', priceMinor: 500_000, modalityKey: 'video-session' });
    // The row is the timeline's "created" entry: no event is stored for it.
    expect(await eventTypes(t, booking.identifier)).toEqual([]);
  });

  it('prices from the therapy fee when the provider set one, and in German names', async () => {
    const provider = await createProvider(t, { fee: 500_000 });
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/provider/booking-fee/therapy',
      headers: provider.headers,
      payload: { therapyIdentifier: ids.therapyId, fee: 750_000, isFree: false },
    });
    expect(fee.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: { ...client.headers, 'x-language': 'de' },
      payload: {
        providerIdentifier: provider.id,
        modalityIdentifier: ids.modalityId,
        therapyIdentifier: ids.therapyId,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      priceMinor: 750_000,
      therapyCategory: { name: 'Einzeltherapie' },
      modality: { name: 'Videositzung' },
      note: null,
    });
  });

  it('prices a free provider at 0', async () => {
    const provider = await createProvider(t, { fee: 0 });
    expect((await createBookingVia(t, client, provider, ids)).priceMinor).toBe(0);
  });

  it("answers SPEC.md's words for a missing modality and therapy and a long note, and writes nothing", async () => {
    const someone = await createTestUser(t, { role: 'client' });
    const provider = await createProvider(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: someone.headers,
      payload: { providerIdentifier: provider.id, note: 'x'.repeat(401) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        modalityIdentifier: ['Please select a modality'],
        therapyIdentifier: ['Please select a therapy'],
        note: ['Note must not exceed 400 characters'],
      },
    });
    expect(await clientBookings(someone.id)).toEqual([]);
  });

  it('accepts a note of exactly 400 characters', async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids, { note: 'n'.repeat(400) });
    expect(booking.note).toHaveLength(400);
  });

  it('refuses a modality or therapy the provider does not offer', async () => {
    const provider = await createProvider(t);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/preferences',
      headers: provider.headers,
      payload: { modality: [ids.modalityId] },
    });
    expect(saved.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: client.headers,
      payload: {
        providerIdentifier: provider.id,
        modalityIdentifier: ids.otherModalityId,
        therapyIdentifier: ids.therapyId,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      modalityIdentifier: ['This therapist does not offer this modality'],
    });
  });

  it("accepts the therapy's preference option id and refuses a therapy the provider does not offer", async () => {
    const provider = await createProvider(t);
    const options = await t.deps.db
      .select({ id: preferenceOptions.id, key: preferenceOptions.key })
      .from(preferenceOptions)
      .where(eq(preferenceOptions.list, 'therapy'));
    const option = (key: string) => options.find((row) => row.key === key)?.id as string;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/provider/preferences',
      headers: provider.headers,
      payload: { therapy: [option('individual-therapy')] },
    });
    expect(saved.statusCode).toBe(200);
    const byOption = await createBookingVia(t, client, provider, ids, {
      therapyIdentifier: option('individual-therapy'),
    });
    expect(byOption.therapyCategory).toEqual({ identifier: ids.therapyId, name: 'Individual Therapy' });
    const before = (await clientBookings(client.id)).length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: client.headers,
      payload: {
        providerIdentifier: provider.id,
        modalityIdentifier: ids.modalityId,
        therapyIdentifier: ids.otherTherapyId,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ therapyIdentifier: ['This therapist does not offer this therapy'] });
    expect(await clientBookings(client.id)).toHaveLength(before);
  });

  it('answers 404 for a provider who is not approved and 409 for one without a fee', async () => {
    const draft = await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
    const payload = { modalityIdentifier: ids.modalityId, therapyIdentifier: ids.therapyId };
    const notFound = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: client.headers,
      payload: { ...payload, providerIdentifier: draft.id },
    });
    expect(notFound.statusCode).toBe(404);
    const feeless = await createProvider(t, { fee: null });
    const conflict = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: client.headers,
      payload: { ...payload, providerIdentifier: feeless.id },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: 'PROVIDER_FEE_NOT_SET',
      message: 'This therapist has not set a session fee yet',
    });
  });
});

describe('POST /booking/{id}/schedule', () => {
  it('holds the slot for 15 minutes and takes it off the public calendar', async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    const scheduled = await scheduleVia(t, client, booking.identifier, slot.identifier);
    expect(scheduled).toMatchObject({
      status: 'pending',
      startAt: slot.startAt,
      endAt: slot.endAt,
      holdExpiresAt: '2027-03-01T09:15:00.000Z',
      isPaid: false,
    });
    const next = await listedSlot(t, provider.id, '2027-03-02');
    expect(next.startAt).not.toBe(slot.startAt);
    expect(await bookingRow(t, booking.identifier)).toMatchObject({
      startsAt: new Date(slot.startAt),
      holdExpiresAt: new Date('2027-03-01T09:15:00Z'),
    });
  });

  it('confirms a free booking at once and emails the provider', async () => {
    const provider = await createProvider(t, { fee: 0 });
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    const scheduled = await scheduleVia(t, client, booking.identifier, slot.identifier);
    expect(scheduled).toMatchObject({ status: 'confirmed', previousStatus: 'pending', holdExpiresAt: null });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ paymentMethod: 'free' });
    const mail = await emailsTo(t, provider.email, 'bookings.bookingConfirmed');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('New session booked');
    expect(mail[0]?.text).toContain('Test User booked a session with you.');
  });

  it("answers 'Please select a time slot' and 'This time slot is not valid'", async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/schedule`,
      headers: client.headers,
      payload: { note: 'hi' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ timeslotIdentifier: ['Please select a time slot'] });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: 'A'.repeat(68) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors).toEqual({ timeslotIdentifier: ['This time slot is not valid'] });
    expect((await bookingRow(t, booking.identifier)).startsAt).toBeNull();
  });

  it('answers SLOT_TAKEN when another client holds the slot, and leaves the loser unchanged', async () => {
    const provider = await createProvider(t);
    const other = await createTestUser(t, { role: 'client' });
    const first = await createBookingVia(t, other, provider, ids);
    const second = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    await scheduleVia(t, other, first.identifier, slot.identifier);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${second.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: slot.identifier },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'SLOT_TAKEN',
      message: 'Someone else has just booked this time slot. Please choose another one.',
    });
    expect(await bookingRow(t, second.identifier)).toMatchObject({ status: 'pending', startsAt: null });
  });

  it('takes over a slot whose hold lapsed, expiring the stale booking', async () => {
    const provider = await createProvider(t);
    const other = await createTestUser(t, { role: 'client' });
    const stale = await createBookingVia(t, other, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    await scheduleVia(t, other, stale.identifier, slot.identifier);
    clock.advance(16 * 60_000);
    const mine = await createBookingVia(t, client, provider, ids);
    const scheduled = await scheduleVia(t, client, mine.identifier, slot.identifier);
    expect(scheduled.startAt).toBe(slot.startAt);
    expect(await bookingRow(t, stale.identifier)).toMatchObject({ status: 'expired', previousStatus: 'pending' });
    expect(await eventTypes(t, stale.identifier)).toEqual(['scheduled', 'expired']);
  });

  it('moves an unpaid pending booking to another slot and renews the hold', async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const first = await listedSlot(t, provider.id, '2027-03-02', 0);
    await scheduleVia(t, client, booking.identifier, first.identifier);
    clock.advance(5 * 60_000);
    const second = await listedSlot(t, provider.id, '2027-03-02', 2);
    const moved = await scheduleVia(t, client, booking.identifier, second.identifier);
    expect(moved).toMatchObject({ startAt: second.startAt, holdExpiresAt: '2027-03-01T09:20:00.000Z' });
    expect((await listedSlot(t, provider.id, '2027-03-02', 0)).startAt).toBe(first.startAt);
  });

  it('refuses an expired booking (BOOKING_EXPIRED) and a paid one (BOOKING_NOT_SCHEDULABLE)', async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    await scheduleVia(t, client, booking.identifier, slot.identifier);
    clock.advance(20 * 60_000);
    await expireHolds(t.deps);
    const expired = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: slot.identifier },
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('BOOKING_EXPIRED');

    const payer = await createTestUser(t, { role: 'client' });
    await fundWallet(t, payer.id, 500_000);
    const paid = await createBookingVia(t, payer, provider, ids);
    await scheduleVia(t, payer, paid.identifier, (await listedSlot(t, provider.id, '2027-03-03')).identifier);
    await payWithWallet(t, payer, paid.identifier);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${paid.identifier}/schedule`,
      headers: payer.headers,
      payload: { timeslotIdentifier: (await listedSlot(t, provider.id, '2027-03-04')).identifier },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'BOOKING_NOT_SCHEDULABLE',
      message: 'This booking can no longer be scheduled',
    });
  });

  it('answers SLOT_UNAVAILABLE for a slot that has passed', async () => {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, client, provider, ids);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    clock.set('2027-03-03T00:00:00Z');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: slot.identifier },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SLOT_UNAVAILABLE');
  });
});

describe.runIf(testDriver === 'pglite')('booking round trips', () => {
  const actor = () => ({ userId: client.id, role: 'client' as const, sessionId: randomUUID() });
  /** POST /booking's body for the services, with the catalog's therapy and modality. */
  const draftBody = (providerId: string, note: string | null) => ({
    providerIdentifier: providerId,
    therapyIdentifier: ids.therapyId,
    modalityIdentifier: ids.modalityId,
    note,
  });
  /** Statements sent to the database outside transactions while `run` runs, and transactions opened. */
  async function statements<T>(run: () => Promise<T>, onStatement?: (index: number) => Promise<void>) {
    const pglite = t.database.pglite;
    if (!pglite) throw new Error('pglite expected');
    const sent: string[] = [];
    const original = pglite.query.bind(pglite);
    const transaction = vi.spyOn(pglite, 'transaction');
    pglite.query = (async (...args: Parameters<typeof original>) => {
      sent.push((String(args[0]).trim().split(/\s+/)[0] ?? '').toUpperCase());
      const result = await original(...args);
      await onStatement?.(sent.length);
      return result;
    }) as typeof pglite.query;
    try {
      const result = await run();
      return { result, sent, transactions: transaction.mock.calls.length };
    } finally {
      pglite.query = original;
      transaction.mockRestore();
    }
  }

  it('creates in one statement and schedules in one, without an open transaction', async () => {
    const provider = await createProvider(t);
    const body = draftBody(provider.id, null);
    const created = await statements(() => createBooking(t.deps, { actor: actor(), language: 'en', body }));
    expect(created).toMatchObject({ sent: ['WITH'], transactions: 0 });
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    const scheduled = await statements(() =>
      scheduleBooking(t.deps, {
        actor: actor(),
        language: 'de',
        bookingId: created.result.identifier,
        body: { timeslotIdentifier: slot.identifier },
      }),
    );
    expect(scheduled).toMatchObject({ sent: ['WITH'], transactions: 0 });
    expect(scheduled.result).toMatchObject({
      status: 'pending',
      startAt: slot.startAt,
      holdExpiresAt: '2027-03-01T09:15:00.000Z',
      therapyCategory: { name: 'Einzeltherapie' },
    });
    expect(await eventTypes(t, created.result.identifier)).toEqual(['scheduled']);
  });

  it('answers exactly what reading the booking answers, though each statement builds it from its own rows', async () => {
    const provider = await createProvider(t);
    const body = draftBody(provider.id, 'First session');
    const created = await createBooking(t.deps, { actor: actor(), language: 'en', body });
    const afterCreate = await bookingView(t.deps.db, created.identifier, viewContext(t.deps, 'en', client.id));
    expect(created).toEqual(afterCreate);
    expect(created.provider.name).not.toBe('');
    expect(created.modality?.name).toBeTruthy();

    const slot = await listedSlot(t, provider.id, '2027-03-04');
    const { result: scheduled, sent } = await statements(() =>
      scheduleBooking(t.deps, {
        actor: actor(),
        language: 'de',
        bookingId: created.identifier,
        body: { timeslotIdentifier: slot.identifier },
      }),
    );
    expect(sent).toEqual(['WITH']);
    expect(scheduled).toEqual(await bookingView(t.deps.db, created.identifier, viewContext(t.deps, 'de', client.id)));
  });

  it('checks the slot again in the locked transaction when the calendar changed since the listing', async () => {
    const provider = await createProvider(t);
    const kept = await listedSlot(t, provider.id, '2027-03-02');
    const removed = await listedSlot(t, provider.id, '2027-03-03');
    const revision = async () =>
      (
        await t.deps.db
          .select({ revision: providerProfiles.calendarRevision })
          .from(providerProfiles)
          .where(eq(providerProfiles.userId, provider.id))
      )[0]?.revision;
    const before = await revision();
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/provider-availability/days/custom',
      headers: provider.headers,
      payload: { date: '2027-03-03', isAvailable: false },
    });
    expect(closed.statusCode).toBe(200);
    expect(await revision()).toBeGreaterThan(before ?? 0);

    const first = await createBookingVia(t, client, provider, ids);
    const still = await statements(() =>
      scheduleBooking(t.deps, {
        actor: actor(),
        language: 'en',
        bookingId: first.identifier,
        body: { timeslotIdentifier: kept.identifier },
      }),
    );
    // The one statement wrote nothing (its revision is old); the locked transaction booked the slot.
    expect(still).toMatchObject({ sent: ['WITH', 'SELECT'], transactions: 1 });
    expect(still.result).toMatchObject({ status: 'pending', startAt: kept.startAt });

    const second = await createBookingVia(t, client, provider, ids);
    const gone = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${second.identifier}/schedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: removed.identifier },
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('SLOT_UNAVAILABLE');
    expect((await bookingRow(t, second.identifier)).startsAt).toBeNull();
  });

  it('moves the calendar revision with the weekly days, the settings and the time zone', async () => {
    const provider = await createProvider(t);
    const revision = async () =>
      (
        await t.deps.db
          .select({ revision: providerProfiles.calendarRevision })
          .from(providerProfiles)
          .where(eq(providerProfiles.userId, provider.id))
      )[0]?.revision ?? -1;
    let last = await revision();
    const moved = async () => {
      const now = await revision();
      const grew = now > last;
      last = now;
      return grew;
    };
    await t.deps.db
      .update(availabilityWeeklyDays)
      .set({ isAvailable: false })
      .where(and(eq(availabilityWeeklyDays.providerId, provider.id), eq(availabilityWeeklyDays.dayOfWeek, 1)));
    expect(await moved()).toBe(true);
    await t.deps.db
      .insert(availabilitySettings)
      .values({ providerId: provider.id, setupType: 'GENERAL', sessionMinutes: 45 })
      .onConflictDoUpdate({ target: availabilitySettings.providerId, set: { sessionMinutes: 45 } });
    expect(await moved()).toBe(true);
    await t.deps.db.update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, provider.id));
    expect(await moved()).toBe(true);
    await t.deps.db.update(users).set({ firstName: 'Unrelated' }).where(eq(users.id, provider.id));
    expect(await moved()).toBe(false);
  });
});

describe('POST /payment/booking/{bookingId}', () => {
  async function scheduledBooking(payer: TestUser, date = '2027-03-05') {
    const provider = await createProvider(t);
    const booking = await createBookingVia(t, payer, provider, ids);
    const slot = await listedSlot(t, provider.id, date);
    await scheduleVia(t, payer, booking.identifier, slot.identifier);
    return { provider, booking, slot };
  }

  it('pays from the wallet: debit into escrow and confirmation in one transaction', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    await fundWallet(t, payer.id, 800_000);
    const { provider, booking } = await scheduledBooking(payer);
    const escrowBefore = await escrowOf(t);
    const paid = await payWithWallet(t, payer, booking.identifier);
    expect(paid).toMatchObject({
      status: 'confirmed',
      previousStatus: 'pending',
      isPaid: true,
      paymentMethod: 'wallet',
      holdExpiresAt: null,
    });
    expect(await walletOf(t, payer.id)).toBe(300_000);
    expect(await escrowOf(t)).toBe(escrowBefore + 500_000);
    const [ledger] = await t.deps.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `booking:${booking.identifier}:payment`));
    expect(ledger).toMatchObject({ type: 'booking_payment' });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'confirmed', paymentMethod: 'wallet' });
    // The provider's email: sent in the request on the first payment into an escrow shard (the
    // transaction), else by the notification job the payment wakes.
    await deliverBookingNotifications(t.deps);
    expect(await emailsTo(t, provider.email, 'bookings.bookingConfirmed')).toHaveLength(1);
  });

  it('answers INSUFFICIENT_FUNDS when the wallet is short and changes nothing', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    await fundWallet(t, payer.id, 499_999);
    const { booking } = await scheduledBooking(payer);
    const response = await postPayment(t, payer, booking.identifier, 'wallet');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your wallet balance is too low for this payment',
    });
    expect(await walletOf(t, payer.id)).toBe(499_999);
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'pending', paidAt: null });
  });

  it('refuses an unscheduled booking, a paid one, and an unknown method', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    await fundWallet(t, payer.id, 1_000_000);
    const provider = await createProvider(t);
    const draft = await createBookingVia(t, payer, provider, ids);
    const unscheduled = await postPayment(t, payer, draft.identifier, 'wallet');
    expect(unscheduled.statusCode).toBe(409);
    expect(unscheduled.json().code).toBe('BOOKING_NOT_PAYABLE');
    const { booking } = await scheduledBooking(payer);
    await payWithWallet(t, payer, booking.identifier);
    const twice = await postPayment(t, payer, booking.identifier, 'wallet');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'BOOKING_ALREADY_PAID', message: 'This booking is already paid' });
    expect(await walletOf(t, payer.id)).toBe(500_000);
    const bad = await postPayment(t, payer, booking.identifier, 'cash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ method: ['Please choose how to pay'] });
  });

  it('pays by card: checkout, approval, status poll, booking confirmed, provider emailed by the job', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    const { provider, booking } = await scheduledBooking(payer);
    const started = await postPayment(t, payer, booking.identifier, 'card');
    expect(started.statusCode).toBe(200);
    const { metadata, payment } = started.json();
    expect(metadata.authorizationUrl).toContain(`/sandbox/checkout/${payment.reference}`);
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({ purpose: 'booking', purposeId: booking.identifier, amountMinor: 500_000 });

    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${payment.reference}/approve` });
    const status = await t.app.inject({ url: `/api/payment/status/${payment.reference}`, headers: payer.headers });
    expect(status.json()).toMatchObject({ status: 'success', creditedTo: 'booking' });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'confirmed', paymentMethod: 'card' });
    expect(await walletOf(t, payer.id)).toBe(0);
    await deliverBookingNotifications(t.deps);
    expect(await emailsTo(t, provider.email, 'bookings.bookingConfirmed')).toHaveLength(1);
  });

  it('refunds a late card payment to the wallet and expires the booking when the slot is gone', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    const { provider, booking, slot } = await scheduledBooking(payer);
    const started = (await postPayment(t, payer, booking.identifier, 'card')).json();
    clock.advance(20 * 60_000);
    const rival = await createTestUser(t, { role: 'client' });
    const taken = await createBookingVia(t, rival, provider, ids);
    await scheduleVia(t, rival, taken.identifier, slot.identifier);
    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${started.payment.reference}/approve` });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({ status: 'expired', paidAt: null });
    expect(await walletOf(t, payer.id)).toBe(500_000);
    expect(await eventTypes(t, booking.identifier)).toContain('payment_refunded');
  });

  it('confirms a late card payment whose slot is still free, even after the hold expired', async () => {
    const payer = await createTestUser(t, { role: 'client' });
    const { booking } = await scheduledBooking(payer);
    const started = (await postPayment(t, payer, booking.identifier, 'card')).json();
    clock.advance(20 * 60_000);
    await expireHolds(t.deps);
    expect((await bookingRow(t, booking.identifier)).status).toBe('expired');
    await t.app.inject({ method: 'POST', url: `/api/sandbox/payments/${started.payment.reference}/approve` });
    expect(await bookingRow(t, booking.identifier)).toMatchObject({
      status: 'confirmed',
      previousStatus: 'expired',
      paymentMethod: 'card',
    });
    expect(await walletOf(t, payer.id)).toBe(0);
  });
});

describe('POST /booking/series', () => {
  it('books weekly sessions at the same time, each checked and held', async () => {
    const provider = await createProvider(t);
    const slot = await listedSlot(t, provider.id, '2027-03-02', 1);
    const series = await createSeriesVia(t, client, provider, ids, { slotId: slot.identifier, occurrences: 4 });
    expect(series.occurrences).toBe(4);
    expect(series.bookings.map((item) => item.startAt)).toEqual([
      '2027-03-02T09:00:00.000Z',
      '2027-03-09T09:00:00.000Z',
      '2027-03-16T09:00:00.000Z',
      '2027-03-23T09:00:00.000Z',
    ]);
    expect(series.bookings[2]).toMatchObject({
      status: 'pending',
      series: { identifier: series.identifier, index: 2, occurrences: 4 },
    });
    const listed = await t.app.inject({
      url: `/api/booking/${series.bookings[3]?.identifier}/series`,
      headers: client.headers,
    });
    expect(listed.json().bookings).toHaveLength(4);
  });

  it('is all or nothing: one unavailable week fails the series and writes nothing', async () => {
    const provider = await createProvider(t);
    const other = await createTestUser(t, { role: 'client' });
    const blocker = await createBookingVia(t, other, provider, ids);
    await scheduleVia(t, other, blocker.identifier, (await listedSlot(t, provider.id, '2027-03-16', 2)).identifier);
    const someone = await createTestUser(t, { role: 'client' });
    const slot = await listedSlot(t, provider.id, '2027-03-02', 2);
    const response = await postSeries(t, someone, provider, ids, {
      timeslotIdentifier: slot.identifier,
      occurrences: 3,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'SERIES_SLOT_UNAVAILABLE',
      message: 'The session on 2027-03-16 is not available. Choose another start time or fewer sessions.',
    });
    expect(await clientBookings(someone.id)).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(bookingSeries)
        .where(and(eq(bookingSeries.clientId, someone.id))),
    ).toEqual([]);
  });

  it("answers 'Choose between 2 and 12 weekly sessions'", async () => {
    const provider = await createProvider(t);
    const slot = await listedSlot(t, provider.id, '2027-03-02');
    const response = await postSeries(t, client, provider, ids, {
      timeslotIdentifier: slot.identifier,
      occurrences: 13,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ occurrences: ['Choose between 2 and 12 weekly sessions'] });
  });
});

describe('bookings table vocabularies', () => {
  /** Inserts a draft with one column overridden, as raw SQL (the services never write such values). */
  const insertWith = async (provider: TestUser, column: string, value: string) =>
    t.deps.db.execute(
      sql.raw(`INSERT INTO bookings (client_id, provider_id, price_minor, currency_code, ${column})
        VALUES ('${client.id}', '${provider.id}', 0, 'NGN', '${value}')`),
    );

  it('accepts the known values and refuses any other, writing nothing', async () => {
    const provider = await createProvider(t);
    await insertWith(provider, 'created_by', 'provider');
    await insertWith(provider, 'participant_status', 'acknowledged');
    for (const [column, value] of [
      ['created_by', 'admin'],
      ['participant_status', 'maybe'],
      ['payment_method', 'cash'],
      ['reschedule_status', 'postponed'],
      ['reschedule_requested_by', 'system'],
      ['refund_status', 'partial'],
    ] as const) {
      await expect(insertWith(provider, column, value), `${column} = ${value}`).rejects.toThrow();
    }
    // The invariants across columns are still CHECK constraints.
    await expect(insertWith(provider, 'reschedule_status', 'pending')).rejects.toThrow();
    await expect(insertWith(provider, 'payment_method', 'wallet')).rejects.toThrow();
    const rows = await t.deps.db.select().from(bookings).where(eq(bookings.providerId, provider.id));
    expect(rows).toHaveLength(2);
  });
});

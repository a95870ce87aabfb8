import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingTestApp,
  type Catalog,
  createProvider,
  earningsOf,
  emailsTo,
  escrowOf,
  listedSlot,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookingEvents, sessionOutcomes } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { deliverBookingNotifications } from '../notifications/booking-emails.ts';
import { completeSessions } from './complete-sessions.ts';
import { confirmedSession, expectBalancedLedger, minutesAfter, type Session, stay } from './room-test-support.ts';

const START = '2027-03-01T09:00:00Z'; // Monday 10:00 in Lagos
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;
let admin: TestUser;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
  admin = await createTestUser(t, { role: 'admin' });
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const PRICE = 500_000;
const EARNING = 425_000; // minus the default 15% commission

/** The whole session, both in the room from the start to the end. */
async function bothThroughout(session: Session) {
  await stay(t, clock, {
    session,
    user: session.provider,
    from: minutesAfter(session, -3),
    to: minutesAfter(session, 60),
  });
  await stay(t, clock, {
    session,
    user: session.client,
    from: minutesAfter(session, 0),
    to: minutesAfter(session, 60),
  });
}

/** The completion job once the room has closed (15 minutes after the end). */
async function roomCloses(session: Session) {
  clock.set(minutesAfter(session, 75));
  return completeSessions(t.deps);
}

async function outcomeOf(session: Session, user: TestUser) {
  const response = await t.app.inject({ url: `/api/booking/${session.bookingId}/outcome`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function money(session: Session) {
  return {
    wallet: await walletOf(t, session.client.id),
    escrow: await escrowOf(t),
    earnings: await earningsOf(t, session.provider.id),
  };
}

describe('what happened, decided when the room closes', () => {
  it('completes a session both attended: the provider earns the fee minus commission', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02' });
    await bothThroughout(session);
    const before = await money(session);
    // Not before the room closes (the end plus 15 minutes)...
    clock.set(new Date(minutesAfter(session, 75).getTime() - 1000));
    expect(await completeSessions(t.deps)).toEqual({ completed: 0, credited: 0, refunded: 0 });
    expect((await bookingRow(t, session.bookingId)).status).toBe('confirmed');
    // ...then once.
    expect(await roomCloses(session)).toEqual({ completed: 1, credited: 1, refunded: 0 });
    expect(await completeSessions(t.deps)).toEqual({ completed: 0, credited: 0, refunded: 0 });
    expect(await money(session)).toEqual({
      wallet: before.wallet,
      escrow: before.escrow - PRICE,
      earnings: before.earnings + EARNING,
    });
    expect((await bookingRow(t, session.bookingId)).status).toBe('completed');
    const outcome = await outcomeOf(session, session.client);
    expect(outcome).toMatchObject({
      outcome: 'completed',
      decidedBy: 'system',
      refundMinor: 0,
      canMarkClientNoShow: false,
      rebook: { offered: false, priceMinor: null, until: null, bookingIdentifier: null },
    });
    expect(outcome.attendance).toEqual([
      {
        party: 'provider',
        joinedAt: minutesAfter(session, -3).toISOString(),
        leftAt: minutesAfter(session, 60).toISOString(),
        lost: false,
      },
      {
        party: 'client',
        joinedAt: minutesAfter(session, 0).toISOString(),
        leftAt: minutesAfter(session, 60).toISOString(),
        lost: false,
      },
    ]);
    await deliverBookingNotifications(t.deps);
    expect((await emailsTo(t, session.client.email, 'bookings.session.completedClient'))[0]?.subject).toBe(
      'Your session is complete',
    );
    expect(await emailsTo(t, session.provider.email, 'bookings.session.completedProvider')).toHaveLength(1);
    await expectBalancedLedger(t);
  });

  it('refunds the client in full to the wallet when the provider never joined', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 1 });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, -5),
      to: minutesAfter(session, 25),
    });
    const before = await money(session);
    expect(await roomCloses(session)).toEqual({ completed: 1, credited: 0, refunded: 1 });
    expect(await money(session)).toEqual({
      wallet: before.wallet + PRICE,
      escrow: before.escrow - PRICE,
      earnings: before.earnings,
    });
    expect(await outcomeOf(session, session.provider)).toMatchObject({
      outcome: 'provider_no_show',
      refundMinor: PRICE,
      canMarkClientNoShow: false,
    });
    await deliverBookingNotifications(t.deps);
    const [toClient] = await emailsTo(t, session.client.email, 'bookings.session.providerNoShowClient');
    expect(toClient?.subject).toBe('Your therapist did not join');
    expect(toClient?.text).toContain('Test User did not join your session.');
    expect(toClient?.text).toContain('₦5,000.00 has been refunded to your wallet.');
    const [toProvider] = await emailsTo(t, session.provider.email, 'bookings.session.providerNoShowProvider');
    expect(toProvider?.text).toContain('the client was refunded in full');
    await expectBalancedLedger(t);
  });

  it('records a client no-show when only the provider came: the provider earns, the client may replace it for half', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 2 });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 20),
    });
    const before = await money(session);
    expect(await roomCloses(session)).toEqual({ completed: 1, credited: 1, refunded: 0 });
    expect(await money(session)).toEqual({
      ...before,
      escrow: before.escrow - PRICE,
      earnings: before.earnings + EARNING,
    });
    const until = new Date(session.endAt.getTime() + 48 * 3600_000).toISOString();
    expect(await outcomeOf(session, session.client)).toMatchObject({
      outcome: 'client_no_show',
      rebook: { offered: true, priceMinor: PRICE / 2, until, bookingIdentifier: null },
    });
    // Only the client is offered the replacement.
    expect((await outcomeOf(session, session.provider)).rebook.offered).toBe(false);
    await deliverBookingNotifications(t.deps);
    const [toClient] = await emailsTo(t, session.client.email, 'bookings.session.clientNoShowClient');
    expect(toClient?.text).toContain('You can book a replacement session for ₦2,500.00 (half the fee) until');
    expect(await emailsTo(t, session.provider.email, 'bookings.session.clientNoShowProvider')).toHaveLength(1);
    await expectBalancedLedger(t);
  });

  it('calls a session interrupted when a side was lost for more than 5 minutes: a free replacement is offered', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 3 });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 60),
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 20),
      lost: true,
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 26),
      to: minutesAfter(session, 60),
    });
    const before = await money(session);
    expect(await roomCloses(session)).toEqual({ completed: 1, credited: 1, refunded: 0 });
    expect((await money(session)).earnings).toBe(before.earnings + EARNING);
    const outcome = await outcomeOf(session, session.client);
    expect(outcome).toMatchObject({ outcome: 'interrupted', rebook: { offered: true, priceMinor: 0 } });
    // Stays in the order they began (the client first of two that began together).
    expect(outcome.attendance[0]).toEqual({
      party: 'client',
      joinedAt: minutesAfter(session, 0).toISOString(),
      leftAt: minutesAfter(session, 20).toISOString(),
      lost: true,
    });
    await deliverBookingNotifications(t.deps);
    const [toClient] = await emailsTo(t, session.client.email, 'bookings.session.interruptedClient');
    expect(toClient?.text).toContain('You can book a free replacement session until');
    await expectBalancedLedger(t);
  });

  it('completes a session with a short drop, and sends the emails in each side’s language', async () => {
    const provider = await createProvider(t, { language: 'de', timezone: 'Europe/Berlin' });
    const session = await confirmedSession(t, ids, { date: '2027-03-03', provider });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 60),
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 30),
      lost: true,
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 34),
      to: minutesAfter(session, 60),
    });
    await roomCloses(session);
    expect((await outcomeOf(session, session.client)).outcome).toBe('completed');
    await deliverBookingNotifications(t.deps);
    expect((await emailsTo(t, provider.email, 'bookings.session.completedProvider'))[0]?.subject).toBe(
      'Sitzung abgeschlossen',
    );
  });
});

describe('the provider records a client no-show', () => {
  it('for an in-person session within 24 hours of its end; no money moves, both are emailed', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 4, modalityId: ids.otherModalityId });
    // In person: completed at its end (no room to wait for), earning paid.
    clock.set(session.endAt);
    expect(await completeSessions(t.deps)).toEqual({ completed: 1, credited: 1, refunded: 0 });
    expect(await outcomeOf(session, session.provider)).toMatchObject({
      outcome: 'completed',
      hasRoom: false,
      canMarkClientNoShow: true,
    });
    const before = await money(session);
    clock.set(new Date(session.endAt.getTime() + 23 * 3600_000));
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${session.bookingId}/client-no-show`,
      headers: session.provider.headers,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      outcome: 'client_no_show',
      decidedBy: 'provider',
      canMarkClientNoShow: false,
      rebook: { offered: false, priceMinor: PRICE / 2 },
    });
    expect(await money(session)).toEqual(before);
    const [row] = await t.deps.db
      .select()
      .from(sessionOutcomes)
      .where(eq(sessionOutcomes.bookingId, session.bookingId));
    expect(row).toMatchObject({ outcome: 'client_no_show', recordedOutcome: 'completed', decidedBy: 'provider' });
    expect((await emailsTo(t, session.client.email, 'bookings.session.markedNoShowClient'))[0]?.text).toContain(
      'You can book a replacement session for ₦2,500.00 (half the fee) until',
    );
    expect(await emailsTo(t, session.provider.email, 'bookings.session.markedNoShowProvider')).toHaveLength(1);
    // Once: it is a no-show now.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${session.bookingId}/client-no-show`,
      headers: session.provider.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NO_SHOW_NOT_ALLOWED');
    await expectBalancedLedger(t);
  });

  it('is refused after 24 hours, when the room saw them together, to the client, and to anyone else', async () => {
    const inPerson = await confirmedSession(t, ids, { date: '2027-03-03', index: 1, modalityId: ids.otherModalityId });
    clock.set(inPerson.endAt);
    await completeSessions(t.deps);
    clock.set(new Date(inPerson.endAt.getTime() + 24 * 3600_000 + 1000));
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${inPerson.bookingId}/client-no-show`,
      headers: inPerson.provider.headers,
    });
    expect(late.json()).toMatchObject({
      code: 'NO_SHOW_NOT_ALLOWED',
      message:
        'A client no-show can be recorded only within 24 hours after the session, when the room never saw you together and no replacement was booked.',
    });

    clock.set(START);
    const met = await confirmedSession(t, ids, { date: '2027-03-03', index: 2 });
    await bothThroughout(met);
    await roomCloses(met);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${met.bookingId}/client-no-show`,
      headers: met.provider.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect((await outcomeOf(met, met.provider)).outcome).toBe('completed');
    const asClient = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${met.bookingId}/client-no-show`,
      headers: met.client.headers,
    });
    expect(asClient.statusCode).toBe(403);
    const otherProvider = await createProvider(t);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/appointment/${met.bookingId}/client-no-show`,
      headers: otherProvider.headers,
    });
    expect(stranger.statusCode).toBe(404);
    for (const user of [otherProvider, admin]) {
      const read = await t.app.inject({ url: `/api/booking/${met.bookingId}/outcome`, headers: user.headers });
      expect(read.statusCode).toBe(404);
    }
  });
});

describe('replacing a missed or interrupted session', () => {
  const rebook = (session: Session, body: Record<string, unknown>, user = session.client) =>
    t.app.inject({
      method: 'POST',
      url: `/api/booking/${session.bookingId}/rebook`,
      headers: user.headers,
      payload: body,
    });

  it('costs half the fee from the wallet after a no-show, once; the replacement is earned when held', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 5 });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 15),
    });
    await roomCloses(session);
    clock.set(new Date(session.endAt.getTime() + 3600_000));
    const slot = await listedSlot(t, session.provider.id, '2027-03-04', 0);
    const before = await money(session);

    // A price the client did not agree to, or too little money: nothing changes.
    const wrongPrice = await rebook(session, { timeslotIdentifier: slot.identifier, acceptedPriceMinor: 0 });
    expect(wrongPrice.statusCode).toBe(409);
    expect(wrongPrice.json()).toMatchObject({
      code: 'REBOOK_PRICE_CHANGED',
      message: 'The replacement session now costs ₦2,500.00. Please check and confirm again.',
    });
    expect(await money(session)).toEqual(before);

    const response = await rebook(session, {
      timeslotIdentifier: slot.identifier,
      acceptedPriceMinor: PRICE / 2,
      note: 'Sorry I missed it',
    });
    expect(response.statusCode, response.body).toBe(200);
    const replacement = response.json();
    expect(replacement).toMatchObject({
      status: 'confirmed',
      isPaid: true,
      paymentMethod: 'wallet',
      priceMinor: PRICE / 2,
      startAt: slot.startAt,
      note: 'Sorry I missed it',
      provider: { identifier: session.provider.id },
    });
    expect(await money(session)).toEqual({
      ...before,
      wallet: before.wallet - PRICE / 2,
      escrow: before.escrow + PRICE / 2,
    });
    expect(await outcomeOf(session, session.client)).toMatchObject({
      rebook: { offered: false, bookingIdentifier: replacement.identifier },
    });
    const events = await t.deps.db
      .select({ type: bookingEvents.type })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, replacement.identifier));
    expect(events.map((event) => event.type)).toEqual(['scheduled', 'paid', 'confirmed']);
    // The provider hears of it as of any booking (the first of these emails was the missed session's,
    // left to the notification job when it was paid from the wallet).
    await deliverBookingNotifications(t.deps);
    expect(await emailsTo(t, session.provider.email, 'bookings.bookingConfirmed')).toHaveLength(2);

    // Once.
    const slot2 = await listedSlot(t, session.provider.id, '2027-03-04', 1);
    const twice = await rebook(session, { timeslotIdentifier: slot2.identifier, acceptedPriceMinor: PRICE / 2 });
    expect(twice.json().code).toBe('REBOOK_NOT_OFFERED');

    // The replacement, held by both, earns the provider its share.
    const replacementSession = {
      ...session,
      bookingId: replacement.identifier,
      startAt: new Date(slot.startAt),
      endAt: new Date(slot.endAt),
    };
    const earningsBefore = await earningsOf(t, session.provider.id);
    await bothThroughout(replacementSession);
    await roomCloses(replacementSession);
    expect(await earningsOf(t, session.provider.id)).toBe(earningsBefore + (PRICE / 2) * 0.85);
    await expectBalancedLedger(t);
  });

  it('is free after an interruption; refused without enough money, after 48 hours, or for others', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 6 });
    await stay(t, clock, {
      session,
      user: session.provider,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 60),
    });
    await stay(t, clock, {
      session,
      user: session.client,
      from: minutesAfter(session, 0),
      to: minutesAfter(session, 10),
      lost: true,
    });
    await roomCloses(session);
    expect((await outcomeOf(session, session.client)).outcome).toBe('interrupted');
    const slot = await listedSlot(t, session.provider.id, '2027-03-04', 2);
    const provider = await rebook(
      session,
      { timeslotIdentifier: slot.identifier, acceptedPriceMinor: 0 },
      session.provider,
    );
    expect(provider.statusCode).toBe(403);
    const stranger = await createTestUser(t, { role: 'client' });
    expect(
      (await rebook(session, { timeslotIdentifier: slot.identifier, acceptedPriceMinor: 0 }, stranger)).statusCode,
    ).toBe(404);
    const invalid = await rebook(session, { timeslotIdentifier: '', acceptedPriceMinor: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please select a time slot');

    const before = await money(session);
    const free = await rebook(session, { timeslotIdentifier: slot.identifier, acceptedPriceMinor: 0 });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ status: 'confirmed', priceMinor: 0, paymentMethod: 'free', isPaid: false });
    expect(await money(session)).toEqual(before);

    // A client no-show after 48 hours: no replacement any more; and without money: nothing changes.
    const missed = await confirmedSession(t, ids, { date: '2027-03-03', index: 3 });
    await stay(t, clock, {
      session: missed,
      user: missed.provider,
      from: minutesAfter(missed, 0),
      to: minutesAfter(missed, 20),
    });
    await roomCloses(missed);
    const later = await listedSlot(t, missed.provider.id, '2027-03-08', 0);
    const poorBefore = await money(missed);
    await t.deps.db.transaction(async (tx) => {
      const { payFromWallet } = await import('../money/escrow.ts');
      await payFromWallet(tx, {
        userId: missed.client.id,
        amountMinor: poorBefore.wallet - 1000,
        currencyCode: 'NGN',
        reference: `test-drain:${missed.client.id}`,
        at: clock.now(),
      });
    });
    const poor = await rebook(missed, { timeslotIdentifier: later.identifier, acceptedPriceMinor: PRICE / 2 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await outcomeOf(missed, missed.client)).rebook.bookingIdentifier).toBeNull();
    clock.set(new Date(missed.endAt.getTime() + 48 * 3600_000 + 1000));
    const tooLate = await rebook(missed, { timeslotIdentifier: later.identifier, acceptedPriceMinor: PRICE / 2 });
    expect(tooLate.json().code).toBe('REBOOK_NOT_OFFERED');
    await expectBalancedLedger(t);
  });
});

describe('GET /admin/no-shows', () => {
  it('counts no-shows per provider and per client, most first, for administrators only', async () => {
    const provider = await createProvider(t);
    const first = await confirmedSession(t, ids, { date: '2027-03-09', index: 0, provider });
    const second = await confirmedSession(t, ids, { date: '2027-03-09', index: 2, provider });
    await stay(t, clock, {
      session: second,
      user: second.client,
      from: minutesAfter(second, 0),
      to: minutesAfter(second, 5),
    });
    await roomCloses(second); // completes both: neither saw the provider
    expect((await outcomeOf(first, first.client)).outcome).toBe('provider_no_show');

    const providers = await t.app.inject({ url: '/api/admin/no-shows?party=provider', headers: admin.headers });
    expect(providers.statusCode).toBe(200);
    const row = providers
      .json()
      .data.find((entry: { user: { identifier: string } }) => entry.user.identifier === provider.id);
    expect(row).toEqual({
      user: { identifier: provider.id, name: 'Test User', email: provider.email },
      noShows: 2,
      sessions: 2,
      lastNoShowAt: second.endAt.toISOString(),
    });
    expect(providers.json().data[0].noShows).toBe(2);
    const clients = (
      await t.app.inject({ url: '/api/admin/no-shows?party=client&perPage=100', headers: admin.headers })
    ).json();
    expect(clients.data.every((entry: { noShows: number }) => entry.noShows >= 1)).toBe(true);
    expect(
      clients.data.some((entry: { user: { identifier: string } }) => entry.user.identifier === first.client.id),
    ).toBe(false);
    for (const user of [first.client, provider]) {
      expect((await t.app.inject({ url: '/api/admin/no-shows', headers: user.headers })).statusCode).toBe(403);
    }
  });
});

import { OverviewSchema } from '@app/shared/schemas/overview';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createBookingVia,
  createProvider,
  createSeriesVia,
  listedSlot,
  paySeriesWithWallet,
  payWithWallet,
  scheduleVia,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { countQueries } from '../../../test/query-count.ts';
import { testDriver } from '../../../test/test-database.ts';
import {
  bookings,
  contactMessages,
  conversationMembers,
  conversations,
  notifications,
  payments,
  providerProfiles,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { getEarningsSummary } from '../money/earnings.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { signedInWebServices } from './web-services.ts';

const START = '2027-03-01T09:00:00Z'; // Monday 10:00 in Lagos
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());

async function overviewOf(user: TestUser) {
  const response = await t.app.inject({ url: '/api/overview', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return OverviewSchema.parse(response.json());
}

async function paidBooking(client: TestUser, provider: TestUser, date: string, index = 0) {
  await fundWallet(t, client.id, 500_000);
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, date, index);
  await scheduleVia(t, client, booking.identifier, slot.identifier);
  return payWithWallet(t, client, booking.identifier);
}

async function heldBooking(client: TestUser, provider: TestUser, date: string, index = 0) {
  const booking = await createBookingVia(t, client, provider, ids);
  const slot = await listedSlot(t, provider.id, date, index);
  return scheduleVia(t, client, booking.identifier, slot.identifier);
}

async function bookSeries(client: TestUser, provider: TestUser, date: string, occurrences: number, index = 0) {
  const slot = await listedSlot(t, provider.id, date, index);
  return createSeriesVia(t, client, provider, ids, { slotId: slot.identifier, occurrences });
}

/** A series booked and paid at once from the wallet: its sessions' identifiers, in order. */
async function paidSeries(client: TestUser, provider: TestUser, date: string, index: number, occurrences: number) {
  await fundWallet(t, client.id, 2_000_000);
  const series = await bookSeries(client, provider, date, occurrences, index);
  await paySeriesWithWallet(t, client, series.identifier);
  return series.bookings.map((booking) => booking.identifier);
}

describe('GET /api/overview', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/overview' });
    expect(response.statusCode).toBe(401);
  });

  it("shows a client their next session, what waits for payment and their wallet, and never another client's", async () => {
    const provider = await createProvider(t, { firstName: 'Ada', lastName: 'Obi' });
    const client = await createTestUser(t, { role: 'client', firstName: 'Chidi', timezone: 'Europe/Berlin' });
    const other = await createTestUser(t, { role: 'client', firstName: 'Other' });
    const later = await paidBooking(client, provider, '2027-03-04', 0);
    const next = await paidBooking(client, provider, '2027-03-03', 2);
    const othersSooner = await paidBooking(other, provider, '2027-03-02', 0);
    const held = await heldBooking(client, provider, '2027-03-05', 1);
    await heldBooking(other, provider, '2027-03-05', 3);

    const overview = await overviewOf(client);
    if (overview.role !== 'client') throw new Error(overview.role);
    expect(overview.firstName).toBe('Chidi');
    expect(overview.timezone).toBe('Europe/Berlin');
    expect(overview.nextSession?.identifier).toBe(next.identifier);
    expect(overview.nextSession).toMatchObject({ status: 'confirmed', provider: { name: 'Ada Obi' } });
    expect(overview.nextSession?.modality?.key).toBe('video-session');
    expect(overview.awaitingPayment.map((booking) => booking.identifier)).toEqual([held.identifier]);
    expect(overview.awaitingPayment[0]?.holdExpiresAt).not.toBeNull();
    expect(overview.wallet).toEqual({ balance: await walletOf(t, client.id), currency: 'NGN', others: [] });
    expect(overview.hasBookings).toBe(true);
    const seen = JSON.stringify(overview);
    expect(seen).not.toContain(othersSooner.identifier);
    expect(seen).not.toContain(other.id);
    expect(later.identifier).not.toBe(overview.nextSession?.identifier);

    // The server render of /overview/ reads the same answer through the web services.
    const viewer = { userId: client.id, role: client.role, sessionId: client.sessionId };
    const page = new Request('http://localhost/overview/', { headers: { cookie: 'country_code=NG' } });
    const rendered = await signedInWebServices(t.app, t.deps).overview(viewer, { request: page, language: 'en' });
    expect(rendered).toEqual(overview);
  });

  it('welcomes a new client with nothing booked and at most three suggestions', async () => {
    await createProvider(t, { firstName: 'Listed' });
    const client = await createTestUser(t, { role: 'client', firstName: 'Nneka' });
    const overview = await overviewOf(client);
    if (overview.role !== 'client') throw new Error(overview.role);
    expect(overview).toMatchObject({
      firstName: 'Nneka',
      nextSession: null,
      awaitingPayment: [],
      wallet: { balance: 0, currency: 'NGN' },
      unreadMessages: 0,
      unreadNotifications: 0,
      hasBookings: false,
      hasPreferences: false,
    });
    expect(overview.recommended.length).toBeGreaterThan(0);
    expect(overview.recommended.length).toBeLessThanOrEqual(3);
    for (const provider of overview.recommended) expect(provider.reasons).toBeInstanceOf(Array);
  });

  it("shows a provider today's and the next sessions, the reschedules waiting on them and this month's earnings", async () => {
    const provider = await createProvider(t, { firstName: 'Funmi', days: [1, 2, 3, 4, 5] });
    const otherProvider = await createProvider(t);
    const client = await createTestUser(t, { role: 'client', firstName: 'Bola', lastName: 'Ade' });
    const today = await paidBooking(client, provider, '2027-03-01', 2); // this afternoon in Lagos
    const tomorrow = await paidBooking(client, provider, '2027-03-02', 0);
    const elsewhere = await paidBooking(client, otherProvider, '2027-03-01', 3);
    const target = await listedSlot(t, provider.id, '2027-03-04', 0);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${tomorrow.identifier}/reschedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: target.identifier },
    });
    expect(asked.json()).toMatchObject({ rescheduleInfo: { status: 'pending', requestedBy: 'client' } });

    const overview = await overviewOf(provider);
    if (overview.role !== 'provider') throw new Error(overview.role);
    expect(overview.standing).toBe('live');
    expect(overview.today.map((booking) => booking.identifier)).toEqual([today.identifier]);
    expect(overview.today[0]?.client.name).toBe('Bola Ade');
    expect(overview.upcoming.map((booking) => booking.identifier)).toEqual([tomorrow.identifier]);
    expect(overview.rescheduleRequests.map((booking) => booking.identifier)).toEqual([tomorrow.identifier]);
    expect(JSON.stringify(overview)).not.toContain(elsewhere.identifier);
    const summary = await getEarningsSummary(t.deps.db, { userId: provider.id, now: clock.now() });
    expect(overview.earnings).toEqual({
      currency: summary.currency,
      thisMonth: summary.thisMonthEarned,
      available: summary.available,
    });
    expect(overview.checklist.filter((entry) => !entry.done).map((entry) => entry.item)).toEqual(
      expect.not.arrayContaining(['fees', 'availability']),
    );
  });

  it('lists a held series once under awaiting payment, its next session with all four beneath', async () => {
    const provider = await createProvider(t, { firstName: 'Zoë', lastName: "D'Souza-Müller" });
    const client = await createTestUser(t, { role: 'client', firstName: 'Siobhán' });
    const series = await bookSeries(client, provider, '2027-03-02', 4);
    const single = await heldBooking(client, provider, '2027-03-03', 4);

    const overview = await overviewOf(client);
    if (overview.role !== 'client') throw new Error(overview.role);
    const order = series.bookings.map((booking) => booking.identifier);
    // Two lines (both held at the same instant: their order is the tie's): the series, by its
    // first session, and the single booking.
    expect(overview.awaitingPayment.map((line) => line.identifier).sort()).toEqual(
      [order[0], single.identifier].sort(),
    );
    const line = overview.awaitingPayment.find((item) => item.series !== null);
    const alone = overview.awaitingPayment.find((item) => item.series === null);
    expect(line?.series).toMatchObject({ index: 0, occurrences: 4 });
    expect(line?.seriesSessions?.map((session) => session.identifier)).toEqual(order);
    expect(line?.seriesSessions?.every((session) => session.status === 'pending' && !session.isPaid)).toBe(true);
    expect(alone?.seriesSessions).toBeNull();
  });

  it("lists a provider's series once: today's session stands for it, and it is not listed again as upcoming", async () => {
    const provider = await createProvider(t, { firstName: 'Funmi', days: [1, 2, 3, 4, 5] });
    const client = await createTestUser(t, { role: 'client', firstName: 'Nnamdi' });
    const other = await createTestUser(t, { role: 'client', firstName: 'Bola' });
    const today = await paidSeries(client, provider, '2027-03-01', 2, 3); // this afternoon in Lagos, then weekly
    const later = await paidSeries(other, provider, '2027-03-02', 0, 4); // from tomorrow, weekly
    const single = await paidBooking(client, provider, '2027-03-03', 1);

    const overview = await overviewOf(provider);
    if (overview.role !== 'provider') throw new Error(overview.role);
    expect(overview.today.map((line) => line.identifier)).toEqual([today[0]]);
    expect(overview.today[0]?.seriesSessions?.map((session) => session.identifier)).toEqual(today);
    // Upcoming: the other series once (its first session, all four beneath), then the single session.
    expect(overview.upcoming.map((line) => line.identifier)).toEqual([later[0], single.identifier]);
    expect(overview.upcoming[0]?.seriesSessions?.map((session) => session.identifier)).toEqual(later);
    expect(overview.upcoming[0]?.series).toMatchObject({ index: 0, occurrences: 4 });
    expect(overview.upcoming[1]?.seriesSessions).toBeNull();
  });

  it('tells a provider awaiting review what is missing, and an insurance expiring within 30 days', async () => {
    const provider = await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
    await t.deps.db
      .update(providerProfiles)
      .set({ insuranceExpiresOn: '2027-03-20' })
      .where(eq(providerProfiles.userId, provider.id));
    const overview = await overviewOf(provider);
    if (overview.role !== 'provider') throw new Error(overview.role);
    expect(overview.standing).toBe('awaitingReview');
    const byItem = Object.fromEntries(overview.checklist.map((entry) => [entry.item, entry]));
    expect(byItem.fees?.done).toBe(false);
    expect(byItem.availability?.done).toBe(false);
    expect(byItem.credentials?.done).toBe(false);
    expect(byItem.insurance).toMatchObject({ done: false, expiresOn: '2027-03-20', expiringSoon: true });
    expect(overview).toMatchObject({ today: [], upcoming: [], rescheduleRequests: [] });
  });

  it("reads a provider's checklist as their profile tells it, and both unread counts", async () => {
    const fresh = await createTestUser(t, { role: 'provider', firstName: 'Chiamaka' });
    const listed = await createProvider(t, { firstName: 'Oluwaseun', lastName: "O'Brien-Adé" });
    const done = new Map<string, Record<string, boolean>>();
    for (const provider of [fresh, listed]) {
      const overview = await overviewOf(provider);
      if (overview.role !== 'provider') throw new Error(overview.role);
      const profile = await t.app.inject({ url: '/api/provider', headers: provider.headers });
      const missing: string[] = profile.json().setup.missing;
      const byItem = Object.fromEntries(overview.checklist.map((entry) => [entry.item, entry.done]));
      expect(byItem.profile).toBe(missing.every((item) => item === 'bookingFee'));
      expect(byItem.fees).toBe(!missing.includes('bookingFee'));
      done.set(provider.id, byItem);
    }
    expect(done.get(fresh.id)).toMatchObject({ profile: false, fees: false, availability: false });
    expect(done.get(listed.id)).toMatchObject({ fees: true, availability: true });

    const client = await createTestUser(t, { role: 'client' });
    const [low, high] = [listed.id, client.id].sort();
    const [conversation] = await t.deps.db
      .insert(conversations)
      .values({ userLowId: low as string, userHighId: high as string })
      .returning();
    await t.deps.db.insert(conversationMembers).values([
      { conversationId: conversation?.id as string, userId: listed.id, otherUserId: client.id, unreadCount: 3 },
      { conversationId: conversation?.id as string, userId: client.id, otherUserId: listed.id, unreadCount: 1 },
    ]);
    await t.deps.db.insert(notifications).values([
      { userId: listed.id, kind: 'test', createdAt: clock.now() },
      { userId: listed.id, kind: 'test', createdAt: clock.now() },
      { userId: listed.id, kind: 'test', createdAt: clock.now(), readAt: clock.now() },
    ]);
    const counted = await overviewOf(listed);
    expect(counted).toMatchObject({ unreadMessages: 3, unreadNotifications: 2 });
  });

  it("counts the operator's queues as the database holds them", async () => {
    const admin = await createTestUser(t, { role: 'admin', firstName: 'Ola' });
    const before = await overviewOf(admin);
    if (before.role !== 'admin') throw new Error(before.role);

    await createTestUser(t, { role: 'provider', verificationStatus: 'submitted' });
    const payer = await createTestUser(t, { role: 'client' });
    await t.deps.db.insert(contactMessages).values({
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.test',
      message: 'Hello there, a question.',
      language: 'en',
      createdAt: new Date('2027-02-28T10:00:00Z'),
    });
    const payment = (status: 'pending' | 'failed', createdAt: string) => ({
      reference: `test-${status}-${createdAt}`,
      userId: payer.id,
      purpose: 'top_up' as const,
      channel: 'card' as const,
      gateway: 'sandbox',
      amountMinor: 100_000,
      currencyCode: 'NGN',
      status,
      createdAt: new Date(createdAt),
    });
    await t.deps.db
      .insert(payments)
      .values([
        payment('pending', '2027-03-01T08:00:00Z'),
        payment('pending', '2027-03-01T08:59:00Z'),
        payment('failed', '2027-02-27T08:00:00Z'),
      ]);

    const after = await overviewOf(admin);
    if (after.role !== 'admin') throw new Error(after.role);
    expect(after.firstName).toBe('Ola');
    expect(after.counts.providersAwaitingReview - before.counts.providersAwaitingReview).toBe(1);
    expect(after.counts.contactMessages - before.counts.contactMessages).toBe(1);
    // The pending payment of a minute ago is still within the webhook's grace period.
    expect(after.counts.unreconciledPayments - before.counts.unreconciledPayments).toBe(1);
    expect(after.counts.failedPayments - before.counts.failedPayments).toBe(1);
    const confirmedToday = await t.deps.db
      .select({ id: bookings.id, startsAt: bookings.startsAt })
      .from(bookings)
      .where(eq(bookings.status, 'confirmed'));
    const lagosDay = confirmedToday.filter(
      (row) =>
        row.startsAt &&
        row.startsAt >= new Date('2027-02-28T23:00:00Z') &&
        row.startsAt < new Date('2027-03-01T23:00:00Z'),
    );
    expect(after.counts.bookingsToday).toBe(lagosDay.length);
  });

  it('refuses a client the operator counts by answering their own overview', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const overview = await overviewOf(client);
    expect(overview.role).toBe('client');
    expect(overview).not.toHaveProperty('counts');
  });
});

describe.runIf(testDriver === 'pglite')('the overview: no query per series', () => {
  it("reads a provider's overview with one series or three in the same number of queries", async () => {
    const provider = await createProvider(t, { days: [1, 2, 3, 4, 5] });
    const client = await createTestUser(t, { role: 'client' });
    await paidSeries(client, provider, '2027-03-02', 0, 3);
    await overviewOf(provider); // the first read prepares the statements
    const one = await countQueries(t.database, () => overviewOf(provider));
    await paidSeries(client, provider, '2027-03-03', 0, 3);
    await paidSeries(client, provider, '2027-03-04', 0, 3);
    const three = await countQueries(t.database, async () => {
      const overview = await overviewOf(provider);
      if (overview.role !== 'provider') throw new Error(overview.role);
      expect(overview.upcoming).toHaveLength(3);
      expect(overview.upcoming.every((line) => line.seriesSessions?.length === 3)).toBe(true);
    });
    expect(one).toBeGreaterThan(2);
    expect(three).toBe(one);
  });
});

describe('the API’s answers to a signed-in page’s queries, for its server render', () => {
  const viewerOf = (user: TestUser) => ({ userId: user.id, role: user.role, sessionId: user.sessionId });
  const page = (path: string) => new Request(`http://localhost${path}`);

  it('are the JSON the browser’s GET gets, for the viewer only, in the page’s language', async () => {
    const client = await createTestUser(t, { role: 'client', firstName: "Ngozi O'Neil-Bassey" });
    await fundWallet(t, client.id, 123_400);
    const other = await createTestUser(t, { role: 'client' });
    await fundWallet(t, other.id, 9_900);
    const paths = ['/wallet/balance', '/user/info', '/wallet/transactions?page=1&perPage=10'] as const;
    const rendered = await signedInWebServices(t.app, t.deps).answers(viewerOf(client), {
      request: page('/de/wallet/'),
      language: 'de',
      paths,
    });
    const browser = await Promise.all(
      paths.map(async (path) => {
        const answer = await t.app.inject({ url: `/api${path}`, headers: { ...client.headers, 'x-language': 'de' } });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json();
      }),
    );
    expect(rendered).toEqual(browser);
    expect(rendered[0]).toMatchObject({ balance: 123_400, currency: 'NGN' });
    expect(rendered[1]).toMatchObject({ identifier: client.id, firstName: "Ngozi O'Neil-Bassey" });
    expect(JSON.stringify(rendered)).not.toContain(other.id);
  });

  it('are null where the API refuses the viewer or the path is not one of its own, and the browser asks', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const refused = await t.app.inject({ url: '/api/appointment?page=1', headers: client.headers });
    expect(refused.statusCode).toBe(403);
    const services = signedInWebServices(t.app, t.deps);
    const rendered = await services.answers(viewerOf(client), {
      request: page('/wallet/'),
      language: 'en',
      paths: ['/appointment?page=1', '//evil.example/x', 'wallet/balance', '/user/info'],
    });
    expect(rendered.slice(0, 3)).toEqual([null, null, null]);
    expect(rendered[3]).toMatchObject({ identifier: client.id, role: 'client' });
  });

  it('end with the session: a viewer signed out since gets nothing', async () => {
    const client = await createTestUser(t, { role: 'client' });
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/invalidate', headers: client.headers });
    expect(signedOut.statusCode, signedOut.body).toBe(204);
    const rendered = await signedInWebServices(t.app, t.deps).answers(viewerOf(client), {
      request: page('/wallet/'),
      language: 'en',
      paths: ['/wallet/balance'],
    });
    expect(rendered).toEqual([null]);
  });
});

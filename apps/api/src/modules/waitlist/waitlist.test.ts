import { WAITLIST_CLAIM_MINUTES } from '@app/shared/waitlist-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingTestApp,
  type Catalog,
  createBookingVia,
  createProvider,
  emailsTo,
  listedSlot,
  scheduledBooking,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { notifications, waitlistClaims, waitlistEntries } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { expireHolds } from '../bookings/expire-holds.ts';
import { processWaitlist } from './offers.ts';

// Monday 1 March 2027, 10:00 in Lagos (the provider's and the clients' zone).
const clock = fixedClock('2027-03-01T09:00:00Z');
const WEDNESDAY = '2027-03-03';

describe('waitlist', () => {
  let t: TestApp;
  let ids: Catalog;
  let provider: TestUser;
  let adaeze: TestUser;
  let jurgen: TestUser;
  let xiaolong: TestUser;
  let entryOf: Record<string, string>;
  const wish = { beforeDate: '2027-03-10', days: [3], fromTime: '09:00', toTime: '12:00' };

  beforeAll(async () => {
    ({ t, ids } = await bookingTestApp(clock));
    provider = await createProvider(t, { firstName: 'Zoë', lastName: "D'Arcy-Nwosu" });
    adaeze = await createTestUser(t, { role: 'client', firstName: 'Adaeze', lastName: "O'Neil-Okafor" });
    jurgen = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Groß', language: 'de' });
    xiaolong = await createTestUser(t, { role: 'client', firstName: '小龍', lastName: '李' });
    entryOf = {};
  });
  afterAll(() => t.close());

  const join = (client: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { ...client.headers, ...headers },
      payload: { providerIdentifier: provider.id, ...body },
    });
  const list = async (client: TestUser) => {
    const response = await t.app.inject({ url: '/api/waitlist', headers: client.headers });
    expect(response.statusCode).toBe(200);
    return response.json().entries as Array<{ identifier: string; claim: { startAt: string } | null }>;
  };
  const slotsSeenBy = async (viewer: TestUser | null) => {
    const response = await t.app.inject({
      url: `/api/providers-availability/${provider.id}/timeslot/${WEDNESDAY}`,
      headers: viewer?.headers ?? {},
    });
    expect(response.statusCode).toBe(200);
    return (response.json().days[0].timeSlot as Array<{ startAt: string; identifier: string }>).map((s) => s.startAt);
  };

  it('refuses a wish that is not valid, in the reader language', async () => {
    const today = await join(adaeze, { ...wish, beforeDate: '2027-03-01' });
    expect(today.statusCode).toBe(400);
    expect(today.json()).toMatchObject({ fieldErrors: { beforeDate: ['Choose a date after today'] } });
    const reversed = await join(jurgen, { ...wish, fromTime: '12:00', toTime: '09:00' }, { 'accept-language': 'de' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      fieldErrors: { toTime: ['Das Ende des Zeitraums muss nach seinem Beginn liegen'] },
    });
    const tooFar = await join(adaeze, { ...wish, beforeDate: '2028-06-01' });
    expect(tooFar.json()).toMatchObject({ fieldErrors: { beforeDate: ['Choose a date within the next 12 months'] } });
    const badDay = await join(adaeze, { ...wish, days: [3, 3] });
    expect(badDay.statusCode).toBe(400);
    const unknownProvider = await join(adaeze, { ...wish, providerIdentifier: adaeze.id });
    expect(unknownProvider.statusCode).toBe(404);
    const asProvider = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: provider.headers,
      payload: { providerIdentifier: provider.id, ...wish },
    });
    expect(asProvider.statusCode).toBe(403);
  });

  it('lets each client join once, in order, and lists only their own entry', async () => {
    for (const client of [adaeze, jurgen, xiaolong]) {
      const response = await join(client, wish);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ providerIdentifier: provider.id, ...wish, timezone: 'Africa/Lagos' });
      entryOf[client.id] = response.json().identifier;
    }
    const again = await join(adaeze, wish);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WAITLIST_ALREADY_JOINED' });
    const mine = await list(adaeze);
    expect(mine.map((entry) => entry.identifier)).toEqual([entryOf[adaeze.id]]);
    expect(mine[0]).toMatchObject({ providerName: "Zoë D'Arcy-Nwosu", claim: null });
  });

  it("answers 404 for someone else's entry", async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entryOf[adaeze.id]}`,
      headers: jurgen.headers,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.deps.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entryOf[adaeze.id] as string));
    expect(row?.status).toBe('waiting');
  });

  let opened: string;

  it('offers a cancelled slot to the first client waiting, held for them alone', async () => {
    const { client: booker, booking, slot } = await scheduledBooking(t, ids, { provider, date: WEDNESDAY, pay: true });
    opened = slot.startAt;
    expect(await slotsSeenBy(null)).not.toContain(opened);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/cancel`,
      headers: booker.headers,
      payload: { note: 'Something came up' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await processWaitlist(t.deps)).toEqual({ offered: 1 });

    const [claim] = await t.deps.db.select().from(waitlistClaims).where(eq(waitlistClaims.status, 'offered'));
    expect(claim).toMatchObject({ clientId: adaeze.id, startsAt: new Date(opened) });
    expect(claim?.expiresAt).toEqual(new Date(clock.now().getTime() + WAITLIST_CLAIM_MINUTES * 60_000));
    expect((await list(adaeze))[0]?.claim).toMatchObject({ startAt: opened });

    const [notice] = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adaeze.id), eq(notifications.kind, 'waitlist.offered')));
    expect(notice?.data).toMatchObject({ startAt: opened, providerId: provider.id });
    const listed = await t.app.inject({ url: '/api/notifications', headers: adaeze.headers });
    expect(JSON.stringify(listed.json())).toContain(
      `/booking/?provider=${provider.id}&at=${encodeURIComponent(opened)}`,
    );
    const [email] = await emailsTo(t, adaeze.email, 'waitlist.offered');
    expect(email?.subject).toBe("An earlier slot with Zoë D'Arcy-Nwosu is free");
    expect(email?.text).toContain('15 minutes');

    // The claimant sees the slot; anyone else does not.
    expect(await slotsSeenBy(adaeze)).toContain(opened);
    expect(await slotsSeenBy(jurgen)).not.toContain(opened);
    expect(await slotsSeenBy(null)).not.toContain(opened);
  });

  it('refuses the claimed slot to another client', async () => {
    const other = await createTestUser(t, { role: 'client', firstName: 'Ana-Lucía', lastName: 'Núñez' });
    const draft = await createBookingVia(t, other, provider, ids);
    const slotId = (await listedSlot(t, provider.id, WEDNESDAY, 0)).identifier; // anonymous: the next slot
    const claimed = await t.app.inject({
      url: `/api/providers-availability/${provider.id}/timeslot/${WEDNESDAY}`,
      headers: adaeze.headers,
    });
    const claimedId = claimed.json().days[0].timeSlot.find((s: { startAt: string }) => s.startAt === opened).identifier;
    expect(claimedId).not.toBe(slotId);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${draft.identifier}/schedule`,
      headers: other.headers,
      payload: { timeslotIdentifier: claimedId },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SLOT_TAKEN' });
  });

  it(`passes the slot to the next client after ${WAITLIST_CLAIM_MINUTES} minutes, who books it`, async () => {
    clock.advance((WAITLIST_CLAIM_MINUTES + 1) * 60_000);
    expect(await processWaitlist(t.deps)).toEqual({ offered: 1 });
    const claims = await t.deps.db.select().from(waitlistClaims);
    expect(claims.map((c) => [c.clientId, c.status]).sort()).toEqual(
      [
        [adaeze.id, 'lapsed'],
        [jurgen.id, 'offered'],
      ].sort(),
    );
    const [email] = await emailsTo(t, jurgen.email, 'waitlist.offered');
    expect(email?.subject).toBe("Ein früherer Termin bei Zoë D'Arcy-Nwosu ist frei");
    expect(await slotsSeenBy(adaeze)).not.toContain(opened);

    const draft = await createBookingVia(t, jurgen, provider, ids);
    const seen = await t.app.inject({
      url: `/api/providers-availability/${provider.id}/timeslot/${WEDNESDAY}`,
      headers: jurgen.headers,
    });
    const slotId = seen.json().days[0].timeSlot.find((s: { startAt: string }) => s.startAt === opened).identifier;
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${draft.identifier}/schedule`,
      headers: jurgen.headers,
      payload: { timeslotIdentifier: slotId },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ startAt: opened });
  });

  it('offers a slot whose hold lapsed unpaid', async () => {
    const { slot } = await scheduledBooking(t, ids, { provider, date: WEDNESDAY });
    expect(await processWaitlist(t.deps)).toEqual({ offered: 0 });
    clock.advance(16 * 60_000);
    // The unpaid booking of the claimant before also lapses now.
    expect(await expireHolds(t.deps)).toEqual({ expired: 2 });
    expect((await processWaitlist(t.deps)).offered).toBeGreaterThan(0);
    const [claim] = await t.deps.db
      .select()
      .from(waitlistClaims)
      .where(and(eq(waitlistClaims.status, 'offered'), eq(waitlistClaims.startsAt, new Date(slot.startAt))));
    expect([adaeze.id, xiaolong.id]).toContain(claim?.clientId);
  });

  it('lets a client leave, and ends entries at their date', async () => {
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entryOf[adaeze.id]}`,
      headers: adaeze.headers,
    });
    expect(left.statusCode).toBe(204);
    expect(await list(adaeze)).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/waitlist/${entryOf[adaeze.id]}`,
      headers: adaeze.headers,
    });
    expect(again.statusCode).toBe(404);

    expect(await list(xiaolong)).toHaveLength(1);
    clock.set('2027-03-10T00:00:00Z'); // 01:00 on the 10th in Lagos: the date has come
    await processWaitlist(t.deps);
    expect(await list(xiaolong)).toEqual([]);
    const [row] = await t.deps.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entryOf[xiaolong.id] as string));
    expect(row?.status).toBe('expired');
  });
});

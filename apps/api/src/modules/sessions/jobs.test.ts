import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingTestApp,
  type Catalog,
  createProvider,
  earningsOf,
  escrowOf,
  listedSlot,
  scheduledBooking,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { fixedClock } from '../../platform/clock.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { completeSessions } from './complete-sessions.ts';
import { sessionJobs } from './jobs.ts';
import { stay } from './room-test-support.ts';

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const scheduled = (provider: TestUser, date: string, index = 0, pay = false) =>
  scheduledBooking(t, ids, { provider, date, index, pay });

describe('sessionJobs', () => {
  it('exports the completion job for server.ts', () => {
    expect(sessionJobs.map((job) => job.name)).toEqual(['complete-booking-sessions']);
  });
});

describe('completeSessions', () => {
  it("completes ended sessions and credits the provider's earning minus commission, once", async () => {
    const provider = await createProvider(t);
    const paid = await scheduled(provider, '2027-03-02', 4, true);
    const free = await createProvider(t, { fee: 0 });
    const freeBooking = await scheduled(free, '2027-03-02', 4);
    const future = await scheduled(provider, '2027-03-03', 4, true);
    // Both sides of both sessions were in the room (video sessions: see session-outcome.test.ts).
    for (const { booking, client } of [paid, freeBooking]) {
      const session = {
        bookingId: booking.identifier,
        startAt: new Date('2027-03-02T12:00:00Z'),
        endAt: new Date('2027-03-02T13:00:00Z'),
        client,
        provider: booking.provider.identifier === provider.id ? provider : free,
      };
      for (const user of [session.provider, client]) {
        await stay(t, clock, { session, user, from: session.startAt, to: session.endAt });
      }
    }
    const escrowBefore = await escrowOf(t);
    clock.set('2027-03-02T13:14:59Z'); // the 12:00Z sessions have ended, their room is open 15 minutes more
    expect(await completeSessions(t.deps)).toEqual({ completed: 0, credited: 0, refunded: 0 });
    clock.set('2027-03-02T13:15:00Z');
    expect(await completeSessions(t.deps)).toEqual({ completed: 2, credited: 1, refunded: 0 });
    expect(await bookingRow(t, paid.booking.identifier)).toMatchObject({
      status: 'completed',
      previousStatus: 'confirmed',
      completedAt: new Date('2027-03-02T13:15:00Z'),
    });
    expect((await bookingRow(t, freeBooking.booking.identifier)).status).toBe('completed');
    expect((await bookingRow(t, future.booking.identifier)).status).toBe('confirmed');
    expect(await earningsOf(t, provider.id)).toBe(425_000);
    expect(await escrowOf(t)).toBe(escrowBefore - 500_000);
    expect(await completeSessions(t.deps)).toEqual({ completed: 0, credited: 0, refunded: 0 });
    expect(await earningsOf(t, provider.id)).toBe(425_000);
    expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  }, 120_000); // three paid and free sessions through the API and their rooms: slow on a busy machine

  it('drops a reschedule request still waiting when the session ends', async () => {
    const provider = await createProvider(t);
    const { client, booking } = await scheduled(provider, '2027-03-02', 6, true);
    const target = await listedSlot(t, provider.id, '2027-03-04', 6);
    await t.app.inject({
      method: 'POST',
      url: `/api/booking/${booking.identifier}/reschedule`,
      headers: client.headers,
      payload: { timeslotIdentifier: target.identifier },
    });
    expect((await bookingRow(t, booking.identifier)).rescheduleStatus).toBe('pending');
    clock.set('2027-03-02T16:00:00Z');
    await completeSessions(t.deps);
    expect(await bookingRow(t, booking.identifier)).toMatchObject({
      status: 'completed',
      rescheduleStatus: 'expired',
      rescheduleSlotId: null,
    });
  });
});

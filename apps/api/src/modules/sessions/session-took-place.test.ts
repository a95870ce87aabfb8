import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingRow,
  bookingTestApp,
  type Catalog,
  earningsOf,
  escrowOf,
  walletOf,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { TestUser } from '../../../test/factories.ts';
import { fixedClock } from '../../platform/clock.ts';
import { completeSessions } from './complete-sessions.ts';
import { confirmedSession, expectBalancedLedger, minutesAfter, type Session, stay } from './room-test-support.ts';

/**
 * What counts as a session, through the room's own stays and the completion job, on a fake
 * clock: only time together inside the booked hour, at least half of it (session-rules).
 */

const START = '2027-03-01T09:00:00Z';
const clock = fixedClock(START);
let t: TestApp;
let ids: Catalog;

beforeAll(async () => {
  ({ t, ids } = await bookingTestApp(clock));
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const PRICE = 500_000;
const EARNING = 425_000;

async function inRoom(session: Session, user: TestUser, from: number, to: number, lost = false) {
  await stay(t, clock, { session, user, from: minutesAfter(session, from), to: minutesAfter(session, to), lost });
}

async function closeRoom(session: Session) {
  const before = {
    wallet: await walletOf(t, session.client.id),
    escrow: await escrowOf(t),
    earnings: await earningsOf(t, session.provider.id),
  };
  clock.set(minutesAfter(session, 75));
  const job = await completeSessions(t.deps);
  const response = await t.app.inject({
    url: `/api/booking/${session.bookingId}/outcome`,
    headers: session.client.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const after = {
    wallet: await walletOf(t, session.client.id),
    escrow: await escrowOf(t),
    earnings: await earningsOf(t, session.provider.id),
  };
  expect((await bookingRow(t, session.bookingId)).status).toBe('completed');
  await expectBalancedLedger(t);
  return {
    job,
    outcome: response.json().outcome as string,
    moved: {
      wallet: after.wallet - before.wallet,
      escrow: after.escrow - before.escrow,
      earnings: after.earnings - before.earnings,
    },
  };
}

describe('a session took place only when both were together for half the booked time', () => {
  it('both joined 10 minutes early and left a minute later: a no-show, the client refunded, nothing earned', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 0 });
    await inRoom(session, session.provider, -10, -9);
    await inRoom(session, session.client, -10, -9);
    const closed = await closeRoom(session);
    expect(closed.outcome).toBe('provider_no_show');
    expect(closed.job).toEqual({ completed: 1, credited: 0, refunded: 1 });
    expect(closed.moved).toEqual({ wallet: PRICE, escrow: -PRICE, earnings: 0 });
  });

  it('counts early presence from the start: together from 10 minutes early until half the hour is a session', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 1 });
    await inRoom(session, session.provider, -10, 30);
    await inRoom(session, session.client, -10, 30);
    const closed = await closeRoom(session);
    expect(closed.outcome).toBe('completed');
    expect(closed.moved).toEqual({ wallet: 0, escrow: -PRICE, earnings: EARNING });
  });

  it('a partial overlap under half the hour is not completed (interrupted: a free replacement)', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 2 });
    await inRoom(session, session.provider, 0, 40);
    await inRoom(session, session.client, 20, 60);
    const closed = await closeRoom(session);
    expect(closed.outcome).toBe('interrupted');
  });

  it('one party only: the provider waiting alone is a client no-show', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 3 });
    await inRoom(session, session.provider, -5, 60);
    // The client looked in only after the end, in the grace period.
    await inRoom(session, session.client, 62, 70);
    const closed = await closeRoom(session);
    expect(closed.outcome).toBe('client_no_show');
    expect(closed.moved).toEqual({ wallet: 0, escrow: -PRICE, earnings: EARNING });
  });

  it('reconnects add up: three short stays together make the session', async () => {
    const session = await confirmedSession(t, ids, { date: '2027-03-02', index: 4 });
    await inRoom(session, session.provider, -5, 60);
    await inRoom(session, session.client, 0, 12, true);
    await inRoom(session, session.client, 14, 30, true);
    await inRoom(session, session.client, 33, 50);
    const closed = await closeRoom(session);
    expect(closed.outcome).toBe('completed');
    expect(closed.moved.earnings).toBe(EARNING);
  });
});

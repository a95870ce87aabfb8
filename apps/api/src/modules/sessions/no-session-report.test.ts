import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingTestApp, type Catalog, earningsOf, escrowOf, walletOf } from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLog, noSessionReports } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { completeSessions } from './complete-sessions.ts';
import { confirmedSession, expectBalancedLedger, minutesAfter, type Session, stay } from './room-test-support.ts';

/**
 * The dispute window: a session's earning is withdrawable only 48 hours after its end; within it
 * the client may report that the session did not take place, and an operator decides, the money
 * following in the ledger.
 */

const START = '2027-03-01T09:00:00Z';
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
const EARNING = 425_000;
const HOUR = 3600_000;

/** A paid session both attended throughout, completed when its room closed. */
async function completedSession(date: string, index: number, provider?: TestUser): Promise<Session> {
  const session = await confirmedSession(t, ids, { date, index, ...(provider ? { provider } : {}) });
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
    to: minutesAfter(session, 60),
  });
  clock.set(minutesAfter(session, 75));
  expect(await completeSessions(t.deps)).toMatchObject({ completed: 1, credited: 1 });
  return session;
}

const afterEnd = (session: Session, ms: number) => new Date(session.endAt.getTime() + ms);

async function summary(provider: TestUser) {
  const response = await t.app.inject({ url: '/api/earnings', headers: provider.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function available(provider: TestUser) {
  return (await summary(provider)).available as number;
}

function report(session: Session, payload: unknown, user: TestUser = session.client, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/booking/${session.bookingId}/no-session-report`,
    headers: { ...user.headers, 'x-language': language },
    payload: payload as Record<string, unknown>,
  });
}

const NOTE = 'Room records show the client alone; the therapist confirmed by phone.';

function decide(session: Session, decision: string, user: TestUser = admin, payload: object = { note: NOTE }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/no-session-reports/${session.bookingId}/decision`,
    headers: { ...user.headers, 'x-language': 'de' },
    payload: { decision, ...payload },
  });
}

describe('the dispute window', () => {
  it('holds a session earning for 48 hours after the end, then it is withdrawable', async () => {
    const session = await completedSession('2027-03-02', 0);
    expect(await earningsOf(t, session.provider.id)).toBe(EARNING);
    // The earnings screen tells what is held and until when.
    const held = {
      available: 0,
      held: EARNING,
      heldItems: [
        { bookingIdentifier: session.bookingId, amount: EARNING, until: afterEnd(session, 48 * HOUR).toISOString() },
      ],
    };
    expect(await summary(session.provider)).toMatchObject(held);
    clock.set(afterEnd(session, 48 * HOUR - 1));
    expect(await summary(session.provider)).toMatchObject(held);
    clock.set(afterEnd(session, 48 * HOUR));
    expect(await summary(session.provider)).toMatchObject({ available: EARNING, held: 0, heldItems: [] });
    // Too late to report now.
    clock.set(afterEnd(session, 48 * HOUR + 1));
    const late = await report(session, { note: 'Nobody came' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NO_SESSION_REPORT_NOT_ALLOWED');
  });

  it('holds a late cancellation’s earning until the window after its time, beside sessions still to come', async () => {
    // Two paid sessions with one provider, months after the other tests' (whose completion runs
    // must not reach them); the client cancels the first within 48 hours, so the provider keeps
    // its earning; the second stays booked and has none yet.
    clock.set('2027-09-01T09:00:00Z');
    const cancelled = await confirmedSession(t, ids, { date: '2027-09-08', index: 2 });
    const upcoming = await confirmedSession(t, ids, { date: '2027-09-08', index: 3, provider: cancelled.provider });
    clock.set(new Date(cancelled.startAt.getTime() - 24 * HOUR));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/booking/${cancelled.bookingId}/cancel`,
      headers: cancelled.client.headers,
      payload: { note: 'Something came up at work.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await earningsOf(t, cancelled.provider.id)).toBe(EARNING);
    const held = {
      available: 0,
      held: EARNING,
      heldItems: [
        {
          bookingIdentifier: cancelled.bookingId,
          amount: EARNING,
          until: afterEnd(cancelled, 48 * HOUR).toISOString(),
        },
      ],
    };
    expect(await summary(cancelled.provider)).toMatchObject(held);
    // Once the time has passed, the hold runs to the end of the window, then the money is free.
    clock.set(afterEnd(cancelled, 48 * HOUR - 1));
    expect(await summary(cancelled.provider)).toMatchObject(held);
    clock.set(afterEnd(cancelled, 48 * HOUR));
    expect(await summary(upcoming.provider)).toMatchObject({ available: EARNING, held: 0, heldItems: [] });
  });

  it('refuses a payout of held earnings', async () => {
    const session = await completedSession('2027-03-02', 1);
    const bank = await t.app.inject({
      method: 'PUT',
      url: '/api/earnings/bank-account',
      headers: session.provider.headers,
      payload: {
        accountName: 'Ada Obi',
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: '0123456785',
      },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/payouts',
      headers: session.provider.headers,
      payload: { amount: 1_000 },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('PAYOUT_EXCEEDS_AVAILABLE');
    expect(await earningsOf(t, session.provider.id)).toBe(EARNING);
  });

  it('the client reports within it; the operator decides it did not take place: the client gets the fee back', async () => {
    const session = await completedSession('2027-03-02', 2);
    clock.set(afterEnd(session, 47 * HOUR));
    // A reason is required, in the reader's language; only the client may report.
    const empty = await report(session, { note: ' ' }, session.client, 'de');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ note: ['Bitte sag uns, was passiert ist'] });
    expect((await report(session, { note: 'x' }, session.provider)).statusCode).toBe(403);
    const stranger = await createTestUser(t, { role: 'client' });
    expect((await report(session, { note: 'x' }, stranger)).statusCode).toBe(404);

    const reported = await report(session, { note: 'The therapist never joined at the booked time.' });
    expect(reported.statusCode, reported.body).toBe(201);
    expect(reported.json()).toMatchObject({
      bookingIdentifier: session.bookingId,
      decision: null,
      refundMinor: 0,
      windowEndsAt: afterEnd(session, 48 * HOUR).toISOString(),
    });
    expect((await report(session, { note: 'again' })).statusCode).toBe(409);
    const mine = await t.app.inject({
      url: `/api/booking/${session.bookingId}/no-session-report`,
      headers: session.client.headers,
    });
    expect(mine.json()).toMatchObject({ decision: null, note: 'The therapist never joined at the booked time.' });

    // Past the window, the earning stays held while the report waits.
    clock.set(afterEnd(session, 60 * HOUR));
    expect(await summary(session.provider)).toMatchObject({
      available: 0,
      held: EARNING,
      heldItems: [{ bookingIdentifier: session.bookingId, amount: EARNING, until: null }],
    });

    // The back office: only admins list and decide.
    expect(
      (await t.app.inject({ url: '/api/admin/no-session-reports', headers: session.client.headers })).statusCode,
    ).toBe(403);
    const list = await t.app.inject({ url: '/api/admin/no-session-reports', headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().data.find((row: { bookingIdentifier: string }) => row.bookingIdentifier === session.bookingId),
    ).toMatchObject({
      decision: null,
      priceMinor: PRICE,
      note: 'The therapist never joined at the booked time.',
    });
    expect((await decide(session, 'did_not_take_place', session.provider)).statusCode).toBe(403);
    expect((await decide(session, 'maybe')).statusCode).toBe(400);
    // The operator notes why; without a note nothing is decided.
    for (const payload of [{}, { note: '  ' }]) {
      const unnoted = await decide(session, 'did_not_take_place', admin, payload);
      expect(unnoted.statusCode, unnoted.body).toBe(400);
      expect(unnoted.json().fieldErrors).toEqual({ note: ['Bitte notiere, warum du so entschieden hast'] });
    }
    const [waiting] = await t.deps.db
      .select()
      .from(noSessionReports)
      .where(eq(noSessionReports.bookingId, session.bookingId));
    expect(waiting).toMatchObject({ decision: null, decisionNote: null, refundMinor: 0 });

    // The detail shows both parties' presence as the room recorded it.
    const detail = await t.app.inject({
      url: `/api/admin/no-session-reports/${session.bookingId}`,
      headers: admin.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      outcome: 'completed',
      togetherMinutes: 60,
      startAt: session.startAt.toISOString(),
      endAt: session.endAt.toISOString(),
      decisionNote: null,
    });
    expect(
      detail
        .json()
        .attendance.map((stay: { party: string }) => stay.party)
        .sort(),
    ).toEqual(['client', 'provider']);
    expect(
      (
        await t.app.inject({
          url: `/api/admin/no-session-reports/${session.bookingId}`,
          headers: session.client.headers,
        })
      ).statusCode,
    ).toBe(403);
    const unknown = await t.app.inject({
      url: '/api/admin/no-session-reports/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);

    const before = {
      wallet: await walletOf(t, session.client.id),
      earnings: await earningsOf(t, session.provider.id),
      escrow: await escrowOf(t),
    };
    const decided = await decide(session, 'did_not_take_place');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ decision: 'did_not_take_place', refundMinor: PRICE, decisionNote: NOTE });
    expect({
      wallet: await walletOf(t, session.client.id),
      earnings: await earningsOf(t, session.provider.id),
      escrow: await escrowOf(t),
    }).toEqual({ wallet: before.wallet + PRICE, earnings: before.earnings - EARNING, escrow: before.escrow });
    expect(await available(session.provider)).toBe(0);
    await expectBalancedLedger(t);
    const [row] = await t.deps.db
      .select()
      .from(noSessionReports)
      .where(eq(noSessionReports.bookingId, session.bookingId));
    expect(row).toMatchObject({
      decision: 'did_not_take_place',
      decidedBy: admin.id,
      decisionNote: NOTE,
      refundMinor: PRICE,
    });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, session.bookingId), eq(auditLog.action, 'session.decide_no_session')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toEqual({ decision: 'did_not_take_place', refundMinor: PRICE, note: NOTE });
    // Decided once.
    expect((await decide(session, 'took_place')).statusCode).toBe(409);
  });

  it('the operator decides it took place: the earning is released at once and stays', async () => {
    const session = await completedSession('2027-03-02', 3);
    clock.set(afterEnd(session, 2 * HOUR));
    expect((await report(session, { note: 'I could not hear anything' })).statusCode).toBe(201);
    expect(await available(session.provider)).toBe(0);
    const wallet = await walletOf(t, session.client.id);
    const decided = await decide(session, 'took_place');
    expect(decided.json()).toMatchObject({ decision: 'took_place', refundMinor: 0 });
    expect(await available(session.provider)).toBe(EARNING);
    expect(await walletOf(t, session.client.id)).toBe(wallet);
    await expectBalancedLedger(t);
  });
});

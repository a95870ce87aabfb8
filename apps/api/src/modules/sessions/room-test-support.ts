import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type Catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  payWithWallet,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { auditLedger } from '../money/ledger-audit.ts';
import { fundWallet } from '../money/test-helpers.ts';
import { loadParticipantBooking } from './room.ts';
import { endStay, renewStay, startStay } from './room-attendance.ts';

/** Test helpers of the session room (not used by the app). */

export interface Session {
  provider: TestUser;
  client: TestUser;
  bookingId: string;
  startAt: Date;
  endAt: Date;
}

/**
 * A confirmed session on `date` (Lagos calendar, slot `index`: 0 = 09:00 Lagos = 08:00Z), paid
 * from the wallet unless `free`, as a video session unless `modalityId` says otherwise.
 */
export async function confirmedSession(
  t: TestApp,
  ids: Catalog,
  options: { date: string; index?: number; provider?: TestUser; free?: boolean; modalityId?: string } = {
    date: '2027-03-02',
  },
): Promise<Session> {
  const provider = options.provider ?? (await createProvider(t, { fee: options.free ? 0 : 500_000 }));
  const client = await createTestUser(t, { role: 'client' });
  await fundWallet(t, client.id, 1_000_000);
  const booking = await createBookingVia(t, client, provider, ids, {
    ...(options.modalityId ? { modalityIdentifier: options.modalityId } : {}),
  });
  const slot = await listedSlot(t, provider.id, options.date, options.index ?? 0);
  const scheduled = await scheduleVia(t, client, booking.identifier, slot.identifier);
  if (!options.free) await payWithWallet(t, client, booking.identifier);
  else expect(scheduled.status).toBe('confirmed');
  return {
    provider,
    client,
    bookingId: booking.identifier,
    startAt: new Date(slot.startAt),
    endAt: new Date(slot.endAt),
  };
}

/** Minutes from the session's start. */
export const minutesAfter = (session: Session, minutes: number) =>
  new Date(session.startAt.getTime() + minutes * 60_000);

/**
 * The stays the room records through the live socket's handlers, written here through the same
 * functions: a tab joins at `from`, renews every 40 s (within the 45 s a stay stays fresh) and
 * at `to`, then leaves (or goes silent: `lost`), with the clock moved along.
 */
export async function stay(
  t: TestApp,
  clock: { set(at: Date): void },
  input: { session: Session; user: TestUser; from: Date; to: Date; lost?: boolean; tab?: string },
): Promise<void> {
  const tab = input.tab ?? `tab-${input.user.id.slice(0, 8)}`;
  const participant = await loadParticipantBooking(t.deps.db, {
    actor: { userId: input.user.id, role: input.user.role, sessionId: input.user.sessionId },
    bookingId: input.session.bookingId,
  });
  clock.set(input.from);
  await startStay(t.deps.db, { participant, tab, now: input.from });
  const key = { bookingId: input.session.bookingId, userId: input.user.id, tab };
  for (let at = input.from.getTime() + 40_000; at < input.to.getTime(); at += 40_000) {
    expect(await renewStay(t.deps.db, { ...key, now: new Date(at) })).toBe(true);
  }
  if (input.to.getTime() > input.from.getTime()) {
    expect(await renewStay(t.deps.db, { ...key, now: input.to })).toBe(true);
  }
  clock.set(input.to);
  if (!input.lost) await endStay(t.deps.db, { ...key, now: input.to });
}

/** The ledger audits clean and all its entries sum to zero. */
export async function expectBalancedLedger(t: TestApp): Promise<void> {
  expect(Object.values(await auditLedger(t.deps.db)).flat()).toEqual([]);
  const [row] = (
    (await t.deps.db.execute(
      sql`SELECT COALESCE(SUM(amount_minor), 0)::bigint AS total FROM ledger_entries`,
    )) as unknown as {
      rows: { total: string | number }[];
    }
  ).rows;
  expect(Number(row?.total)).toBe(0);
}

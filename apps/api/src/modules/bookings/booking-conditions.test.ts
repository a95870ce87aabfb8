import { MAX_UNPAID_HOLDS_PER_PROVIDER, SCHEDULABLE } from '@app/shared/booking-rules';
import { firstRefusal } from '@app/shared/conditions';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingRow,
  type Catalog,
  catalog,
  createBookingVia,
  createProvider,
  listedSlot,
  scheduleVia,
} from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { fixedClock } from '../../platform/clock.ts';
import { whereAll } from '../../platform/conditions-sql.ts';
import { rawRows } from '../../platform/prepared.ts';
import { bookingRuleFunctions, bookingScope } from './booking-conditions.ts';
import { scheduleInOneStatement, scheduleInTransaction } from './schedule-booking.ts';

const clock = fixedClock('2027-03-01T09:00:00Z');
let t: TestApp;
let ids: Catalog;
let provider: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ids = await catalog(t);
  provider = await createProvider(t, { firstName: 'Chiamaka', lastName: "O'Neil-Adébáyọ̀" });
  stranger = await createTestUser(t, { role: 'client', firstName: '小龍', lastName: '李' });
});
afterAll(async () => {
  await t.close();
});

describe('the SQL functions the one-statement writes call', () => {
  it('have the bodies the rules render today (a rule change needs a migration that replaces them)', async () => {
    const names = Object.keys(bookingRuleFunctions) as Array<keyof typeof bookingRuleFunctions>;
    const rows = await rawRows<{ name: keyof typeof bookingRuleFunctions; body: string }>(
      t.deps.db,
      sql`SELECT proname AS name, prosrc AS body FROM pg_proc WHERE proname IN (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    for (const row of rows) expect(row.body, row.name).toBe(bookingRuleFunctions[row.name].body());
  });
});

type Change = Partial<typeof bookings.$inferInsert>;
const WORKDAYS = ['2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-08', '2027-03-09', '2027-03-10'];
let taken = 0;

/** The next free slot of the provider (eight a working day). */
async function nextSlot(): Promise<string> {
  const slot = await listedSlot(t, provider.id, WORKDAYS[Math.floor(taken / 8)] as string);
  return slot.identifier;
}

/** A new client's draft (pending, no slot), with `holds` scheduled bookings of the same provider before it; then `change`. */
async function draftIn(change: Change, holds = 0) {
  const client = await createTestUser(t, { role: 'client', firstName: 'Jürgen', lastName: 'Müller-Lüdenscheidt' });
  for (let held = 0; held < holds; held++) {
    const hold = await createBookingVia(t, client, provider, ids);
    await scheduleVia(t, client, hold.identifier, await nextSlot());
    taken += 1;
  }
  const draft = await createBookingVia(t, client, provider, ids);
  if (Object.keys(change).length > 0) {
    await t.deps.db.update(bookings).set(change).where(eq(bookings.id, draft.identifier));
  }
  return { client, bookingId: draft.identifier };
}

const cases: Array<{ name: string; change: Change; holds?: number; other?: true; refusal: string | null }> = [
  { name: 'a draft', change: {}, refusal: null },
  { name: 'expired', change: { status: 'expired', previousStatus: 'pending' }, refusal: 'BOOKING_EXPIRED' },
  {
    name: 'paid',
    change: { status: 'confirmed', previousStatus: 'pending', paidAt: clock.now(), paymentMethod: 'wallet' },
    refusal: 'BOOKING_NOT_SCHEDULABLE',
  },
  { name: "the provider's appointment", change: { createdBy: 'provider' }, refusal: 'BOOKING_NOT_SCHEDULABLE' },
  { name: 'cancelled', change: { status: 'cancelled', previousStatus: 'pending' }, refusal: 'BOOKING_NOT_SCHEDULABLE' },
  { name: "another client's", change: {}, other: true, refusal: 'NOT_FOUND' },
  {
    name: 'at the hold limit with the provider',
    change: {},
    holds: MAX_UNPAID_HOLDS_PER_PROVIDER,
    refusal: 'PROVIDER_HOLD_LIMIT_REACHED',
  },
];

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : error);

describe('the schedule paths apply one rule', () => {
  it.each(cases)('$name: the rendered SQL and the check on the row agree', async ({ change, holds, refusal }) => {
    if (refusal === 'NOT_FOUND' || holds) return; // the owner and the hold counts: the paths below cover them
    const { bookingId } = await draftIn(change);
    const row = await bookingRow(t, bookingId);
    const [read] = await rawRows<{ schedulable: boolean }>(
      t.deps.db,
      sql`SELECT ${whereAll(SCHEDULABLE, bookingScope('bk', {}))} AS schedulable FROM bookings bk WHERE bk.id = ${bookingId}::uuid`,
    );
    expect(firstRefusal(SCHEDULABLE, row, {})).toBe(refusal);
    expect(read?.schedulable).toBe(refusal === null);
  });

  it.each(cases)(
    '$name: the one statement and the transaction answer alike',
    async ({ change, holds, other, refusal }) => {
      const fast = await draftIn(change, holds);
      const slow = await draftIn(change, holds);
      const actorOf = (client: TestUser) => {
        const actor = other ? stranger : client;
        return { userId: actor.id, role: 'client' as const, sessionId: actor.sessionId };
      };
      const before = await bookingRow(t, fast.bookingId);

      const oneStatement = await scheduleInOneStatement(
        t.deps,
        { actor: actorOf(fast.client), bookingId: fast.bookingId, body: { timeslotIdentifier: await nextSlot() } },
        clock.now(),
      );
      if (oneStatement) taken += 1;
      const transaction = await scheduleInTransaction(
        t.deps,
        {
          actor: actorOf(slow.client),
          language: 'en',
          bookingId: slow.bookingId,
          body: { timeslotIdentifier: await nextSlot() },
        },
        clock.now(),
      ).then(
        (booking) => {
          taken += 1;
          return booking;
        },
        (error: unknown) => codeOf(error),
      );

      if (refusal === null) {
        expect(oneStatement?.booking).toMatchObject({ status: 'pending', id: fast.bookingId });
        expect(transaction).toMatchObject({ status: 'pending', identifier: slow.bookingId });
        const rows = await t.deps.db
          .select({ startsAt: bookings.startsAt, holdExpiresAt: bookings.holdExpiresAt })
          .from(bookings)
          .where(inArray(bookings.id, [fast.bookingId, slow.bookingId]));
        for (const row of rows) {
          expect(row.startsAt).not.toBeNull();
          expect(row.holdExpiresAt?.toISOString()).toBe('2027-03-01T09:15:00.000Z');
        }
      } else {
        // The one statement writes nothing and leaves the case to the transaction, which refuses it.
        expect(oneStatement).toBeUndefined();
        expect(transaction).toBe(refusal);
        expect(await bookingRow(t, fast.bookingId)).toEqual(before);
        expect((await bookingRow(t, slow.bookingId)).startsAt).toBeNull();
      }
    },
  );
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/factories.ts';
import { testDriver } from '../../../test/test-database.ts';
import { bookings, providerProfiles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hasDatabaseError } from '../../platform/db-errors.ts';
import { encodeSlotId } from './slot-id.ts';
import { isSlotConflictError, resolveBookableSlot } from './slots-service.ts';

let t: TestApp;
let client: TestUser;
const clock = fixedClock('2027-03-01T09:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  client = await createTestUser(t, { role: 'client' });
});
afterAll(() => t.close());

const secret = () => t.deps.config.APP_SECRET;

async function provider(): Promise<TestUser> {
  const user = await createTestUser(t, { role: 'provider' });
  await t.app.inject({
    method: 'POST',
    url: '/api/provider-availability/days/recurring',
    headers: user.headers,
    payload: {
      days: [{ dayOfWeek: 2, isAvailable: true, timeslotIntervals: [{ startTime: '09:00', endTime: '12:00' }] }],
    },
  });
  return user;
}

/** The identifier of a slot as the public route lists it (Tuesday 2 March, Lagos). */
async function listedSlot(
  providerId: string,
  index = 0,
): Promise<{ identifier: string; startAt: string; endAt: string }> {
  const body = (await t.app.inject({ url: `/api/providers-availability/${providerId}/timeslot/2027-03-02` })).json();
  return body.days[0].timeSlot[index];
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function insertBooking(
  providerId: string,
  startsAt: string,
  endsAt: string,
  status: 'pending' | 'confirmed' | 'cancelled',
) {
  return t.deps.db
    .insert(bookings)
    .values({ clientId: client.id, providerId, status, startsAt: new Date(startsAt), endsAt: new Date(endsAt) })
    .returning({ id: bookings.id });
}

describe('resolveBookableSlot (for the bookings module)', () => {
  it('resolves a listed slot to its instants', async () => {
    const user = await provider();
    const slot = await listedSlot(user.id, 1);
    const resolved = await resolveBookableSlot(t.deps.db, {
      providerId: user.id,
      slotId: slot.identifier,
      now: clock.now(),
      secret: secret(),
    });
    expect(resolved).toEqual({
      providerId: user.id,
      categoryId: null,
      startsAt: new Date(slot.startAt),
      endsAt: new Date(slot.endAt),
      sessionMinutes: 60,
      providerTimezone: 'Africa/Lagos',
    });
  });

  it("works inside the booking transaction, and sees that transaction's own writes", async () => {
    const user = await provider();
    const slot = await listedSlot(user.id);
    const error = await t.deps.db
      .transaction(async (tx) => {
        const options = { providerId: user.id, slotId: slot.identifier, now: clock.now(), secret: secret() };
        await expect(resolveBookableSlot(tx, options)).resolves.toMatchObject({ startsAt: new Date(slot.startAt) });
        await tx.insert(bookings).values({
          clientId: client.id,
          providerId: user.id,
          startsAt: new Date(slot.startAt),
          endsAt: new Date(slot.endAt),
        });
        await resolveBookableSlot(tx, options);
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SLOT_UNAVAILABLE');
    // Rolled back with the transaction.
    expect(await t.deps.db.select().from(bookings).where(eq(bookings.providerId, user.id))).toEqual([]);
  });

  it('refuses a forged, tampered or foreign identifier as a timeslotIdentifier error', async () => {
    const user = await provider();
    const other = await provider();
    const slot = await listedSlot(user.id);
    const forged = encodeSlotId('another-secret-that-is-long-enough-for-this', {
      providerId: user.id,
      categoryId: null,
      startMs: Date.parse(slot.startAt),
      durationMinutes: 60,
      revision: 0,
    });
    for (const [providerId, slotId] of [
      [user.id, forged],
      [user.id, 'garbage'],
      [other.id, slot.identifier],
    ] as const) {
      const error = await failure(
        resolveBookableSlot(t.deps.db, { providerId, slotId, now: clock.now(), secret: secret() }),
      );
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fieldErrors).toEqual({ timeslotIdentifier: ['availability.slotInvalid'] });
    }
  });

  it('refuses a slot that has passed, is booked, or left the availability; a reschedule may ignore its own booking', async () => {
    const user = await provider();
    const slot = await listedSlot(user.id);
    const resolve = (options: { now?: Date; ignoreBookingId?: string } = {}) =>
      resolveBookableSlot(t.deps.db, {
        providerId: user.id,
        slotId: slot.identifier,
        now: options.now ?? clock.now(),
        secret: secret(),
        ignoreBookingId: options.ignoreBookingId,
      });

    expect((await failure(resolve({ now: new Date(slot.startAt) }))).code).toBe('SLOT_UNAVAILABLE');

    const [booking] = await insertBooking(user.id, slot.startAt, slot.endAt, 'pending');
    expect((await failure(resolve())).code).toBe('SLOT_UNAVAILABLE');
    await expect(resolve({ ignoreBookingId: booking?.id })).resolves.toMatchObject({ sessionMinutes: 60 });
    await t.deps.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, booking?.id as string));
    await expect(resolve()).resolves.toMatchObject({ startsAt: new Date(slot.startAt) });

    await t.app.inject({
      method: 'POST',
      url: '/api/provider-availability/days/custom',
      headers: user.headers,
      payload: { date: '2027-03-02', isAvailable: false },
    });
    expect((await failure(resolve())).code).toBe('SLOT_UNAVAILABLE');
  });

  it('refuses a slot whose session length changed since it was listed', async () => {
    const user = await provider();
    const slot = await listedSlot(user.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/provider-availability/settings',
      headers: user.headers,
      payload: { sessionMinutes: 90 },
    });
    const error = await failure(
      resolveBookableSlot(t.deps.db, {
        providerId: user.id,
        slotId: slot.identifier,
        now: clock.now(),
        secret: secret(),
      }),
    );
    expect(error.code).toBe('SLOT_UNAVAILABLE');
  });

  it('answers NOT_FOUND once the provider is no longer approved', async () => {
    const user = await provider();
    const slot = await listedSlot(user.id);
    await t.deps.db
      .update(providerProfiles)
      .set({ verificationStatus: 'rejected', approvedAt: null }) // what a rejection writes (credentials/review.ts)
      .where(eq(providerProfiles.userId, user.id));
    const error = await failure(
      resolveBookableSlot(t.deps.db, {
        providerId: user.id,
        slotId: slot.identifier,
        now: clock.now(),
        secret: secret(),
      }),
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('bookings_no_overlap constraint', () => {
  it('rejects an overlapping pending-or-confirmed booking of the same provider', async () => {
    const user = await provider();
    await insertBooking(user.id, '2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z', 'confirmed');
    const error = await insertBooking(user.id, '2027-03-02T08:30:00Z', '2027-03-02T09:30:00Z', 'pending').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isSlotConflictError(error)).toBe(true);
    const rows = await t.deps.db.select().from(bookings).where(eq(bookings.providerId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts touching bookings, cancelled overlaps and other providers', async () => {
    const user = await provider();
    const other = await provider();
    await insertBooking(user.id, '2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z', 'confirmed');
    await insertBooking(user.id, '2027-03-02T09:00:00Z', '2027-03-02T10:00:00Z', 'pending');
    await insertBooking(user.id, '2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z', 'cancelled');
    await insertBooking(other.id, '2027-03-02T08:00:00Z', '2027-03-02T09:00:00Z', 'confirmed');
    const rows = await t.deps.db.select().from(bookings).where(eq(bookings.providerId, user.id));
    expect(rows).toHaveLength(3);
  });

  it('refuses ends before starts', async () => {
    const user = await provider();
    await expect(insertBooking(user.id, '2027-03-02T09:00:00Z', '2027-03-02T08:00:00Z', 'pending')).rejects.toThrow();
  });

  describe.runIf(testDriver === 'pg')('under concurrency (PostgreSQL)', () => {
    it('lets exactly one of ten simultaneous bookings of the same slot through', async () => {
      const user = await provider();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          insertBooking(user.id, '2027-03-02T10:00:00Z', '2027-03-02T11:00:00Z', 'pending'),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      // Two inserts that conflict at the same instant can each wait for the other under an
      // exclusion constraint, and PostgreSQL then ends one as a deadlock (the booking path takes
      // the calendar lock first, so it never meets this): a refusal either way.
      const deadlock = (reason: unknown) => hasDatabaseError(reason, ({ code }) => code === '40P01');
      for (const result of results) {
        if (result.status === 'rejected') {
          expect(isSlotConflictError(result.reason) || deadlock(result.reason), String(result.reason)).toBe(true);
        }
      }
    });
  });
});

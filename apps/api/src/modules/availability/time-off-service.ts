import { TIME_OFF_MAX_DAYS } from '@app/shared/calendar-rules';
import type { TimeOff, TimeOffInput, TimeOffList } from '@app/shared/schemas/availability';
import { addDays, isoInstant, timeToMinutes, toZoned, zonedDate, zonedInstant } from '@app/shared/slots';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { availabilityTimeOff, bookings, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { busyWhere } from './calendar-data.ts';
import { refreshListingSlots } from './listing-slots.ts';
import { type AvailabilityDeps, raiseCalendarOpened } from './service.ts';

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

async function providerZone(db: Tx, providerId: string): Promise<string> {
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, providerId));
  if (!row) throw new AppError('NOT_FOUND');
  return row.timezone;
}

type TimeOffRow = typeof availabilityTimeOff.$inferSelect;

/**
 * The sessions already booked inside each range: the same busy time the slot engine counts
 * (busyWhere), so what the provider is asked to move is exactly what still holds the time.
 */
async function sessionsInside(db: Tx, providerId: string, rows: readonly TimeOffRow[], now: Date) {
  const inside = new Map<string, TimeOff['sessions']>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return inside;
  const from = new Date(Math.min(...rows.map((row) => row.startsAt.getTime())));
  const to = new Date(Math.max(...rows.map((row) => row.endsAt.getTime())));
  const sessions = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.clientId))
    .where(
      busyWhere({
        provider: eq(bookings.providerId, providerId),
        from: from.toISOString(),
        to: to.toISOString(),
        now: now.toISOString(),
        except: gt(bookings.endsAt, now),
      }),
    )
    .orderBy(asc(bookings.startsAt));
  for (const row of rows) {
    const list = inside.get(row.id) ?? [];
    for (const session of sessions) {
      if (!session.startsAt || !session.endsAt) continue;
      if (session.startsAt < row.endsAt && session.endsAt > row.startsAt) {
        list.push({
          bookingIdentifier: session.id,
          startAt: session.startsAt.toISOString(),
          endAt: session.endsAt.toISOString(),
          status: session.status === 'confirmed' ? 'confirmed' : 'pending',
          clientName: [session.firstName, session.lastName].filter(Boolean).join(' ') || null,
        });
      }
    }
  }
  return inside;
}

function toTimeOff(row: TimeOffRow, zone: string, sessions: TimeOff['sessions']): TimeOff {
  const start = toZoned(row.startsAt.getTime(), zone);
  const end = toZoned(row.endsAt.getTime(), zone);
  return {
    identifier: row.id,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    startAt: isoInstant(row.startsAt.getTime()),
    endAt: isoInstant(row.endsAt.getTime()),
    note: row.note,
    sessions,
  };
}

/** The provider's time off that has not ended, earliest first, each with the sessions booked inside. */
export async function listTimeOff(deps: AvailabilityDeps, options: { actor: Actor }): Promise<TimeOffList> {
  const { db } = deps;
  assertProvider(options.actor);
  const now = deps.clock.now();
  const providerId = options.actor.userId;
  const zone = await providerZone(db, providerId);
  const rows = await db
    .select()
    .from(availabilityTimeOff)
    .where(and(eq(availabilityTimeOff.providerId, providerId), gt(availabilityTimeOff.endsAt, now)))
    .orderBy(asc(availabilityTimeOff.startsAt));
  const sessions = await sessionsInside(db, providerId, rows, now);
  return { timezone: zone, timeOff: rows.map((row) => toTimeOff(row, zone, sessions.get(row.id) ?? [])) };
}

/**
 * Adds a range of time off, read as wall-clock time in the provider's zone (a time skipped by a
 * DST change moves forward by the gap; a repeated one is its earlier occurrence). Its end must be
 * in the future and within a year. The listing's next free slot moves in the same transaction.
 */
export async function addTimeOff(
  deps: AvailabilityDeps,
  options: { actor: Actor; input: TimeOffInput },
): Promise<TimeOff> {
  const { db } = deps;
  assertProvider(options.actor);
  const now = deps.clock.now();
  const providerId = options.actor.userId;
  const { input } = options;
  const zone = await providerZone(db, providerId);
  const startsAt = zonedInstant(input.startDate, timeToMinutes(input.startTime) ?? 0, zone, 'earlier');
  const endsAt = zonedInstant(input.endDate, timeToMinutes(input.endTime) ?? 0, zone, 'earlier');
  if (endsAt <= startsAt) throw fieldError('endDate', 'availability.timeOffEndAfterStart');
  if (endsAt <= now.getTime()) throw fieldError('endDate', 'availability.timeOffEnded');
  if (input.endDate > addDays(zonedDate(now.getTime(), zone), TIME_OFF_MAX_DAYS)) {
    throw fieldError('endDate', 'availability.timeOffTooFar');
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(availabilityTimeOff)
      .values({
        providerId,
        startsAt: new Date(startsAt),
        endsAt: new Date(endsAt),
        note: input.note ? input.note : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await refreshListingSlots(tx, [providerId], now);
    return inserted as TimeOffRow;
  });
  const sessions = await sessionsInside(db, providerId, [row], now);
  return toTimeOff(row, zone, sessions.get(row.id) ?? []);
}

/** Removes one of the provider's ranges (another provider's: 404). */
export async function deleteTimeOff(deps: AvailabilityDeps, options: { actor: Actor; id: string }): Promise<void> {
  const { db } = deps;
  assertProvider(options.actor);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(availabilityTimeOff)
      .where(and(eq(availabilityTimeOff.id, options.id), eq(availabilityTimeOff.providerId, options.actor.userId)))
      .returning({ id: availabilityTimeOff.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    await refreshListingSlots(tx, [options.actor.userId], now);
    await raiseCalendarOpened(tx, deps, options.actor.userId, now);
  });
}

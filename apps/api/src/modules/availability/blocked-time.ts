import type { Interval } from '@app/shared/slots';
import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { availabilityTimeOff } from '../../db/schema/index.ts';

/**
 * The one place where the time a provider cannot be booked is gathered, for every read and check
 * of the slot engine (the provider's month, the public day and month, the next free slots, the
 * slot check of a booking): time off ranges, and any other source of blocked time (busy times of
 * external calendars) added here. Each provider's intervals come sorted by start; they may
 * overlap. The engine (slotRefusals in @app/shared/calendar-rules) keeps every session and its
 * buffers out of them.
 */
export async function loadBlockedTime(
  db: Tx,
  providerIds: readonly string[],
  window: Interval,
): Promise<Map<string, Interval[]>> {
  const blocked = new Map<string, Interval[]>(providerIds.map((id) => [id, []]));
  if (providerIds.length === 0 || window.endMs <= window.startMs) return blocked;
  const timeOff = await db
    .select({
      providerId: availabilityTimeOff.providerId,
      startsAt: availabilityTimeOff.startsAt,
      endsAt: availabilityTimeOff.endsAt,
    })
    .from(availabilityTimeOff)
    .where(
      and(
        inArray(availabilityTimeOff.providerId, [...providerIds]),
        lt(availabilityTimeOff.startsAt, new Date(window.endMs)),
        gt(availabilityTimeOff.endsAt, new Date(window.startMs)),
      ),
    )
    .orderBy(asc(availabilityTimeOff.startsAt));
  for (const row of timeOff) {
    blocked.get(row.providerId)?.push({ startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime() });
  }
  for (const list of blocked.values()) list.sort((a, b) => a.startMs - b.startMs);
  return blocked;
}

/** loadBlockedTime for one provider. */
export async function loadProviderBlockedTime(db: Tx, providerId: string, window: Interval): Promise<Interval[]> {
  return (await loadBlockedTime(db, [providerId], window)).get(providerId) ?? [];
}

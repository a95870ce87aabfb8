import { type Interval, overlappingBusy } from '@app/shared/slots';
import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { externalBusyTimes } from '../../db/schema/index.ts';

/**
 * Busy times of providers' external calendars overlapping a window, per provider, sorted by
 * start. The calendar-feeds module's job writes the table; the engine only reads it (it never
 * imports that module: docs/decisions/availability-calendar-feeds.md).
 */
export async function loadExternalBusy(
  db: Tx,
  providerIds: readonly string[],
  window: Interval,
): Promise<Map<string, Interval[]>> {
  const busy = new Map<string, Interval[]>(providerIds.map((id) => [id, []]));
  if (providerIds.length === 0 || window.endMs <= window.startMs) return busy;
  const rows = await db
    .select({
      providerId: externalBusyTimes.providerId,
      startsAt: externalBusyTimes.startsAt,
      endsAt: externalBusyTimes.endsAt,
    })
    .from(externalBusyTimes)
    .where(
      and(
        inArray(externalBusyTimes.providerId, [...providerIds]),
        lt(externalBusyTimes.startsAt, new Date(window.endMs)),
        gt(externalBusyTimes.endsAt, new Date(window.startMs)),
      ),
    )
    .orderBy(asc(externalBusyTimes.startsAt));
  for (const row of rows) {
    busy.get(row.providerId)?.push({ startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime() });
  }
  return busy;
}

/** The slots (in time order) no external busy time overlaps. */
export function withoutExternalBusy<T extends Interval>(slots: readonly T[], busy: readonly Interval[]): T[] {
  if (busy.length === 0) return [...slots];
  const taken = overlappingBusy(slots, busy);
  return slots.filter((_slot, index) => taken[index] === -1);
}

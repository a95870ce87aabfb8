import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { providerDirectory, users } from '../../db/schema/index.ts';
import type { ProviderApprovedHandler } from '../../platform/events.ts';
import { type CalendarOwner, nextFreeSlots } from './next-free-slot.ts';

/**
 * provider_directory.next_available_at is the first free slot of each provider: the listing
 * rule's "a bookable slot soon" (credentials/listing.ts) and the directory card's "next free
 * time". It is rewritten here, inside the transaction of every change that moves it (calendar
 * settings, weekly days and specific dates, approval, a booking taking or giving back a time), so
 * a reader never sees a provider listed without a free slot or a card without the time the
 * provider's page offers; the directory job (directory/next-available.ts) only follows the
 * clock (slots passing, the window moving on).
 *
 * The directory rows are locked first: a change committed meanwhile by another transaction is
 * then seen by the reads that follow (READ COMMITTED), so the last writer never stores a slot
 * computed from a calendar it did not see.
 */
export async function refreshListingSlots(db: Tx, providerIds: readonly string[], now: Date): Promise<void> {
  const ids = [...new Set(providerIds)];
  if (ids.length === 0) return;
  await db
    .select({ id: providerDirectory.providerId })
    .from(providerDirectory)
    .where(inArray(providerDirectory.providerId, ids))
    .orderBy(providerDirectory.providerId)
    .for('update');
  const owners = await db
    .select({ providerId: users.id, timezone: users.timezone })
    .from(users)
    .where(inArray(users.id, ids));
  await writeNextAvailable(db, owners, await nextFreeSlots(db, owners, now), now);
}

/** The reaction to an approval (wired in app.ts): the approved provider's first free slot, now. */
export const refreshOnApproval: ProviderApprovedHandler = (tx, event) =>
  refreshListingSlots(tx, [event.providerId], event.at);

/** Stores each owner's first free slot (null: none), touching only the rows where it moved. */
export async function writeNextAvailable(
  db: Tx,
  owners: readonly CalendarOwner[],
  next: Map<string, Date | null>,
  now: Date,
): Promise<void> {
  if (owners.length === 0) return;
  // Array literals of uuids and ISO instants: neither can contain a comma, a brace or a quote.
  const ids = `{${owners.map((owner) => owner.providerId).join(',')}}`;
  const ats = `{${owners.map((owner) => next.get(owner.providerId)?.toISOString() ?? 'NULL').join(',')}}`;
  // Only the rows whose slot moved: rewriting every row every minute would leave the searched
  // table a dead version per provider a minute for vacuum to clear.
  await db.execute(sql`UPDATE provider_directory AS d
    SET next_available_at = x.at, next_checked_at = ${now.toISOString()}::timestamptz
    FROM unnest(${ids}::uuid[], ${ats}::timestamptz[]) AS x(id, at)
    WHERE d.provider_id = x.id AND d.next_available_at IS DISTINCT FROM x.at`);
}

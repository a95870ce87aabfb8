import { isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { rawRows } from '../../platform/prepared.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';

/**
 * Who is a provider's client (SPEC.md §1 "manage … clients"): everyone who booked them (any
 * booking with a time, any status; a draft without one stays the client's own) and everyone they imported (provider_clients). A client is named by their
 * account id when they have an account, else by the provider's record id; both ids resolve here.
 */
export interface ResolvedClient {
  /** The id pages use: the account id, else the record id. */
  identifier: string;
  userId: string | null;
  recordId: string | null;
  /** They booked this provider at least once. */
  booked: boolean;
}

/** The provider's client named `id` (account or record id); someone else's, or no one: NOT_FOUND. */
export async function resolveClient(db: Tx, input: { providerId: string; id: string }): Promise<ResolvedClient> {
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const [row] = await rawRows<{ record_id: string | null; linked_user: string | null; booked: boolean }>(
    db,
    sql`WITH rec AS (
          SELECT id, user_id FROM provider_clients
           WHERE provider_id = ${input.providerId} AND (id = ${input.id} OR user_id = ${input.id})
           ORDER BY (user_id = ${input.id}) DESC NULLS LAST LIMIT 1)
        SELECT (SELECT id FROM rec) AS record_id, (SELECT user_id FROM rec) AS linked_user,
               EXISTS (SELECT 1 FROM bookings b
                        WHERE b.client_id = coalesce((SELECT user_id FROM rec), ${input.id}::uuid)
                          AND b.provider_id = ${input.providerId} AND b.starts_at IS NOT NULL) AS booked`,
  );
  if (!row || (!row.record_id && !row.booked)) throw new AppError('NOT_FOUND');
  const userId = row.linked_user ?? (row.booked ? input.id : null);
  return { identifier: userId ?? (row.record_id as string), userId, recordId: row.record_id, booked: row.booked };
}

/**
 * A booking relates its two people once it has a time: a draft ("No time chosen") stays the
 * client's own, so it neither makes them the provider's client nor lets either message the other.
 */
export const bookingRelates = isNotNull(bookings.startsAt);

/**
 * Whether this account is the provider's client: a booking with them (bookingRelates), or an
 * imported record linked to the account. The appointment flow (POST /appointment) asks this.
 */
export async function isClientOf(db: Tx, input: { providerId: string; clientUserId: string }): Promise<boolean> {
  const [row] = await rawRows<{ related: boolean }>(db, sql`SELECT ${clientOf(input)} AS related`);
  return Boolean(row?.related);
}

/** isClientOf as an SQL condition, for a statement that reads only for the provider's clients. */
export function clientOf(input: { providerId: string | SQLWrapper; clientUserId: string | SQLWrapper }): SQL {
  return sql`(EXISTS (SELECT 1 FROM bookings WHERE client_id = ${input.clientUserId} AND provider_id = ${input.providerId}
                                               AND ${bookingRelates})
           OR EXISTS (SELECT 1 FROM provider_clients WHERE provider_id = ${input.providerId}
                                                       AND user_id = ${input.clientUserId}))`;
}

/**
 * The provider's record of a client, made (source `booking`) for a client who only booked, so
 * every note hangs on one row. Safe under concurrency: the unique (provider, user) index decides.
 */
export async function ensureClientRecord(
  db: Tx,
  input: { providerId: string; client: ResolvedClient; now: Date },
): Promise<string> {
  if (input.client.recordId) return input.client.recordId;
  const userId = input.client.userId;
  if (!userId) throw new AppError('NOT_FOUND');
  const [row] = await rawRows<{ id: string }>(
    db,
    sql`WITH made AS (
          INSERT INTO provider_clients (provider_id, user_id, source, created_at)
          VALUES (${input.providerId}, ${userId}, 'booking', ${input.now})
          ON CONFLICT (provider_id, user_id) WHERE user_id IS NOT NULL DO NOTHING
          RETURNING id)
        SELECT id FROM made
        UNION ALL
        SELECT id FROM provider_clients WHERE provider_id = ${input.providerId} AND user_id = ${userId}
        LIMIT 1`,
  );
  if (row) return row.id;
  // Another transaction made it after this statement's snapshot: a new statement sees it.
  const [made] = await rawRows<{ id: string }>(
    db,
    sql`SELECT id FROM provider_clients WHERE provider_id = ${input.providerId} AND user_id = ${userId}`,
  );
  if (!made) throw new AppError('INTERNAL');
  return made.id;
}

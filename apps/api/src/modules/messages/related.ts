import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';

/**
 * Whether two people may message each other: today, a booking between them (either direction).
 * Imported-client relations join here later; every message route asks only this function.
 */
export async function areRelated(db: Tx, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(
      or(
        and(eq(bookings.clientId, a), eq(bookings.providerId, b)),
        and(eq(bookings.clientId, b), eq(bookings.providerId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The SQL set of user ids related to `userId` (for the contacts list); grows with areRelated. */
export function relatedUserIdsSql(userId: string) {
  return sql`(
    SELECT provider_id AS id FROM bookings WHERE client_id = ${userId}
    UNION
    SELECT client_id AS id FROM bookings WHERE provider_id = ${userId}
  )`;
}

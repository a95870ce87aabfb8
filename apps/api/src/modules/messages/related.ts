import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, providerClients } from '../../db/schema/index.ts';
import { bookingRelates } from '../clients/relation.ts';

/**
 * Whether two people may message each other: a booking with a time between them (either
 * direction; a draft relates no one, clients/relation.ts bookingRelates), or a
 * provider's imported client record linked to the other's account (clients module). Every
 * message route asks only this function.
 */
export async function areRelated(db: Tx, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const [booked] = await db
    .select({ one: sql<number>`1` })
    .from(bookings)
    .where(
      and(
        bookingRelates,
        or(
          and(eq(bookings.clientId, a), eq(bookings.providerId, b)),
          and(eq(bookings.clientId, b), eq(bookings.providerId, a)),
        ),
      ),
    )
    .limit(1);
  if (booked) return true;
  const [imported] = await db
    .select({ one: sql<number>`1` })
    .from(providerClients)
    .where(
      or(
        and(eq(providerClients.providerId, a), eq(providerClients.userId, b)),
        and(eq(providerClients.providerId, b), eq(providerClients.userId, a)),
      ),
    )
    .limit(1);
  return Boolean(imported);
}

/** The SQL set of user ids related to `userId` (for the contacts list); grows with areRelated. */
export function relatedUserIdsSql(userId: string) {
  return sql`(
    SELECT provider_id AS id FROM bookings WHERE client_id = ${userId} AND ${bookingRelates}
    UNION
    SELECT client_id AS id FROM bookings WHERE provider_id = ${userId} AND ${bookingRelates}
    UNION
    SELECT provider_id AS id FROM provider_clients WHERE user_id = ${userId}
    UNION
    SELECT user_id AS id FROM provider_clients WHERE provider_id = ${userId} AND user_id IS NOT NULL
  )`;
}

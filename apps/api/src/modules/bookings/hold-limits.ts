import { holdLimitRefusal } from '@app/shared/booking-rules';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { rawRows } from '../../platform/prepared.ts';

/** Stands for "no booking to ignore" (the counting function compares ids, and NULL would match nothing). */
const NO_BOOKING = '00000000-0000-0000-0000-000000000000';

/**
 * The fair-holds rule (docs/decisions/security-fair-holds-3-unpaid-bookings-per-provider-10.md): refuses a client's new unpaid hold
 * (one booking, or a whole series) with `providerId` when it would pass
 * MAX_UNPAID_HOLDS_PER_PROVIDER or MAX_UNPAID_HOLDS (HOLD_LIMIT). The SQL function booking_client_hold_counts takes the client's advisory lock
 * and counts with a fresh snapshot, so concurrent holds of one client are decided one after
 * another and never pass the caps. Call it inside the transaction that writes the hold, after
 * the provider's calendar lock (the lock order: provider, then client).
 */
export async function assertHoldAllowed(
  tx: Tx,
  input: { clientId: string; providerId: string; now: Date; bookingId?: string },
): Promise<void> {
  const [row] = await rawRows<{ counts: number[] }>(
    tx,
    sql`SELECT booking_client_hold_counts(${input.clientId}::uuid, ${input.providerId}::uuid,
      ${input.now.toISOString()}::timestamptz, ${input.bookingId ?? NO_BOOKING}::uuid) AS counts`,
  );
  const [held = 0, heldWithProvider = 0] = row?.counts ?? [];
  const refusal = holdLimitRefusal({ held, heldWithProvider });
  if (refusal) throw new AppError(refusal.code, { max: refusal.max });
}

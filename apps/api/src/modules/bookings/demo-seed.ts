import { addDays, isoWeekday, zonedDate, zonedInstant } from '@app/shared/slots';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings, providerBookingFees, therapyCategories, users } from '../../db/schema/index.ts';
import { payFromWallet } from '../money/escrow.ts';
import { postTransaction } from '../money/ledger.ts';
import { topUpLines } from '../money/postings.ts';
import { references } from '../money/references.ts';

/** What the demo client keeps in the wallet after paying the demo booking: ₦100,000. */
export const DEMO_WALLET_BALANCE_MINOR = 10_000_000;

async function userId(db: Tx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/**
 * The demo client's money and appointment: a card top-up (a real ledger transaction, as a
 * verified gateway payment would post it) and one confirmed session with the demo provider,
 * 3-4 days ahead on a weekday at 10:00 Lagos time, paid from the wallet so that ₦100,000 stay.
 * Idempotent: the top-up has a fixed reference, and nothing is booked when the two already
 * have a booking.
 */
export async function seedDemoBookings(
  db: Tx,
  input: { now: Date; clientEmail: string; providerEmail: string },
): Promise<void> {
  const clientId = await userId(db, input.clientEmail);
  const providerId = await userId(db, input.providerEmail);
  if (!clientId || !providerId) return;
  const [existing] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), eq(bookings.providerId, providerId)))
    .limit(1);
  if (existing) return;
  const [fee] = await db
    .select({ feeMinor: providerBookingFees.feeMinor, currencyCode: providerBookingFees.currencyCode })
    .from(providerBookingFees)
    .where(and(eq(providerBookingFees.providerId, providerId), isNull(providerBookingFees.therapyCategoryId)));
  const [therapy] = await db
    .select({ id: therapyCategories.id })
    .from(therapyCategories)
    .where(eq(therapyCategories.key, 'individual-therapy'));
  if (!fee || !therapy) return;

  const zone = 'Africa/Lagos';
  let date = addDays(zonedDate(input.now.getTime(), zone), 3);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  const startsAt = new Date(zonedInstant(date, 10 * 60, zone, 'earlier'));
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);

  await db.transaction(async (tx) => {
    await postTransaction(tx, {
      type: 'top_up',
      reference: references.demoTopUp(clientId),
      at: input.now,
      description: 'Demo top-up',
      metadata: { channel: 'card' },
      lines: topUpLines({
        userId: clientId,
        amountMinor: DEMO_WALLET_BALANCE_MINOR + fee.feeMinor,
        currencyCode: fee.currencyCode,
        gateway: 'sandbox',
        reference: references.demoTopUp(clientId),
      }),
    });
    const [booking] = await tx
      .insert(bookings)
      .values({
        clientId,
        providerId,
        therapyCategoryId: therapy.id,
        modalityKey: 'video-session',
        status: 'confirmed',
        previousStatus: 'pending',
        startsAt,
        endsAt,
        note: 'I would like to talk about stress at work.',
        priceMinor: fee.feeMinor,
        currencyCode: fee.currencyCode,
        createdBy: 'client',
        paidAt: input.now,
        paymentMethod: fee.feeMinor > 0 ? 'wallet' : 'free',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: bookings.id });
    if (!booking) throw new Error('demo booking insert failed');
    if (fee.feeMinor > 0) {
      await payFromWallet(tx, {
        userId: clientId,
        amountMinor: fee.feeMinor,
        currencyCode: fee.currencyCode,
        reference: references.bookingPayment(booking.id),
        bookingId: booking.id,
        at: input.now,
      });
    }
    await tx.insert(bookingEvents).values(
      ['scheduled', 'paid', 'confirmed'].map((type) => ({
        bookingId: booking.id,
        type,
        actorRole: 'client' as const,
        data: type === 'paid' ? { method: 'wallet', amountMinor: fee.feeMinor } : {},
        createdAt: input.now,
      })),
    );
  });
}

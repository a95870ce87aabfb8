import { addDays, isoWeekday, zonedDate, zonedInstant } from '@app/shared/slots';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings, providerBookingFees, therapyCategories, users } from '../../db/schema/index.ts';
import { upcomingFreeSlots } from '../../modules/availability/next-free-slot.ts';
import { payFromWallet } from '../../modules/money/escrow.ts';
import { postTransaction } from '../../modules/money/ledger.ts';
import { topUpLines } from '../../modules/money/postings.ts';
import { references } from '../../modules/money/references.ts';

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

/** "Fully booked this week": every free slot of the next 7 days is taken. */
const FULL_WEEK_MS = 7 * 24 * 60 * 60_000;
/** Enough slot starts to cover a week of any demo practice's hours. */
const MOST_SLOTS_A_WEEK = 60;

/**
 * Fills the next 7 days of some demo providers with confirmed video sessions of the demo
 * reviewers (in turn), each paid from the reviewer's wallet after a demo top-up, so the directory
 * shows practices with nothing free this week. Free slots come from the slot engine
 * (upcomingFreeSlots), so the bookings sit exactly on the provider's hours.
 */
export async function seedDemoFullWeeks(
  db: Tx,
  input: { now: Date; providerEmails: readonly string[]; clientEmails: readonly string[] },
): Promise<void> {
  if (input.providerEmails.length === 0 || input.clientEmails.length === 0) return;
  const providers = await db
    .select({
      id: users.id,
      timezone: users.timezone,
      feeMinor: providerBookingFees.feeMinor,
      currencyCode: providerBookingFees.currencyCode,
    })
    .from(users)
    .innerJoin(
      providerBookingFees,
      and(eq(providerBookingFees.providerId, users.id), isNull(providerBookingFees.therapyCategoryId)),
    )
    .where(inArray(users.email, [...input.providerEmails]));
  const clients = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...input.clientEmails]));
  const [therapy] = await db
    .select({ id: therapyCategories.id })
    .from(therapyCategories)
    .where(eq(therapyCategories.key, 'individual-therapy'));
  if (providers.length === 0 || clients.length === 0 || !therapy) return;
  const slots = await upcomingFreeSlots(
    db,
    providers.map((provider) => ({ providerId: provider.id, timezone: provider.timezone })),
    input.now,
    MOST_SLOTS_A_WEEK,
  );
  const weekEnd = input.now.getTime() + FULL_WEEK_MS;
  let turn = 0;
  await db.transaction(async (tx) => {
    for (const provider of providers) {
      const starts = (slots.get(provider.id) ?? []).filter((start) => start.getTime() < weekEnd);
      for (const startsAt of starts) {
        const clientId = (clients[turn % clients.length] as { id: string }).id;
        turn += 1;
        const [booking] = await tx
          .insert(bookings)
          .values({
            clientId,
            providerId: provider.id,
            therapyCategoryId: therapy.id,
            modalityKey: 'video-session',
            status: 'confirmed',
            previousStatus: 'pending',
            startsAt,
            endsAt: new Date(startsAt.getTime() + 60 * 60_000),
            priceMinor: provider.feeMinor,
            currencyCode: provider.currencyCode,
            createdBy: 'client',
            paidAt: input.now,
            paymentMethod: 'wallet',
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning({ id: bookings.id });
        if (!booking) throw new Error('demo booking insert failed');
        const reference = references.demoBookingTopUp(booking.id);
        await postTransaction(tx, {
          type: 'top_up',
          reference,
          at: input.now,
          description: 'Demo top-up',
          metadata: { channel: 'card' },
          lines: topUpLines({
            userId: clientId,
            amountMinor: provider.feeMinor,
            currencyCode: provider.currencyCode,
            gateway: 'sandbox',
            reference,
          }),
        });
        await payFromWallet(tx, {
          userId: clientId,
          amountMinor: provider.feeMinor,
          currencyCode: provider.currencyCode,
          reference: references.bookingPayment(booking.id),
          bookingId: booking.id,
          at: input.now,
        });
        await tx.insert(bookingEvents).values(
          ['scheduled', 'paid', 'confirmed'].map((type) => ({
            bookingId: booking.id,
            type,
            actorRole: 'client' as const,
            data: type === 'paid' ? { method: 'wallet', amountMinor: provider.feeMinor } : {},
            createdAt: input.now,
          })),
        );
      }
    }
  });
}

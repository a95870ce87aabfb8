import { randomUUID } from 'node:crypto';
import type { Language } from '@app/shared/constants';
import type { CurrencyCode } from '@app/shared/currency';
import { formatMoney } from '@app/shared/money';
import type { Booking } from '@app/shared/schemas/bookings';
import type { RebookBody } from '@app/shared/schemas/session-room';
import { REBOOK_WINDOW_HOURS, rebookOffer } from '@app/shared/session-rules';
import { and, eq } from 'drizzle-orm';
import { bookings, sessionOutcomes } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { loadOwnBooking, lockProviderCalendar, recordEvent } from '../bookings/booking-data.ts';
import { bookingView, viewContext } from '../bookings/booking-view.ts';
import { takeSlot, withSlotRace } from '../bookings/take-slot.ts';
import { payFromWallet } from '../money/escrow.ts';
import { references } from '../money/references.ts';

/**
 * POST /booking/{id}/rebook: the client replaces a session they missed (half the fee, from the
 * wallet) or that was interrupted (free), within 48 hours of its end, once. The replacement is a
 * new confirmed booking with the same therapist, therapy and format on a slot of their calendar
 * (checked like any booking: calendar lock, takeSlot, the no-overlap constraint); its price is
 * paid from the wallet into escrow in the same transaction (short: 409 INSUFFICIENT_FUNDS, nothing
 * changes) and earned by the provider when it is held, like any session. `acceptedPriceMinor`
 * must be the offer's current price (REBOOK_PRICE_CHANGED otherwise). Answers the new booking.
 */
export async function rebookMissedSession(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: RebookBody },
): Promise<Booking> {
  const now = deps.clock.now();
  const { newBookingId, eventIds } = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      const [head] = await tx
        .select({ providerId: bookings.providerId })
        .from(bookings)
        .where(and(eq(bookings.id, input.bookingId), eq(bookings.clientId, input.actor.userId)));
      if (!head) throw new AppError('NOT_FOUND');
      // The calendar lock before any row lock, like every transaction that takes a slot.
      await lockProviderCalendar(tx, head.providerId);
      const original = await loadOwnBooking(tx, {
        bookingId: input.bookingId,
        actor: input.actor,
        party: 'client',
        lock: true,
      });
      const [outcome] = await tx
        .select()
        .from(sessionOutcomes)
        .where(eq(sessionOutcomes.bookingId, original.id))
        .for('update');
      const offer =
        outcome && original.endsAt
          ? rebookOffer({
              outcome: outcome.outcome,
              endsAt: original.endsAt,
              now,
              priceMinor: original.priceMinor,
              rebooked: outcome.rebookedBookingId !== null,
            })
          : ({ offered: false } as const);
      if (!offer.offered) throw new AppError('REBOOK_NOT_OFFERED', { hours: REBOOK_WINDOW_HOURS });
      if (offer.priceMinor !== input.body.acceptedPriceMinor) {
        throw new AppError('REBOOK_PRICE_CHANGED', {
          amount: formatMoney(offer.priceMinor, original.currencyCode as CurrencyCode, input.language),
        });
      }
      const id = randomUUID();
      const slot = await takeSlot(tx, {
        secret: deps.config.APP_SECRET,
        providerId: original.providerId,
        bookingId: id,
        categoryId: original.therapyCategoryId,
        slotId: input.body.timeslotIdentifier,
        now,
      });
      const paid = offer.priceMinor > 0;
      await tx.insert(bookings).values({
        id,
        clientId: original.clientId,
        providerId: original.providerId,
        therapyCategoryId: original.therapyCategoryId,
        modalityKey: original.modalityKey,
        status: 'confirmed',
        previousStatus: 'pending',
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        note: input.body.note ?? null,
        priceMinor: offer.priceMinor,
        currencyCode: original.currencyCode,
        createdBy: 'client',
        paidAt: now,
        paymentMethod: paid ? 'wallet' : 'free',
        createdAt: now,
        updatedAt: now,
      });
      if (paid) {
        await payFromWallet(tx, {
          userId: original.clientId,
          amountMinor: offer.priceMinor,
          currencyCode: original.currencyCode,
          reference: references.bookingPayment(id),
          description: 'Replacement of a missed session',
          bookingId: id,
          at: now,
        });
      }
      await tx.update(sessionOutcomes).set({ rebookedBookingId: id }).where(eq(sessionOutcomes.bookingId, original.id));
      const startAt = slot.startsAt.toISOString();
      await recordEvent(tx, {
        bookingId: original.id,
        type: 'rebooked',
        actorRole: 'client',
        data: { rebookedBookingId: id, startAt, priceMinor: offer.priceMinor },
        at: now,
      });
      await recordEvent(tx, {
        bookingId: id,
        type: 'scheduled',
        actorRole: 'client',
        data: { startAt, previousStartAt: null, replacesBookingId: original.id },
        at: now,
      });
      if (paid) {
        await recordEvent(tx, {
          bookingId: id,
          type: 'paid',
          actorRole: 'client',
          data: { method: 'wallet', amountMinor: offer.priceMinor, currencyCode: original.currencyCode },
          at: now,
        });
      }
      const confirmed = await recordEvent(tx, {
        bookingId: id,
        type: 'confirmed',
        actorRole: 'client',
        data: { template: 'bookingConfirmed', notifyParty: 'provider', startAt },
        notifyUserId: original.providerId,
        at: now,
      });
      return { newBookingId: id, eventIds: [confirmed] };
    }),
  );
  await deps.events.bookingEventsCommitted({ eventIds });
  return bookingView(deps.db, newBookingId, viewContext(deps, input.language, input.actor.userId));
}

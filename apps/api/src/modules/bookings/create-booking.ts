import type { Language } from '@app/shared/constants';
import type { Booking, CreateAppointmentBody, CreateBookingBody } from '@app/shared/schemas/bookings';
import { and, eq } from 'drizzle-orm';
import { bookings, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { lockProviderCalendar, recordEvent } from './booking-data.ts';
import { bookingView } from './booking-view.ts';
import { deliverBookingNotifications } from './notifications.ts';
import { resolveOffer, viewContext } from './offer.ts';
import { holdExpiry } from './rules.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

/**
 * POST /booking: a client starts a booking with a provider, for a therapy and a modality. It is
 * pending and has no slot yet (POST /booking/{id}/schedule takes one); the price is fixed now
 * from the provider's fee, in the provider's currency.
 */
export async function createBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; body: CreateBookingBody },
): Promise<Booking> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  const bookingId = await deps.db.transaction(async (tx) => {
    const offer = await resolveOffer(tx, {
      providerId: input.body.providerIdentifier,
      therapyIdentifier: input.body.therapyIdentifier,
      modalityIdentifier: input.body.modalityIdentifier,
    });
    const [row] = await tx
      .insert(bookings)
      .values({
        clientId: input.actor.userId,
        providerId: offer.providerId,
        therapyCategoryId: offer.therapyCategoryId,
        modalityKey: offer.modalityKey,
        note: input.body.note ?? null,
        priceMinor: offer.priceMinor,
        currencyCode: offer.currencyCode,
        createdBy: 'client',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: bookings.id });
    if (!row) throw new Error('booking insert failed');
    await recordEvent(tx, {
      bookingId: row.id,
      type: 'created',
      actorRole: 'client',
      actorId: input.actor.userId,
      data: { priceMinor: offer.priceMinor, currencyCode: offer.currencyCode },
      at: now,
    });
    return row.id;
  });
  return bookingView(deps.db, bookingId, viewContext(deps, input.language));
}

/** "Their clients": people who have booked this provider before (any booking, any status). */
async function assertOwnClient(deps: AppDeps, providerId: string, clientId: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.clientId))
    .where(and(eq(bookings.providerId, providerId), eq(bookings.clientId, clientId), eq(users.role, 'client')))
    .limit(1);
  if (!row) throw fieldError('clientIdentifier', 'bookings.notYourClient');
}

/**
 * POST /appointment: a provider books a session for one of their clients, in one of their own
 * slots. It holds the slot while the client answers (24 h, never past the start): the client
 * acknowledges (then pays, unless free) or rejects it. Providers never pay.
 */
export async function createAppointment(
  deps: AppDeps,
  input: { actor: Actor; language: Language; body: CreateAppointmentBody },
): Promise<Booking> {
  if (input.actor.role !== 'provider') throw new AppError('FORBIDDEN');
  const providerId = input.actor.userId;
  await assertOwnClient(deps, providerId, input.body.clientIdentifier);
  const now = deps.clock.now();
  const result = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      await lockProviderCalendar(tx, providerId);
      const offer = await resolveOffer(tx, {
        providerId,
        therapyIdentifier: input.body.therapyIdentifier,
        modalityIdentifier: input.body.modalityIdentifier,
      });
      const [draft] = await tx
        .insert(bookings)
        .values({
          clientId: input.body.clientIdentifier,
          providerId,
          therapyCategoryId: offer.therapyCategoryId,
          modalityKey: offer.modalityKey,
          note: input.body.note ?? null,
          priceMinor: offer.priceMinor,
          currencyCode: offer.currencyCode,
          createdBy: 'provider',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      if (!draft) throw new Error('booking insert failed');
      const slot = await takeSlot(tx, {
        secret: deps.config.APP_SECRET,
        providerId,
        bookingId: draft.id,
        categoryId: offer.therapyCategoryId,
        slotId: input.body.timeslotIdentifier,
        now,
      });
      await tx
        .update(bookings)
        .set({
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          holdExpiresAt: holdExpiry({ now, startsAt: slot.startsAt, awaitingParticipant: true }),
        })
        .where(eq(bookings.id, draft.id));
      const eventId = await recordEvent(tx, {
        bookingId: draft.id,
        type: 'appointment_created',
        actorRole: 'provider',
        actorId: providerId,
        data: {
          template: 'appointmentRequested',
          notifyParty: 'client',
          startAt: slot.startsAt.toISOString(),
          priceMinor: offer.priceMinor,
        },
        notifyUserId: input.body.clientIdentifier,
        at: now,
      });
      return { bookingId: draft.id, eventIds: [eventId] };
    }),
  );
  await deliverBookingNotifications(deps, { eventIds: result.eventIds });
  return bookingView(deps.db, result.bookingId, viewContext(deps, input.language));
}

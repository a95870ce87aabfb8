import { randomUUID } from 'node:crypto';
import { holdExpiry } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import { type BookingSeries, type CreateSeriesBody, SERIES_INTERVAL_WEEKS } from '@app/shared/schemas/bookings';
import { weeklyStarts, zonedDate } from '@app/shared/slots';
import { eq } from 'drizzle-orm';
import { bookingSeries, bookings, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { encodeSlotId, slotOfProvider } from '../availability/slot-id.ts';
import { resolveOffer } from '../catalog/offer.ts';
import { confirmedFree, loadOwnBooking, lockProviderCalendar, recordEvent } from './booking-data.ts';
import { assertHoldAllowed } from './hold-limits.ts';
import { getBookingSeries } from './list-bookings.ts';
import { confirmedEvent } from './schedule-booking.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

/**
 * POST /booking/series: weekly or fortnightly sessions at the first slot's wall-clock time
 * (provider's zone). Every occurrence is checked like a single booking, in one transaction: one
 * unavailable week fails the whole series (SERIES_SLOT_UNAVAILABLE names its date) and nothing is
 * written. A paid series is held as a whole: one hold under the fair-holds caps, every session
 * with the same hold expiry (they expire together, expire-holds.ts), paid at once or session by
 * session (modules/checkout); a free series is confirmed at once. With `bookingIdentifier` the client's unscheduled booking
 * from booking step 1 becomes the first session (it would otherwise linger until it expires).
 */
export async function createSeries(
  deps: AppDeps,
  input: { actor: Actor; language: Language; body: CreateSeriesBody },
): Promise<BookingSeries> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const { body } = input;
  const secret = deps.config.APP_SECRET;
  const now = deps.clock.now();
  const result = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      await lockProviderCalendar(tx, body.providerIdentifier);
      const offer = await resolveOffer(tx, {
        providerId: body.providerIdentifier,
        therapyIdentifier: body.therapyIdentifier,
        modalityIdentifier: body.modalityIdentifier,
      });
      const draftId = body.bookingIdentifier ?? null;
      if (draftId) {
        const draft = await loadOwnBooking(tx, {
          bookingId: draftId,
          actor: input.actor,
          party: 'client',
          lock: true,
        });
        if (
          draft.status !== 'pending' ||
          draft.startsAt !== null ||
          draft.seriesId !== null ||
          draft.providerId !== offer.providerId
        ) {
          throw new AppError('BOOKING_NOT_SCHEDULABLE');
        }
      }
      if (offer.priceMinor > 0) {
        await assertHoldAllowed(tx, {
          clientId: input.actor.userId,
          providerId: offer.providerId,
          now,
          bookingId: draftId ?? undefined,
        });
      }
      const ref = slotOfProvider(secret, body.timeslotIdentifier, offer.providerId);
      const [provider] = await tx
        .select({ timezone: users.timezone })
        .from(users)
        .where(eq(users.id, offer.providerId));
      const zone = provider?.timezone ?? 'UTC';
      const intervalWeeks = SERIES_INTERVAL_WEEKS[body.cadence ?? 'weekly'];
      const [series] = await tx
        .insert(bookingSeries)
        .values({
          clientId: input.actor.userId,
          providerId: offer.providerId,
          occurrences: body.occurrences,
          intervalWeeks,
          createdAt: now,
        })
        .returning({ id: bookingSeries.id });
      if (!series) throw new Error('series insert failed');
      const free = offer.priceMinor === 0;
      const eventIds: string[] = [];
      let firstBookingId: string | undefined;
      const starts = weeklyStarts(ref.startMs, body.occurrences, zone, intervalWeeks);
      const holdExpiresAt = holdExpiry({ now, startsAt: new Date(ref.startMs), awaitingParticipant: false });
      for (const [index, startMs] of starts.entries()) {
        const values = {
          therapyCategoryId: offer.therapyCategoryId,
          modalityKey: offer.modalityKey,
          note: body.note ?? null,
          priceMinor: offer.priceMinor,
          currencyCode: offer.currencyCode,
          seriesId: series.id,
          seriesIndex: index,
          updatedAt: now,
        };
        const takesDraft = index === 0 && draftId !== null;
        const bookingId = takesDraft ? draftId : randomUUID();
        if (takesDraft) {
          await tx.update(bookings).set(values).where(eq(bookings.id, bookingId));
        } else {
          await tx.insert(bookings).values({
            ...values,
            id: bookingId,
            clientId: input.actor.userId,
            providerId: offer.providerId,
            createdBy: 'client',
            createdAt: now,
          });
        }
        const slotId =
          index === 0
            ? body.timeslotIdentifier
            : encodeSlotId(secret, { ...ref, startMs: Math.round(startMs / 60_000) * 60_000 });
        const slot = await takeSlot(tx, {
          secret,
          providerId: offer.providerId,
          bookingId,
          categoryId: offer.therapyCategoryId,
          slotId,
          now,
        }).catch((error: unknown) => {
          if (index > 0 && error instanceof AppError && error.status !== 404) {
            throw new AppError('SERIES_SLOT_UNAVAILABLE', { date: zonedDate(startMs, zone) });
          }
          throw error;
        });
        await tx
          .update(bookings)
          .set({
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            ...(free ? confirmedFree({ status: 'pending', previousStatus: null }, now) : { holdExpiresAt }),
          })
          .where(eq(bookings.id, bookingId));
        await recordEvent(tx, {
          bookingId,
          type: 'scheduled',
          actorRole: 'client',
          data: { seriesId: series.id, index, startAt: slot.startsAt.toISOString() },
          at: now,
        });
        if (free) {
          // One email for the whole series: the first session's, naming how many follow.
          const booking = { id: bookingId, providerId: offer.providerId };
          const eventId = await recordEvent(tx, confirmedEvent(booking, now, slot.startsAt, index === 0));
          if (index === 0) eventIds.push(eventId);
        }
        firstBookingId ??= bookingId;
      }
      if (!firstBookingId) throw new Error('series without bookings');
      return { firstBookingId, eventIds };
    }),
  );
  await deps.events.bookingEventsCommitted({ eventIds: result.eventIds });
  return getBookingSeries(deps, {
    actor: input.actor,
    party: 'client',
    language: input.language,
    bookingId: result.firstBookingId,
  });
}

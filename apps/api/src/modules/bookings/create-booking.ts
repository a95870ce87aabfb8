import { holdExpiry } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking, CreateAppointmentBody, CreateBookingBody } from '@app/shared/schemas/bookings';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bookings, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { acceptableOffer, type OfferRow, offerFrom, offerSelect, resolveOffer } from '../catalog/offer.ts';
import { assertApprovedProvider } from '../clients/approved.ts';
import { isClientOf } from '../clients/relation.ts';
import { clientJoins, personJson } from '../profiles/person-json.ts';
import { lockProviderCalendar, recordEvent } from './booking-data.ts';
import { bookingView, toBooking, type ViewRow, viewColumns, viewContext, viewRowColumns } from './booking-view.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

const p = (name: string) => sql.placeholder(name);

/**
 * POST /booking in one statement: the offer, the draft (written only for an offer offerFrom
 * accepts; the row is its own "created" entry of the timeline) and the answer, built from the
 * offer's provider, therapy and modality and the new row. A new draft belongs to no series. The
 * offer comes back only when it was refused, for offerFrom to tell why.
 */
const insertDraft = preparedSql<{ offer: OfferRow | null } & (ViewRow | { booking: null })>(
  'bookings_insert_draft',
  () => ({
    with: {
      offer: offerSelect(),
      draft: sql`
      INSERT INTO bookings (client_id, provider_id, therapy_category_id, modality_key, note, price_minor,
        currency_code, created_by, created_at, updated_at)
      SELECT ${p('clientId')}::uuid, ${p('providerId')}::uuid, offer."categoryId", offer."modalityKey", ${p('note')},
        CASE WHEN offer."isFree" THEN 0 ELSE offer."feeMinor"::int END, offer."currencyCode", 'client',
        ${p('now')}::timestamptz, ${p('now')}::timestamptz
      FROM offer WHERE ${acceptableOffer}
      RETURNING *`,
    },
    select: sql`
    SELECT CASE WHEN draft.id IS NULL THEN row_to_json(offer) END AS offer, ${viewColumns({
      booking: sql`row_to_json(draft)`,
      seriesOccurrences: sql`NULL::int`,
      provider: sql`offer."provider"`,
      client: personJson(sql`cu`, sql`cp`),
      therapy: sql`offer."therapy"`,
      modality: sql`offer."modality"`,
    })}
    FROM offer LEFT JOIN draft ON true ${clientJoins(sql`draft`)}`,
    columns: ['offer', ...viewRowColumns],
  }),
);

/**
 * POST /booking: a client starts a booking with a provider, for a therapy and a modality. It is
 * pending and has no slot yet (POST /booking/{id}/schedule takes one); the price is fixed now
 * from the provider's fee, in the provider's currency. One round trip.
 */
export async function createBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; body: CreateBookingBody },
): Promise<Booking> {
  if (input.actor.role !== 'client') throw new AppError('FORBIDDEN');
  const [row] = await insertDraft(deps.db, {
    clientId: input.actor.userId,
    providerId: input.body.providerIdentifier,
    therapy: input.body.therapyIdentifier,
    modality: input.body.modalityIdentifier,
    note: input.body.note ?? null,
    now: deps.clock.now().toISOString(),
  });
  if (!row?.booking) {
    offerFrom(input.body.providerIdentifier, row?.offer ?? undefined);
    throw new Error('booking insert failed');
  }
  return toBooking(row, viewContext(deps, input.language, input.actor.userId));
}

/**
 * "Their clients": people who have booked this provider before (any booking, any status) or
 * whom the provider imported, once linked to their client account (clients/relation.ts).
 */
async function assertOwnClient(deps: AppDeps, providerId: string, clientId: string): Promise<void> {
  await assertApprovedProvider(deps.db, providerId);
  const [client] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.role, 'client'), isNull(users.deletedAt)));
  if (!client || !(await isClientOf(deps.db, { providerId, clientUserId: clientId }))) {
    throw fieldError('clientIdentifier', 'bookings.notYourClient');
  }
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
  await deps.events.bookingEventsCommitted({ eventIds: result.eventIds });
  return bookingView(deps.db, result.bookingId, viewContext(deps, input.language, input.actor.userId));
}

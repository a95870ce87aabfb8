import {
  COUNTS_AS_HOLD,
  HOLD_LIMIT,
  holdExpiry,
  otherParty,
  SCHEDULABLE,
  scheduleRefusal,
} from '@app/shared/booking-rules';
import { evaluate } from '@app/shared/conditions';
import type { Language } from '@app/shared/constants';
import type { Booking, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { whereAll } from '../../platform/conditions-sql.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { rulesNeedCheckSql } from '../availability/calendar-data.ts';
import { decodeSlotId } from '../availability/slot-id.ts';
import { catalogJoins, modalityJson, therapyJson } from '../catalog/catalog-json.ts';
import { inGoodStandingSql } from '../credentials/listing.ts';
import { clientJoins, personJson } from '../profiles/person-json.ts';
import { bookingScope, ownedBy } from './booking-conditions.ts';
import {
  type BookingRow,
  confirmedFree,
  otherPartyId,
  raiseSlotFreed,
  recordEvent,
  statusChange,
} from './booking-data.ts';
import { toBooking, type ViewRow, viewColumns, viewContext, viewRowColumns } from './booking-view.ts';
import { moveOwnBooking } from './change-booking.ts';
import { assertHoldAllowed } from './hold-limits.ts';
import { takeSlotFor, withSlotRace } from './take-slot.ts';

/**
 * The "confirmed" event of a client's booking, which tells the provider unless `notify` is false
 * (a later session of a series, told about with the first).
 */
export function confirmedEvent(
  row: Pick<BookingRow, 'id' | 'providerId'>,
  at: Date,
  startsAt: Date | null,
  notify = true,
) {
  const startAt = startsAt?.toISOString() ?? null;
  return {
    bookingId: row.id,
    type: 'confirmed',
    actorRole: 'client' as const,
    data: notify ? { template: 'bookingConfirmed', notifyParty: 'provider', startAt } : { startAt },
    notifyUserId: notify ? row.providerId : null,
    at,
  };
}

/**
 * Puts an unpaid pending booking on a slot: a paid one waits for payment with a 15-minute hold;
 * a free one is confirmed at once. Used by schedule and by a reschedule of a pending booking.
 */
export async function placePendingBooking(
  tx: Tx,
  deps: AppDeps,
  input: {
    row: BookingRow;
    slotId: string;
    note: string | null | undefined;
    now: Date;
    party: 'client' | 'provider';
    /** From lockOwnBookingForSlot: false skips expiring lapsed holds (there are none). */
    lapsedHolds?: boolean;
  },
): Promise<string[]> {
  const { row, now } = input;
  const { slotId, lapsedHolds } = input;
  const slot = await takeSlotFor(tx, row, { secret: deps.config.APP_SECRET, slotId, now, lapsedHolds });
  const awaitingParticipant = row.createdBy === 'provider' && row.participantStatus === 'awaiting';
  const free = row.priceMinor === 0 && !awaitingParticipant;
  const holdsAlready = evaluate(COUNTS_AS_HOLD, row, { now });
  if (input.party === 'client' && row.createdBy === 'client' && !free && !holdsAlready) {
    await assertHoldAllowed(tx, {
      clientId: row.clientId,
      providerId: row.providerId,
      now,
      bookingId: row.id,
    });
  }
  await tx
    .update(bookings)
    .set({
      ...(free
        ? confirmedFree(row, now)
        : {
            ...statusChange(row, 'pending'),
            holdExpiresAt: holdExpiry({ now, startsAt: slot.startsAt, awaitingParticipant }),
          }),
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      note: input.note ?? row.note,
      updatedAt: now,
    })
    .where(eq(bookings.id, row.id));
  const moved = row.startsAt !== null;
  if (moved && row.startsAt?.getTime() !== slot.startsAt.getTime()) await raiseSlotFreed(tx, deps.events, row, now);
  const eventIds: string[] = [];
  const notifyOther = moved && (row.createdBy === 'provider' || input.party === 'provider');
  const eventId = await recordEvent(tx, {
    bookingId: row.id,
    type: moved ? 'rescheduled' : 'scheduled',
    actorRole: input.party,
    data: {
      startAt: slot.startsAt.toISOString(),
      previousStartAt: row.startsAt?.toISOString() ?? null,
      ...(notifyOther ? { template: 'rescheduled', notifyParty: otherParty(input.party) } : {}),
    },
    notifyUserId: notifyOther ? otherPartyId(row, input.party) : null,
    at: now,
  });
  if (notifyOther) eventIds.push(eventId);
  if (free) eventIds.push(await recordEvent(tx, confirmedEvent(row, now, slot.startsAt)));
  return eventIds;
}

const p = (name: string) => sql.placeholder(name);

/** The draft as the statement's UPDATE reads it: the rules' parameters as its placeholders. */
const draftScope = bookingScope('bookings', { actorId: sql`${p('clientId')}::uuid` });

/** The client's hold counts from the `holds` step, checked against HOLD_LIMIT for one more hold. */
const holdCountsScope = {
  column: (name: 'held' | 'heldWithProvider') => (name === 'held' ? sql`holds.counts[1]` : sql`holds.counts[2]`),
  params: {},
};

/**
 * The usual schedule in one statement, without an open transaction: a client's paid draft takes
 * its first slot. The signed slot identifier says the calendar offered the slot at the revision it
 * was listed at; the statement writes only while that revision, the provider's approval, the
 * booking's state and the absence of lapsed holds all still hold. It takes the provider's calendar
 * lock (racers for a slot queue instead of deadlocking in the exclusion check), then asks whether
 * the slot is taken with a fresh snapshot (the SQL function booking_slot_taken) so racers after
 * the winner answer without writing, counts the client's unpaid holds under the client's lock
 * (the SQL function booking_client_hold_counts: a client at a HOLD_LIMIT cap falls through to
 * the transaction, which explains), writes only a SCHEDULABLE draft of the client's own (the
 * transaction's rules, rendered from the same declarations), puts the hold (HOLD_MINUTES),
 * appends the "scheduled" event and answers the booking, its provider from the rows the write
 * checked. A provider whose booking rules depend on the clock or on other bookings (notice,
 * buffers, caps: rulesNeedCheckSql) is left to the transaction, which applies them; time off and
 * the horizon move the revision. A slot busy in the provider's external calendars since it was
 * listed is left to the transaction too (an external calendar does not move the revision). A
 * booking of a series is
 * left to the transaction (the answer here has no series). The bookings_no_overlap constraint
 * stays the guarantee.
 */
const scheduleDraft = preparedSql<{ taken: boolean } & (ViewRow | { booking: null })>(
  'bookings_schedule_draft',
  () => ({
    with: {
      // Materialized (referenced twice, and the lock is volatile): taken once, before the write.
      calendar: sql`
      SELECT pg_advisory_xact_lock(hashtextextended('bookings:provider:' || ${p('providerId')}, 0))::text AS locked,
        booking_slot_taken(${p('providerId')}::uuid, ${p('startsAt')}::timestamptz, ${p('endsAt')}::timestamptz,
          ${p('now')}::timestamptz, ${p('bookingId')}::uuid) AS taken`,
      // The client's unpaid holds, counted after the calendar lock under the client's own lock.
      holds: sql`
      SELECT booking_client_hold_counts(${p('clientId')}::uuid, ${p('providerId')}::uuid, ${p('now')}::timestamptz,
        ${p('bookingId')}::uuid) AS counts FROM calendar`,
      written: sql`
      UPDATE bookings SET starts_at = ${p('startsAt')}::timestamptz, ends_at = ${p('endsAt')}::timestamptz,
        hold_expires_at = ${p('holdExpiresAt')}::timestamptz, note = COALESCE(${p('note')}, bookings.note),
        updated_at = ${p('now')}::timestamptz
      FROM calendar, holds, provider_profiles profile, users provider
      WHERE NOT calendar.taken AND ${whereAll(HOLD_LIMIT, holdCountsScope)} AND bookings.id = ${p('bookingId')}::uuid
        AND ${whereAll(ownedBy('client'), draftScope)} AND ${whereAll(SCHEDULABLE, draftScope)}
        AND bookings.starts_at IS NULL AND bookings.price_minor > 0 AND bookings.series_id IS NULL AND bookings.provider_id = ${p('providerId')}::uuid
        AND (${p('categoryId')}::uuid IS NULL OR bookings.therapy_category_id = ${p('categoryId')}::uuid)
        AND profile.user_id = bookings.provider_id
        AND ${inGoodStandingSql({ approvedAt: sql`profile.approved_at`, insuranceExpiresOn: sql`profile.insurance_expires_on`, suspendedAt: sql`profile.suspended_at` }, sql`${p('now')}`)}
        AND profile.calendar_revision = ${p('revision')}::int
        AND NOT EXISTS (SELECT 1 FROM availability_settings rules WHERE rules.provider_id = bookings.provider_id
          AND ${rulesNeedCheckSql('rules')})
        AND provider.id = bookings.provider_id AND provider.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM bookings held WHERE held.provider_id = bookings.provider_id
          AND held.status = 'pending' AND held.hold_expires_at <= ${p('now')}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM external_busy_times outside WHERE outside.provider_id = bookings.provider_id
          AND outside.starts_at < ${p('endsAt')}::timestamptz AND outside.ends_at > ${p('startsAt')}::timestamptz)
      RETURNING row_to_json(bookings) AS booking, ${personJson(sql`provider`, sql`profile`)} AS provider,
        bookings.id, bookings.client_id, bookings.therapy_category_id, bookings.modality_key`,
      scheduled: sql`
      INSERT INTO booking_events (booking_id, type, actor_role, data, created_at)
      SELECT written.id, 'scheduled', 'client',
        jsonb_build_object('startAt', ${p('startAt')}::text, 'previousStartAt', NULL), ${p('now')}::timestamptz
      FROM written`,
    },
    select: sql`
    SELECT calendar.taken, ${viewColumns({
      booking: sql`written.booking`,
      seriesOccurrences: sql`NULL::int`,
      provider: sql`written.provider`,
      client: personJson(sql`cu`, sql`cp`),
      therapy: therapyJson(sql`tc`),
      modality: modalityJson(sql`mo`),
    })}
    FROM calendar LEFT JOIN written ON true ${clientJoins(sql`written`)} ${catalogJoins(sql`written`)}`,
    columns: ['taken', ...viewRowColumns],
  }),
);

/**
 * scheduleDraft for this request: its answer, SLOT_TAKEN, or undefined when the request is not
 * the usual case (a free booking, a move, a calendar changed since the listing, lapsed holds, an
 * error to explain), for the locked transaction to handle. Exported beside scheduleInTransaction
 * for the test that runs one table of cases through both.
 */
export async function scheduleInOneStatement(
  deps: AppDeps,
  input: { actor: Actor; bookingId: string; body: ScheduleBookingBody },
  now: Date,
): Promise<ViewRow | undefined> {
  const ref = decodeSlotId(deps.config.APP_SECRET, input.body.timeslotIdentifier);
  // The booking window only grows with time: a slot inside it when listed still is.
  if (!ref || input.actor.role !== 'client' || ref.startMs <= now.getTime()) return undefined;
  const startsAt = new Date(ref.startMs);
  const [row] = await scheduleDraft(deps.db, {
    providerId: ref.providerId,
    categoryId: ref.categoryId,
    revision: ref.revision,
    bookingId: input.bookingId,
    clientId: input.actor.userId,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(ref.startMs + ref.durationMinutes * 60_000).toISOString(),
    holdExpiresAt: holdExpiry({ now, startsAt, awaitingParticipant: false }).toISOString(),
    note: input.body.note ?? null,
    now: now.toISOString(),
    startAt: startsAt.toISOString(),
  });
  if (row?.taken) throw new AppError('SLOT_TAKEN');
  return row?.booking ? row : undefined;
}

/**
 * POST /booking/{id}/schedule, the one entry point: the client picks the slot of a pending
 * booking (again, to change it while unpaid). Paid bookings change slot through reschedule; an
 * expired one is over (scheduleRefusal). The usual case runs as one statement (scheduleDraft:
 * the same rule, narrowed to a first slot of a paid draft listed at the current calendar
 * revision); anything else, or anything to explain, runs in the locked transaction with
 * takeSlot. Both end at the same row and the same answer.
 */
export async function scheduleBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: ScheduleBookingBody },
): Promise<Booking> {
  const now = deps.clock.now();
  const context = viewContext(deps, input.language, input.actor.userId);
  const scheduled = await withSlotRace(() => scheduleInOneStatement(deps, input, now));
  if (scheduled) return countScheduled(deps, toBooking(scheduled, context));
  return countScheduled(deps, await scheduleInTransaction(deps, input, now));
}

/** The schedule in the booking's locked transaction (takeSlot): every case, with its refusal's error. */
export async function scheduleInTransaction(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: ScheduleBookingBody },
  now: Date,
): Promise<Booking> {
  return moveOwnBooking(deps, { ...input, party: 'client' }, now, async (tx, { row, lapsedHolds }) => {
    const refusal = scheduleRefusal(row);
    if (refusal) throw new AppError(refusal);
    const { timeslotIdentifier: slotId, note } = input.body;
    return placePendingBooking(tx, deps, { row, lapsedHolds, slotId, note, now, party: 'client' });
  });
}

/** A scheduled booking holds its slot until paid, or is confirmed at once (free): counted for the metrics. */
function countScheduled(deps: AppDeps, booking: Booking): Booking {
  deps.events.outcome({ kind: 'booking', outcome: booking.status === 'confirmed' ? 'confirmed' : 'held' });
  return booking;
}

import type { Language } from '@app/shared/constants';
import type { Booking, BookingStatus, ScheduleBookingBody } from '@app/shared/schemas/bookings';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared-sql.ts';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type BookingAtCheck, loadSlotCheck, type SlotBookingRow } from '../availability/calendar-data.ts';
import { decodeSlotId } from '../availability/slot-id.ts';
import { type BookableSlot, checkBookableSlot } from '../availability/slots-service.ts';
import {
  type BookingEventInput,
  type BookingRow,
  lockOwnBookingForSlot,
  recordEvent,
  statusChange,
} from './booking-data.ts';
import { bookingView, toBooking, type ViewRow, viewSelect } from './booking-view.ts';
import { deliverBookingNotifications } from './notifications.ts';
import { viewContext } from './offer.ts';
import { holdExpiry } from './rules.ts';
import { takeSlot, withSlotRace } from './take-slot.ts';

/** The "confirmed" event that tells the provider about a client's booking. */
export function confirmedEvent(
  row: Pick<BookingRow, 'id' | 'clientId' | 'providerId'>,
  at: Date,
  startsAt: Date | null,
) {
  return {
    bookingId: row.id,
    type: 'confirmed',
    actorRole: 'client' as const,
    actorId: row.clientId,
    data: { template: 'bookingConfirmed', notifyParty: 'provider', startAt: startsAt?.toISOString() ?? null },
    notifyUserId: row.providerId,
    at,
  };
}

/** What putting an unpaid pending booking on a slot changes: its columns and its timeline. */
interface Placement {
  set: {
    status: BookingStatus;
    previousStatus: BookingStatus | null;
    startsAt: Date;
    endsAt: Date;
    holdExpiresAt: Date | null;
    paidAt?: Date;
    paymentMethod?: 'free';
    note: string | null;
    updatedAt: Date;
  };
  events: BookingEventInput[];
}

/**
 * A paid booking waits for payment with a 15-minute hold (a provider's, for the client's
 * answer); a free one is confirmed at once. Moving a booking created by the provider, or moved by
 * them, tells the other party.
 */
function placement(
  input: { row: SlotBookingRow; note: string | null | undefined; now: Date; party: 'client' | 'provider' },
  slot: { startsAt: Date; endsAt: Date },
): Placement {
  const { row, now, party } = input;
  const awaitingParticipant = row.createdBy === 'provider' && row.participantStatus === 'awaiting';
  const free = row.priceMinor === 0 && !awaitingParticipant;
  const moved = row.startsAt !== null;
  const notifyOther = moved && (row.createdBy === 'provider' || party === 'provider');
  const events: BookingEventInput[] = [
    {
      bookingId: row.id,
      type: moved ? 'rescheduled' : 'scheduled',
      actorRole: party,
      actorId: party === 'client' ? row.clientId : row.providerId,
      data: {
        startAt: slot.startsAt.toISOString(),
        previousStartAt: row.startsAt?.toISOString() ?? null,
        ...(notifyOther ? { template: 'rescheduled', notifyParty: party === 'client' ? 'provider' : 'client' } : {}),
      },
      notifyUserId: notifyOther ? (party === 'client' ? row.providerId : row.clientId) : null,
      at: now,
    },
  ];
  if (free) events.push(confirmedEvent(row, now, slot.startsAt));
  return {
    set: {
      ...statusChange(row, free ? 'confirmed' : 'pending'),
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      holdExpiresAt: free ? null : holdExpiry({ now, startsAt: slot.startsAt, awaitingParticipant }),
      ...(free ? { paidAt: now, paymentMethod: 'free' as const } : {}),
      note: input.note ?? row.note,
      updatedAt: now,
    },
    events,
  };
}

/**
 * Puts an unpaid pending booking on a slot (see placement), inside the caller's transaction that
 * holds the booking's row lock. Used by a locked schedule and by a reschedule of a pending booking.
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
): Promise<{ eventIds: string[] }> {
  const { row } = input;
  const slot = await takeSlot(tx, {
    secret: deps.config.APP_SECRET,
    providerId: row.providerId,
    bookingId: row.id,
    categoryId: row.therapyCategoryId,
    slotId: input.slotId,
    now: input.now,
    lapsedHolds: input.lapsedHolds,
  });
  const change = placement(input, slot);
  await tx.update(bookings).set(change.set).where(eq(bookings.id, row.id));
  const eventIds: string[] = [];
  for (const event of change.events) {
    const id = await recordEvent(tx, event);
    if (event.notifyUserId) eventIds.push(id);
  }
  return { eventIds };
}

const p = (name: string) => sql.placeholder(name);

/**
 * A placement written in one statement, without an open transaction: it takes the provider's
 * calendar lock (racers for a slot queue instead of deadlocking in the exclusion check) and then
 * asks whether the slot is taken with a fresh snapshot (booking_slot_taken, migration 0014), so
 * each racer after the winner meets it without writing. It writes the booking only while it is
 * the version that was checked, appends the events and answers the booking, or answers `taken`.
 * The bookings_no_overlap constraint stays the guarantee (SLOT_TAKEN through withSlotRace).
 */
const writePlacement = preparedSql<{ taken: boolean; booking: ViewRow | null; notifyEventIds: string[] }>(
  'bookings_write_placement',
  () => sql`
    WITH calendar AS MATERIALIZED (
      SELECT pg_advisory_xact_lock(hashtextextended('bookings:provider:' || ${p('providerId')}, 0))::text AS locked,
        booking_slot_taken(${p('providerId')}::uuid, ${p('startsAt')}::timestamptz, ${p('endsAt')}::timestamptz,
          ${p('updatedAt')}::timestamptz, ${p('bookingId')}::uuid) AS taken
    ), written AS (
      UPDATE bookings SET status = ${p('status')}::booking_status,
        previous_status = ${p('previousStatus')}::booking_status,
        starts_at = ${p('startsAt')}::timestamptz, ends_at = ${p('endsAt')}::timestamptz,
        hold_expires_at = ${p('holdExpiresAt')}::timestamptz,
        paid_at = COALESCE(${p('paidAt')}::timestamptz, bookings.paid_at),
        payment_method = COALESCE(${p('paymentMethod')}, bookings.payment_method),
        note = ${p('note')}, updated_at = ${p('updatedAt')}::timestamptz
      FROM calendar
      WHERE NOT calendar.taken AND bookings.id = ${p('bookingId')}::uuid AND bookings.xmin::text = ${p('version')}
      RETURNING bookings.*
    ), events AS (
      INSERT INTO booking_events (booking_id, type, actor_role, actor_id, data, notify_user_id, created_at)
      SELECT written.id, e.type, e.actor_role, e.actor_id, e.data, e.notify_user_id, ${p('updatedAt')}::timestamptz
      FROM written, ROWS FROM (jsonb_to_recordset(${p('events')}::jsonb)
          AS (type text, actor_role text, actor_id uuid, data jsonb, notify_user_id uuid)) WITH ORDINALITY
        AS e(type, actor_role, actor_id, data, notify_user_id, ordinality)
      ORDER BY e.ordinality
      RETURNING id, notify_user_id
    )
    SELECT calendar.taken, answer.booking,
      ARRAY(SELECT id FROM events WHERE notify_user_id IS NOT NULL) AS "notifyEventIds"
    FROM calendar LEFT JOIN (${viewSelect(sql`written AS bookings`)}) answer ON true`,
);

/**
 * The usual schedule in two round trips and no open transaction: one read of the client's
 * booking with the slot's calendar, the checks, then writePlacement. Whatever is not the usual
 * case answers undefined and the locked transaction runs instead, which gives the canonical
 * answer: an error to report, lapsed holds to expire first, the booking changed meanwhile.
 */
async function scheduleOptimistically(
  deps: AppDeps,
  input: { actor: Actor; bookingId: string; body: ScheduleBookingBody },
  now: Date,
): Promise<{ view: ViewRow; eventIds: string[] } | undefined> {
  const ref = decodeSlotId(deps.config.APP_SECRET, input.body.timeslotIdentifier);
  if (!ref || input.actor.role !== 'client') return undefined;
  const fromMs = ref.startMs;
  const toMs = fromMs + ref.durationMinutes * 60_000;
  let slot: BookableSlot;
  let booking: BookingAtCheck;
  try {
    const check = await loadSlotCheck(deps.db, {
      providerId: ref.providerId,
      category: ref.categoryId,
      fromMs,
      toMs,
      now,
      forBooking: { bookingId: input.bookingId, clientId: input.actor.userId },
    });
    booking = check.booking;
    const { row } = booking;
    if (!row || booking.lapsedHolds || row.providerId !== ref.providerId) return undefined;
    if (row.status !== 'pending' || row.paidAt || row.createdBy === 'provider') return undefined;
    // The calendar in use is the booking's therapy's (BY_CATEGORY) or the general one.
    if (check.calendar.setupType === 'BY_CATEGORY' && ref.categoryId !== row.therapyCategoryId) return undefined;
    slot = checkBookableSlot(ref, check, { now });
  } catch {
    return undefined;
  }
  if (!booking.row || !booking.version) return undefined;
  const change = placement({ row: booking.row, note: input.body.note, now, party: 'client' }, slot);
  const { set } = change;
  const [written] = await writePlacement(deps.db, {
    bookingId: booking.row.id,
    version: booking.version,
    providerId: booking.row.providerId,
    status: set.status,
    previousStatus: set.previousStatus,
    startsAt: set.startsAt.toISOString(),
    endsAt: set.endsAt.toISOString(),
    holdExpiresAt: set.holdExpiresAt?.toISOString() ?? null,
    paidAt: set.paidAt?.toISOString() ?? null,
    paymentMethod: set.paymentMethod ?? null,
    note: set.note,
    updatedAt: set.updatedAt.toISOString(),
    events: JSON.stringify(
      change.events.map((event) => ({
        type: event.type,
        actor_role: event.actorRole,
        actor_id: event.actorId ?? null,
        data: event.data ?? {},
        notify_user_id: event.notifyUserId ?? null,
      })),
    ),
  });
  if (written?.taken) throw new AppError('SLOT_TAKEN');
  if (!written?.booking) return undefined;
  return { view: written.booking, eventIds: written.notifyEventIds };
}

/**
 * POST /booking/{id}/schedule: the client picks the slot of a pending booking (again, to change
 * it while unpaid). Paid bookings change slot through reschedule; an expired one is over.
 */
export async function scheduleBooking(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; body: ScheduleBookingBody },
): Promise<Booking> {
  const now = deps.clock.now();
  const context = viewContext(deps, input.language);
  const done = await withSlotRace(() => scheduleOptimistically(deps, input, now));
  if (done) {
    await deliverBookingNotifications(deps, { eventIds: done.eventIds });
    return toBooking(done.view, context.language, context.storage);
  }
  const { eventIds } = await withSlotRace(() =>
    deps.db.transaction(async (tx) => {
      const { row, lapsedHolds } = await lockOwnBookingForSlot(tx, {
        bookingId: input.bookingId,
        actor: input.actor,
        party: 'client',
        now,
      });
      if (row.status === 'expired') throw new AppError('BOOKING_EXPIRED');
      if (row.status !== 'pending' || row.paidAt || row.createdBy === 'provider') {
        throw new AppError('BOOKING_NOT_SCHEDULABLE');
      }
      return placePendingBooking(tx, deps, {
        row,
        lapsedHolds,
        slotId: input.body.timeslotIdentifier,
        note: input.body.note,
        now,
        party: 'client',
      });
    }),
  );
  await deliverBookingNotifications(deps, { eventIds });
  return bookingView(deps.db, input.bookingId, context);
}

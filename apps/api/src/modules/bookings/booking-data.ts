import { canTransition, otherParty } from '@app/shared/booking-rules';
import type { BookingParty, BookingStatus } from '@app/shared/schemas/bookings';
import { and, eq, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { whereAll } from '../../platform/conditions-sql.ts';
import type { DomainEvents } from '../../platform/events.ts';
import { bookingScope, ownedBy } from './booking-conditions.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** The side of a booking the signed-in user is on; admins have none here. */
export function partyOf(actor: Actor): BookingParty {
  if (actor.role === 'client' || actor.role === 'provider') return actor.role;
  throw new AppError('FORBIDDEN');
}

/** ownedBy (booking-conditions.ts), the fast paths' owner condition too, for one user. */
const ownerWhere = (party: BookingParty, userId: string): SQL =>
  whereAll(ownedBy(party), bookingScope('bookings', { actorId: sql`${userId}::uuid` }));

/**
 * A booking the actor is a party of, as that party (a client reads it as its client, a provider
 * as its provider); anyone else's is NOT_FOUND. `lock` takes the row FOR UPDATE so concurrent
 * changes of one booking run one after another.
 */
export async function loadOwnBooking(
  tx: Tx,
  input: { bookingId: string; actor: Actor; party?: BookingParty; lock?: boolean },
): Promise<BookingRow> {
  const party = input.party ?? partyOf(input.actor);
  if (party !== input.actor.role) throw new AppError('FORBIDDEN');
  const query = tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), ownerWhere(party, input.actor.userId)));
  const [row] = input.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Serialises everything that takes or moves a slot of one provider (a transaction-scoped
 * advisory lock). Without it, transactions racing for overlapping ranges can each wait for the
 * other inside the exclusion check and deadlock; with it they queue, and each one after the
 * winner sees the committed winner and answers SLOT_TAKEN at once. Take it before any booking
 * row lock (see lockOwnBookingForSlot). The exclusion constraint stays the guarantee.
 */
export async function lockProviderCalendar(tx: Tx, providerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bookings:provider:${providerId}`}, 0))`);
}

/** What lockOwnBookingForSlot answers: the locked row, and whether lapsed holds still block slots. */
export interface LockedBooking {
  row: BookingRow;
  /** Pending bookings of the provider whose hold has run out: expireStaleHolds before taking a slot. */
  lapsedHolds: boolean;
}

/**
 * loadOwnBooking with lock, taking the provider's calendar lock first (a fixed lock order), in
 * one round trip: the advisory lock is taken while the row is read, before LockRows locks it.
 * `lapsedHolds` is read in the same statement; a hold that lapsed while it waited is at worst
 * missed once, and then the exclusion constraint answers SLOT_TAKEN (never a double booking).
 */
export async function lockOwnBookingForSlot(
  tx: Tx,
  input: { bookingId: string; actor: Actor; party: BookingParty; now: Date },
): Promise<LockedBooking> {
  if (input.party !== input.actor.role) throw new AppError('FORBIDDEN');
  const [found] = await tx
    .select({
      row: bookings,
      calendarLock: sql`pg_advisory_xact_lock(hashtextextended('bookings:provider:' || ${bookings.providerId}::text, 0))`,
      // Outer columns spelled out: Drizzle leaves a one-table select's columns unqualified.
      lapsedHolds: sql<boolean>`EXISTS (SELECT 1 FROM bookings AS held WHERE held.provider_id = bookings.provider_id
        AND held.status = 'pending' AND held.hold_expires_at <= ${input.now.toISOString()}::timestamptz
        AND held.id <> bookings.id)`,
    })
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), ownerWhere(input.party, input.actor.userId)))
    .for('update');
  if (!found) throw new AppError('NOT_FOUND');
  return { row: found.row, lapsedHolds: found.lapsedHolds };
}

/** The status columns of a change to `to` (previousStatus moves only when the status does). */
export function statusChange(
  row: Pick<BookingRow, 'status' | 'previousStatus'>,
  to: BookingStatus,
): { status: BookingStatus; previousStatus: BookingStatus | null } {
  if (!canTransition(row.status, to)) throw new Error(`booking transition ${row.status} → ${to} is not allowed`);
  return { status: to, previousStatus: to === row.status ? row.previousStatus : row.status };
}

/** A free booking confirmed at once: no payment is taken and no hold kept. */
export function confirmedFree(row: Pick<BookingRow, 'status' | 'previousStatus'>, now: Date) {
  return { ...statusChange(row, 'confirmed'), paidAt: now, paymentMethod: 'free' as const, holdExpiresAt: null };
}

/** Money was taken for it: a wallet or card payment (a free booking is confirmed without one). */
export function isPaidRow(
  row: Pick<BookingRow, 'paymentMethod' | 'priceMinor'> & { paidAt: Date | string | null },
): boolean {
  return row.paidAt !== null && row.paymentMethod !== 'free' && row.priceMinor > 0;
}

/**
 * Marks the provider's lapsed holds expired, so the exclusion constraint stops counting them:
 * run in the transaction that takes a slot, before it writes. `exceptBookingId` is the booking
 * taking the slot (its own lapsed hold is renewed, not expired).
 */
export async function expireStaleHolds(
  tx: Tx,
  input: { providerId: string; now: Date; exceptBookingId?: string },
): Promise<string[]> {
  const rows = await tx
    .update(bookings)
    .set(expiredColumns(input.now))
    .where(
      and(
        eq(bookings.providerId, input.providerId),
        pendingHoldLapsed(input.now),
        input.exceptBookingId ? ne(bookings.id, input.exceptBookingId) : undefined,
      ),
    )
    .returning({ id: bookings.id });
  const ids = rows.map((row) => row.id);
  await recordExpiries(tx, ids, input.now, () => 'hold_lapsed');
  return ids;
}

/** The columns of a pending booking the system expires (its hold lapsed, or it never got a slot). */
export const expiredColumns = (now: Date) =>
  ({ status: 'expired', previousStatus: 'pending', holdExpiresAt: null, updatedAt: now }) as const;

/** The timeline's "expired" entry of each booking the system expired, with why. */
export async function recordExpiries(tx: Tx, ids: string[], now: Date, reason: (id: string) => string) {
  if (ids.length === 0) return;
  await tx.insert(bookingEvents).values(
    ids.map((id) => ({
      bookingId: id,
      type: 'expired',
      actorRole: 'system' as const,
      data: { reason: reason(id) },
      createdAt: now,
    })),
  );
}

export interface BookingEventInput {
  bookingId: string;
  type: string;
  actorRole: BookingParty | 'system';
  data?: Record<string, unknown>;
  /** The user to email about it (delivered after commit, see notifications.ts). */
  notifyUserId?: string | null;
  at: Date;
}

/** Appends one event to the booking's timeline (and, with notifyUserId, to the email outbox). */
export async function recordEvent(tx: Tx, event: BookingEventInput): Promise<string> {
  const [row] = await tx
    .insert(bookingEvents)
    .values({
      bookingId: event.bookingId,
      type: event.type,
      actorRole: event.actorRole,
      data: event.data ?? {},
      notifyUserId: event.notifyUserId ?? null,
      createdAt: event.at,
    })
    .returning({ id: bookingEvents.id });
  if (!row) throw new Error('booking event insert failed');
  return row.id;
}

/** A party's user id. */
export function partyId(row: Pick<BookingRow, 'clientId' | 'providerId'>, party: BookingParty): string {
  return party === 'client' ? row.clientId : row.providerId;
}

/** The other party's user id. */
export function otherPartyId(row: Pick<BookingRow, 'clientId' | 'providerId'>, party: BookingParty): string {
  return partyId(row, otherParty(party));
}

/**
 * `<row>.status = '<status>'` in a statement that finds its bookings by key (one booking by id, a
 * client's by client_id), compared as text so that no partial index on status
 * (bookings_pending_hold_idx, bookings_pending_draft_idx) can serve the scan. Those indexes hold
 * few rows only as long as nothing piles up, and their statistics say "empty" whenever the last
 * ANALYZE found no pending row (pg_class.reltuples 0 stays 0 however far they grow): the planner
 * then walks a whole partial index, every live hold or draft, rather than the primary key. With
 * this the key's index is the only one the condition allows, whatever the statistics say.
 */
export const statusOnRow = (row: SQL, status: BookingStatus): SQL =>
  sql`${row}.status::text = ${sql.raw(`'${status}'`)}`;

/** Unscheduled drafts and lapsed holds, for the expiry job (partial indexes serve both). */
export const pendingHoldLapsed = (now: Date) => and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now));
export const pendingDraftStale = (cutoff: Date) =>
  and(
    eq(bookings.status, 'pending'),
    isNull(bookings.startsAt),
    sql`${bookings.createdAt} <= ${cutoff.toISOString()}::timestamptz`,
  );

/**
 * Tells whoever reacts to freed time (the waitlist, through deps.events) that the slot `row` held
 * until now is free again: a future slot only. Inside the change's transaction.
 */
export async function raiseSlotFreed(
  tx: Tx,
  events: Pick<DomainEvents, 'slotsOpened'> | undefined,
  row: { providerId: string; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): Promise<void> {
  if (!events || !row.startsAt || !row.endsAt || row.startsAt.getTime() <= now.getTime()) return;
  await events.slotsOpened(tx, { providerId: row.providerId, from: row.startsAt, to: row.endsAt, at: now });
}

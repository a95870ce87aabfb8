import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { hasDatabaseError } from '../../platform/db-errors.ts';
import { type BookableSlot, isSlotConflictError, resolveBookableSlot } from '../availability/slots-service.ts';
import { type BookingRow, expireStaleHolds } from './booking-data.ts';

export interface TakeSlotInput {
  secret: string;
  providerId: string;
  /** The booking that will occupy the slot (its own current slot does not block the new one). */
  bookingId: string;
  /** The booking's therapy category: the calendar of a BY_CATEGORY provider. */
  categoryId: string | null;
  slotId: string;
  now: Date;
  /** The booker's zone, for the end of the bookable window. */
  timezone?: string;
  /** Whether the provider has lapsed holds to expire first (unknown: expire anyway). */
  lapsedHolds?: boolean;
}

/**
 * The one "may this booking take this slot" of every transaction that writes a slot (create,
 * series, schedule, reschedule, a participant's answer): lapsed holds of the provider are
 * expired first (unless the caller knows there are none; the exclusion constraint still counts
 * them), then availability resolves the slot. A future slot another booking holds is
 * SLOT_TAKEN; one no longer offered (past, outside the window, removed from the calendar) is
 * SLOT_UNAVAILABLE. The one-statement schedule (schedule-booking.ts) is the same rule for its
 * usual case: the signed calendar revision stands for "still offered", booking_slot_taken for busy.
 */
export async function takeSlot(tx: Tx, input: TakeSlotInput): Promise<BookableSlot> {
  if (input.lapsedHolds !== false) {
    await expireStaleHolds(tx, { providerId: input.providerId, now: input.now, exceptBookingId: input.bookingId });
  }
  return resolveBookableSlot(tx, {
    providerId: input.providerId,
    slotId: input.slotId,
    now: input.now,
    secret: input.secret,
    categoryId: input.categoryId,
    ignoreBookingId: input.bookingId,
    timezone: input.timezone,
    whenBusy: 'SLOT_TAKEN',
  });
}

/** takeSlot for an existing booking (schedule, reschedule): its provider's calendar, its category. */
export function takeSlotFor(
  tx: Tx,
  row: Pick<BookingRow, 'id' | 'providerId' | 'therapyCategoryId'>,
  input: Pick<TakeSlotInput, 'secret' | 'slotId' | 'now' | 'lapsedHolds'>,
): Promise<BookableSlot> {
  return takeSlot(tx, { ...input, providerId: row.providerId, bookingId: row.id, categoryId: row.therapyCategoryId });
}

/** A deadlock or serialization failure: the transaction was rolled back and may simply run again. */
export function isTransientConflict(error: unknown): boolean {
  return hasDatabaseError(error, ({ code }) => code === '40P01' || code === '40001');
}

const SLOT_RACE_ATTEMPTS = 5;

/**
 * Runs a transaction that writes a slot and turns a lost race (the bookings_no_overlap
 * exclusion, SQLSTATE 23P01) into 409 SLOT_TAKEN; the transaction is rolled back and nothing
 * of it stays. Two transactions writing overlapping ranges at the same moment can each wait
 * for the other inside the exclusion check: PostgreSQL then aborts one with a deadlock
 * (40P01). That one runs again from the start and now sees the winner (SLOT_TAKEN) or, had the
 * winner failed, takes the slot.
 */
export async function withSlotRace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (isSlotConflictError(error)) throw new AppError('SLOT_TAKEN');
      if (attempt < SLOT_RACE_ATTEMPTS && isTransientConflict(error)) continue;
      throw error;
    }
  }
}

import { isFinal } from '@app/shared/booking-rules';
import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { recordEvent } from './booking-data.ts';
import { changeOwnBooking } from './change-booking.ts';

/**
 * POST /appointment/{id}/reschedule-permission: the provider of the booking sets
 * `allowRescheduleCompletedBooking`. On, the client's reschedules within 48 hours of the
 * appointment move it at once instead of waiting for the provider's approval (the provider
 * gives up their own approval only; their late reschedules still need the client's). A booking
 * that has ended (cancelled, declined, completed, expired) answers BOOKING_CLOSED. Setting the
 * value it already has changes nothing and records nothing.
 */
export async function setReschedulePermission(
  deps: AppDeps,
  input: { actor: Actor; language: Language; bookingId: string; allow: boolean },
): Promise<Booking> {
  return changeOwnBooking(deps, { ...input, party: 'provider' }, async (tx, row, now) => {
    if (isFinal(row.status)) throw new AppError('BOOKING_CLOSED');
    if (row.allowRescheduleCompletedBooking === input.allow) return;
    await tx
      .update(bookings)
      .set({ allowRescheduleCompletedBooking: input.allow, updatedAt: now })
      .where(eq(bookings.id, row.id));
    await recordEvent(tx, {
      bookingId: row.id,
      type: 'reschedule_permission_changed',
      actorRole: 'provider',
      data: { allow: input.allow },
      at: now,
    });
  });
}

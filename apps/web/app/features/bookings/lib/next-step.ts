import type { Language } from '@app/shared/constants';
import type { Booking } from '@app/shared/schemas/bookings';
import { innerPaths } from '#app/lib/paths-inner';

/**
 * Where the client goes once a booking has its time: to payment while it waits for a price to be
 * paid, else (free, or already paid) to its confirmation.
 */
export function nextStepPath(lang: Language, booking: Pick<Booking, 'identifier' | 'status' | 'priceMinor'>): string {
  return booking.status === 'pending' && booking.priceMinor > 0
    ? innerPaths.payment(lang, booking.identifier)
    : innerPaths.appointmentConfirmation(lang, booking.identifier);
}

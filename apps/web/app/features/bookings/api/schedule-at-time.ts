import type { Booking } from '@app/shared/schemas/bookings';
import type { QueryClient } from '@tanstack/react-query';
import { dateInZone } from '#app/lib/dates';
import { getDateSlots } from './get-date-slots';
import { afterBookingChange } from './invalidate';
import { scheduleBooking } from './schedule-booking';

/**
 * A booking made from a time the client chose on a therapist's page or card: the free slot of its
 * calendar that starts at `at` (that day's slots, GET /providers-availability/…/timeslot/{date},
 * hold the signed identifier) is taken with POST /booking/{id}/schedule. Null when that time is
 * not free any more (gone, or taken between the page and now): the client picks another.
 */
export async function scheduleAtTime(
  queryClient: QueryClient,
  input: { booking: Booking; at: string; zone: string },
): Promise<Booking | null> {
  const { booking, at, zone } = input;
  try {
    const day = await getDateSlots({
      providerId: booking.provider.identifier,
      date: dateInZone(at, zone),
      category: booking.therapyCategory?.identifier ?? null,
      timezone: zone,
    });
    const wanted = Date.parse(at);
    const slot = day.days.flatMap((item) => item.timeSlot).find((item) => Date.parse(item.startAt) === wanted);
    if (!slot) return null;
    const held = await scheduleBooking({
      bookingId: booking.identifier,
      body: { timeslotIdentifier: slot.identifier, note: booking.note ?? '' },
    });
    await afterBookingChange(queryClient, 'client', held);
    return held;
  } catch {
    // Whatever kept the time from being held (taken meanwhile, a network blip), the booking
    // exists with its details: the time step offers the free times that remain.
    return null;
  }
}

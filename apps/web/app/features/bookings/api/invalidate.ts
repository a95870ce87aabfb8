import type { Booking } from '@app/shared/schemas/bookings';
import type { QueryClient } from '@tanstack/react-query';
import { availabilityKeys } from '#app/api/keys/availability';
import { walletKeys } from '#app/api/keys/money';
import { type BookingRole, bookingKeys } from './keys';

/**
 * After a booking changed: its cached answer is replaced, lists and policies reload, and the
 * free slots and wallet balance (a slot taken or freed, money paid or refunded) are refetched.
 */
export function afterBookingChange(queryClient: QueryClient, role: BookingRole, booking: Booking): Promise<unknown> {
  queryClient.setQueryData(bookingKeys.one(role, booking.identifier), booking);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
}

import type { Booking } from '@app/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { type BookingRole, bookingKeys, bookingPath } from './keys';

/** GET /booking/{id} (client) or /appointment/{id} (provider); someone else's booking answers 404. */
export function getBooking(role: BookingRole, id: string): Promise<Booking> {
  return api<Booking>(bookingPath(role, id));
}

export const bookingQuery = (role: BookingRole, id: string) =>
  queryOptions({ queryKey: bookingKeys.one(role, id), queryFn: () => getBooking(role, id), staleTime: 10_000 });

export function useBooking(role: BookingRole, id: string) {
  return useQuery(bookingQuery(role, id));
}

import type { BookingDetails } from '@app/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { type BookingRole, bookingKeys, bookingPath } from './keys';

/** GET /booking/{id}/details or /appointment/{id}/details: the booking, its history and what the rules allow now. */
export function getBookingDetails(role: BookingRole, id: string): Promise<BookingDetails> {
  return api<BookingDetails>(bookingPath(role, id, '/details'));
}

export const bookingDetailsQuery = (role: BookingRole, id: string) =>
  queryOptions({
    queryKey: bookingKeys.details(role, id),
    queryFn: () => getBookingDetails(role, id),
    staleTime: 10_000,
  });

export function useBookingDetails(role: BookingRole, id: string) {
  return useQuery(bookingDetailsQuery(role, id));
}

import type { BookingSeries } from '@app/shared/schemas/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { type BookingRole, bookingKeys, bookingPath } from './keys';

/** GET /booking/{id}/series or /appointment/{id}/series: every session of the booking's weekly series, in order. */
export function getBookingSeries(role: BookingRole, id: string): Promise<BookingSeries> {
  return api<BookingSeries>(bookingPath(role, id, '/series'));
}

export const bookingSeriesQuery = (role: BookingRole, id: string) =>
  queryOptions({
    queryKey: bookingKeys.series(role, id),
    queryFn: () => getBookingSeries(role, id),
    staleTime: 10_000,
  });

/** Loads only for a booking that belongs to a series (`enabled`). */
export function useBookingSeries(role: BookingRole, id: string, enabled = true) {
  return useQuery({ ...bookingSeriesQuery(role, id), enabled });
}

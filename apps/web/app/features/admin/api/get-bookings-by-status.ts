import type { OperationsBookings } from '@app/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/api/client';
import { adminKeys, queryString } from './keys';

export type BookingStatus = OperationsBookings['data'][number]['status'];

/** GET /admin/operations/bookings?status&page: counts by status and one status's page. */
export function getBookingsByStatus(query: { status: BookingStatus; page: number }): Promise<OperationsBookings> {
  return api<OperationsBookings>(`/admin/operations/bookings${queryString(query)}`);
}

export const bookingsByStatusQuery = (query: { status: BookingStatus; page: number }) =>
  queryOptions({ queryKey: adminKeys.bookings(query), queryFn: () => getBookingsByStatus(query), staleTime: 15_000 });

export function useBookingsByStatus(query: { status: BookingStatus; page: number }) {
  return useQuery({ ...bookingsByStatusQuery(query), placeholderData: keepPreviousData });
}
